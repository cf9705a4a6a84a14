// The pain.008 file of a full coach (issue 46, defect 1) on PGlite and PostgreSQL: 60 debits of
// payers whose names are outside the SEPA character set, as the 10th file of the day, read back
// and checked field by field against the pain.008.001.08 types and the SEPA basic Latin set. The
// rules are written here as a table from the standard, not taken from the code that writes the file.
import { eq, inArray } from 'drizzle-orm'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBerlin } from '~/lib/calendar'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { announceDebits, debitsPage, exportDebits, exportFile } from '~/server/office/sepa-debits.server'
import { bookings, sepaDebits, sepaExports, sepaMandates, staffUsers } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { pain008Problems } from '../support/pain008'

/** The SEPA basic Latin character set (EPC217-08): every text of the file, ids included. */
const SEPA_SET = /^[A-Za-z0-9/?:().,'+ -]*$/
/** Max35Text in the SEPA set, and the EPC's rule for ids: no '/' first or last, no '//'. */
const id = (v: string) => v.length >= 1 && v.length <= 35 && SEPA_SET.test(v) && !v.startsWith('/') && !v.endsWith('/') && !v.includes('//')
const text = (max: number) => (v: string) => v.length >= 1 && v.length <= max && SEPA_SET.test(v) && v === v.trim()
const matches = (re: RegExp) => (v: string) => re.test(v)
const isoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
const amount = matches(/^(0|[1-9]\d{0,8})\.\d{2}$/)

/** pain.008.001.08 with the EPC's SEPA Core restrictions, per element name. */
const RULES: Record<string, (v: string) => boolean> = {
  MsgId: id,
  PmtInfId: id,
  InstrId: id,
  EndToEndId: id,
  MndtId: id,
  Nm: text(70),
  Ustrd: text(140),
  CreDtTm: matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
  NbOfTxs: matches(/^[0-9]{1,15}$/),
  CtrlSum: matches(/^\d{1,16}\.\d{2}$/),
  InstdAmt: amount,
  IBAN: matches(/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/),
  BICFI: matches(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
  ReqdColltnDt: isoDate,
  DtOfSgntr: isoDate,
  SeqTp: (v) => ['FRST', 'RCUR', 'OOFF', 'FNAL'].includes(v),
  PmtMtd: (v) => v === 'DD',
  ChrgBr: (v) => v === 'SLEV',
}

type Node = string | { [name: string]: Node | Node[] }
/** Every element's text with its name (an amount's text under '#text' is its element's). */
function leaves(node: Node | Node[], name: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const n of node) leaves(n, name, out)
  else if (typeof node === 'string') out.push([name, node])
  else for (const [key, child] of Object.entries(node)) if (!key.startsWith('@_')) leaves(child, key === '#text' ? name : key, out)
  return out
}

/** Whole cents of a decimal amount, so that sums are exact. */
const cents = (v: string) => Math.round(Number(v) * 100)

let t: TestDatabase
const today = todayInBerlin()
const staff = { id: 'staff-sepa-rules', name: 'Sabine Lastschrift' }
const period = { from: today, till: addDays(today, 365) }
/** A creditor whose name is outside the set too. */
const bank = { ...settings.bank, accountHolder: 'Reisebüro Weiß & Söhne GmbH' }
const PAYERS = ['Çelik', 'Søren Øberg', 'Weiß-Müller', 'Zoë Ångström-Łukasiewicz', 'Ärzte für Straßen & Brücken GbR, vertreten durch Jürgen Größmann-Süßholz']

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 60 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'sabine.rules@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  // Bookings paid by debit until 69 instalments are due: 9 small files first, then the coach's 60.
  const takeDate = datePool(t.db)
  for (let n = 0; (await debitsPage(t.db, { ...period, query: '' }, today)).due.length < 69; n++) {
    const offer = await takeDate({ seatPlan: false })
    const row = await createDraft(t.db, offer, settings)
    const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, tag: `Regel${n}`, payment: 'lastschrift' }), settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    const booked = await bookDraft(t.db, row.id, `sepa-rules-${n}`, ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
    await t.db.update(sepaMandates).set({ accountHolder: PAYERS[n % PAYERS.length]! }).where(eq(sepaMandates.bookingId, booking!.id))
  }
}, 300_000)
afterAll(async () => {
  await t?.cleanup()
})

describe('the pain.008 file of a full coach', () => {
  it('60 debits as the 10th file of the day: every id, name and text fits its pain.008.001.08 type and the SEPA character set', async () => {
    const due = (await debitsPage(t.db, { ...period, query: '' }, today)).due.slice(0, 69)
    expect(await announceDebits(t.db, { period, paymentIds: due.map((d) => d.paymentId) }, staff, { today, bank, site: DEFAULT_SITE_INFO })).toMatchObject({
      kind: 'done',
      count: 69,
    })
    const announced = (await debitsPage(t.db, { ...period, query: '' }, today)).announced
    const now = new Date()
    for (const debit of announced.slice(0, 9)) expect((await exportDebits(t.db, [debit.id], staff, { now, bank })).kind).toBe('done')
    const coach = announced.slice(9)
    expect(coach).toHaveLength(60)
    const done = await exportDebits(t.db, coach.map((d) => d.id), staff, { now, bank })
    expect(done).toMatchObject({ kind: 'done', count: 60 })
    const file = (await exportFile(t.db, done.kind === 'done' ? (done.messageId ?? '') : ''))!
    expect(file.messageId).toMatch(new RegExp(`^LS-${today}-\\d{2,}$`))

    // The field rules of the table on every element of the file, then the schema's structure.
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: false, isArray: (name) => ['PmtInf', 'DrctDbtTxInf'].includes(name) }).parse(file.xml) as {
      Document: { CstmrDrctDbtInitn: { GrpHdr: Record<string, string>; PmtInf: (Record<string, Node> & { DrctDbtTxInf: Record<string, Node>[] })[] } }
    }
    const all = leaves(doc.Document.CstmrDrctDbtInitn as unknown as Node, 'CstmrDrctDbtInitn')
    expect(all.filter(([, v]) => !SEPA_SET.test(v))).toEqual([])
    expect(all.filter(([name, v]) => RULES[name] && !RULES[name](v))).toEqual([])
    for (const name of ['MsgId', 'PmtInfId', 'InstrId', 'EndToEndId', 'MndtId', 'Nm', 'Ustrd', 'IBAN', 'BICFI', 'ReqdColltnDt', 'SeqTp', 'DtOfSgntr'])
      expect(all.some(([n]) => n === name), name).toBe(true)
    expect(pain008Problems(file.xml)).toEqual([])

    // Unique ids, and counts and sums that agree in the header, each block and the debits.
    const { GrpHdr, PmtInf } = doc.Document.CstmrDrctDbtInitn
    const txs = PmtInf.flatMap((info) => info.DrctDbtTxInf)
    const ids = (name: string) => all.filter(([n]) => n === name).map(([, v]) => v)
    for (const name of ['PmtInfId', 'InstrId', 'EndToEndId']) expect(new Set(ids(name)).size, name).toBe(ids(name).length)
    expect(ids('InstrId')).toHaveLength(60)
    expect(GrpHdr['NbOfTxs']).toBe('60')
    expect(txs).toHaveLength(60)
    const amounts = (list: Record<string, Node>[]) => list.reduce((sum, tx) => sum + cents((tx['InstdAmt'] as Record<string, string>)['#text']!), 0)
    expect(cents(GrpHdr['CtrlSum']!)).toBe(amounts(txs))
    expect(cents(GrpHdr['CtrlSum']!)).toBe(Math.round(coach.reduce((sum, d) => sum + d.amount, 0) / 10_000))
    for (const info of PmtInf) {
      expect(info['NbOfTxs']).toBe(String(info.DrctDbtTxInf.length))
      expect(cents(info['CtrlSum'] as string)).toBe(amounts(info.DrctDbtTxInf))
    }

    // Names and texts written the way German banks transliterate them, within their lengths.
    const names = new Set(txs.map((tx) => (tx['Dbtr'] as Record<string, string>)['Nm']))
    for (const name of ['Celik', 'Soren Oberg', 'Weiss-Mueller', 'Zoe Angstroem-Lukasiewicz']) expect(names).toContain(name)
    expect([...names].find((n) => n!.startsWith('Aerzte fuer Strassen + Bruecken GbR'))).toHaveLength(70)
    expect((PmtInf[0]!['Cdtr'] as Record<string, string>)['Nm']).toBe('Reisebuero Weiss + Soehne GmbH')
    for (const d of coach) {
      const tx = txs.find((x) => (x['PmtId'] as Record<string, string>)['EndToEndId'] === d.endToEndId)!
      expect((tx['RmtInf'] as Record<string, string>)['Ustrd']).toContain(d.bookingNumber)
    }
  }, 120_000)

  it('keeps the database rules on the ids of all 69 debits and 10 files', async () => {
    const files = await t.db.select().from(sepaExports)
    expect(files).toHaveLength(10)
    for (const f of files) expect(id(f.messageId), f.messageId).toBe(true)
    const debits = await t.db.select().from(sepaDebits).where(inArray(sepaDebits.exportId, files.map((f) => f.id)))
    expect(debits).toHaveLength(69)
    for (const d of debits) expect(id(d.endToEndId), d.endToEndId).toBe(true)
  })
})
