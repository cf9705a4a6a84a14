// SEPA direct debits in the office (issue 26, item 3) on PGlite and PostgreSQL: the instalments of
// bookings paid by debit due in a period; the pre-notification mails written once with the debits;
// a pain.008.001.08 file that passes the schema's field-by-field check with the right amounts,
// days and ids, each debit in one file only; the file marked collected pays the instalments; a
// return debit opens them again; bad input and stale clicks store nothing.
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, todayInBerlin } from '~/lib/calendar'
import { formatDate, formatPrice } from '~/lib/format'
import { isSettlementDay } from '~/lib/office/sepa-debits'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { bookingAuditRows } from '~/server/office/audit.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { announceDebits, debitsPage, exportDebits, exportFile, markExportCollected, recordDebitReturn } from '~/server/office/sepa-debits.server'
import { bookings, mailOutbox, paymentEntries, payments, sepaDebits, sepaExports, staffUsers } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import type { DraftOptions } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { pain008Problems, parsePain008 } from '../support/pain008'

let t: TestDatabase
const today = todayInBerlin()
const staff = { id: 'staff-sepa', name: 'Sabine Lastschrift' }
const context = { today, bank: settings.bank, site: DEFAULT_SITE_INFO }
const period = { from: today, till: addDays(today, 365) }
const all = { ...period, query: '' }
let debit1 = ''
let debit2 = ''
let transfer = ''

async function book(n: number, payment: DraftOptions['payment']): Promise<string> {
  const offer = await datePool(t.db)({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, tag: `Sepa${n}`, payment }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `sepa-${n}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

const bookingId = async (number: string) => (await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, number)))[0]!.id
const preNotifications = async () => (await t.db.select().from(mailOutbox)).filter((m) => m.subject.startsWith('Vorabankündigung'))

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'sabine.sepa@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  debit1 = await book(1, 'lastschrift')
  debit2 = await book(2, 'lastschrift')
  transfer = await book(3, 'ueberweisung')
})
afterAll(async () => {
  await t?.cleanup()
})

describe('debitsPage and announceDebits', () => {
  it('lists the open instalments of bookings paid by debit in the period, with debtor, mandate reference and date', async () => {
    const page = await debitsPage(t.db, all, today)
    expect(page.problem).toBeNull()
    const numbers = new Set(page.due.map((d) => d.bookingNumber))
    expect(numbers).toEqual(new Set([debit1, debit2]))
    expect(numbers.has(transfer)).toBe(false)
    const plan = await t.db.select().from(payments).where(eq(payments.bookingId, await bookingId(debit1)))
    const first = page.due.find((d) => d.bookingNumber === debit1 && d.kind === plan[0]!.kind)!
    expect(first).toMatchObject({ amount: plan[0]!.amount, dueDate: plan[0]!.dueDate, debtor: 'Anna Becker', mandateReference: `${debit1}-1`, mandateDate: today })
    expect(first.debitDay >= addDays(today, 14)).toBe(true)
    expect(isSettlementDay(first.debitDay)).toBe(true)
    // Narrowed to one booking (its number or the payer's name).
    expect(new Set((await debitsPage(t.db, { ...period, query: debit2.slice(0, 6).toLowerCase() }, today)).due.map((d) => d.bookingNumber))).toEqual(new Set([debit2]))
    expect((await debitsPage(t.db, { ...period, query: 'Niemand' }, today)).due).toEqual([])
    // A period that ends before the first instalment lists nothing.
    expect((await debitsPage(t.db, { from: addDays(today, -30), till: addDays(today, -1), query: '' }, today)).due).toEqual([])
  })

  it('refuses a period whose end lies before its start, in German, and stores nothing', async () => {
    const page = await debitsPage(t.db, { from: addDays(today, 10), till: today, query: '' }, today)
    expect(page.problem).toEqual({ field: 'till', message: expect.stringContaining('Das Ende des Zeitraums liegt vor seinem Beginn') })
    expect(page.due).toEqual([])
    const refused = await announceDebits(t.db, { period: { from: addDays(today, 10), till: today }, paymentIds: [1] }, staff, context)
    expect(refused).toMatchObject({ kind: 'refused', field: 'till' })
    expect(await t.db.$count(sepaDebits)).toBe(0)
  })

  it('mails each pre-notification once, with amount, debit day, mandate reference and creditor id, and audits it', async () => {
    const page = await debitsPage(t.db, all, today)
    const deposits = page.due.filter((d) => d.kind !== 'balance')
    expect(deposits).toHaveLength(2)
    const done = await announceDebits(t.db, { period, paymentIds: deposits.map((d) => d.paymentId) }, staff, context)
    expect(done).toMatchObject({ kind: 'done', count: 2 })
    const mails = await preNotifications()
    expect(mails).toHaveLength(2)
    for (const due of deposits) {
      const mail = mails.find((m) => m.text.includes(`Buchung ${due.bookingNumber}`))!
      expect(mail.to).toBe('anna.becker@example.de')
      expect(mail.bookingId).toBe(await bookingId(due.bookingNumber))
      expect(mail.subject).toBe(`Vorabankündigung: SEPA-Lastschrift am ${formatDate(due.debitDay)} für Ihre Buchung ${due.bookingNumber}`)
      const text = mail.text.replace(/\s+/g, ' ')
      for (const fact of [formatPrice(due.amount), formatDate(due.debitDay), `Mandatsreferenz ${due.mandateReference}`, 'Gläubiger-Identifikationsnummer DE98ZZZ09999999999', 'DE89 •••• •••• •••• 3000'])
        expect(text).toContain(fact.replace(/\s+/g, ' '))
      const audited = (await bookingAuditRows(t.db, await bookingId(due.bookingNumber))).filter((r) => r.action === 'booking.debit_announced')
      expect(audited).toHaveLength(1)
      expect(audited[0]).toMatchObject({ actorName: staff.name, after: { amount: due.amount, collectionDate: due.debitDay, mandate: due.mandateReference } })
    }
    // The debits wait for a file; the balances are still to be announced.
    const after = await debitsPage(t.db, all, today)
    expect(after.announced.map((d) => d.endToEndId).sort()).toEqual(deposits.map((d) => `${d.bookingNumber}-${d.kind === 'full' ? 'G' : 'A'}1`).sort())
    expect(after.due.every((d) => d.kind === 'balance')).toBe(true)
  })

  it('refuses a second click on the same list: no second mail, no second debit', async () => {
    const [debit] = await t.db.select({ paymentId: sepaDebits.paymentId }).from(sepaDebits).limit(1)
    const again = await announceDebits(t.db, { period, paymentIds: [debit!.paymentId] }, staff, context)
    expect(again).toMatchObject({ kind: 'stale', message: expect.stringContaining('Die Liste hat sich inzwischen geändert') })
    // An instalment nobody listed (another booking's, a made-up id) refuses too.
    expect((await announceDebits(t.db, { period, paymentIds: [999_999] }, staff, context)).kind).toBe('stale')
    expect(await preNotifications()).toHaveLength(2)
    expect(await t.db.$count(sepaDebits)).toBe(2)
  })
})

describe('exportDebits', () => {
  let messageId = ''

  it('writes a pain.008.001.08 file that passes the schema, with the creditor id, mandates, amounts, days and ids', async () => {
    const page = await debitsPage(t.db, all, today)
    const now = new Date()
    const done = await exportDebits(t.db, page.announced.map((d) => d.id), staff, { now, bank: settings.bank })
    expect(done).toMatchObject({ kind: 'done', count: 2 })
    messageId = done.kind === 'done' ? (done.messageId ?? '') : ''
    expect(messageId).toMatch(new RegExp(`^LS-${today}-\\d+$`))
    const file = (await exportFile(t.db, messageId))!
    expect(pain008Problems(file.xml)).toEqual([])

    const doc = parsePain008(file.xml) as { Document: { CstmrDrctDbtInitn: { GrpHdr: Record<string, unknown>; PmtInf: Record<string, unknown>[] } } }
    const { GrpHdr, PmtInf } = doc.Document.CstmrDrctDbtInitn
    const total = page.announced.reduce((sum, d) => sum + d.amount, 0)
    expect(GrpHdr).toMatchObject({ MsgId: messageId, NbOfTxs: '2', CtrlSum: (total / 1_000_000).toFixed(2), InitgPty: { Nm: 'Testreisen GmbH' } })
    const txs = PmtInf.flatMap((info) => {
      expect(info).toMatchObject({
        PmtMtd: 'DD',
        PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' }, SeqTp: 'RCUR' },
        CdtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
        CdtrSchmeId: { Id: { PrvtId: { Othr: { Id: 'DE98ZZZ09999999999', SchmeNm: { Prtry: 'SEPA' } } } } },
      })
      return (info['DrctDbtTxInf'] as Record<string, unknown>[]).map((tx) => ({ tx, day: info['ReqdColltnDt'] }))
    })
    expect(txs).toHaveLength(2)
    for (const d of page.announced) {
      const found = txs.find(({ tx }) => (tx['PmtId'] as Record<string, string>)['EndToEndId'] === d.endToEndId)!
      expect(found.day).toBe(d.collectionDate)
      expect(found.tx).toMatchObject({
        InstdAmt: { '#text': (d.amount / 1_000_000).toFixed(2), '@_Ccy': 'EUR' },
        DrctDbtTx: { MndtRltdInf: { MndtId: d.mandateReference, DtOfSgntr: d.mandateDate } },
        Dbtr: { Nm: 'Anna Becker' },
        DbtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
        RmtInf: { Ustrd: expect.stringContaining(d.bookingNumber) },
      })
      expect(d.endToEndId.startsWith(`${d.bookingNumber}-`)).toBe(true)
    }
  })

  it('puts a debit into one file only: a second click is refused, and the database keeps a debit in its file', async () => {
    const debits = await t.db.select({ id: sepaDebits.id }).from(sepaDebits)
    const again = await exportDebits(t.db, debits.map((d) => d.id), staff, { now: new Date(), bank: settings.bank })
    expect(again.kind).toBe('stale')
    expect(await exportDebits(t.db, [], staff, { now: new Date(), bank: settings.bank })).toMatchObject({ kind: 'refused' })
    expect(await t.db.$count(sepaExports)).toBe(1)
    await expect(t.db.update(sepaDebits).set({ exportId: null }).where(eq(sepaDebits.id, debits[0]!.id))).rejects.toThrow()
    // The file again is the same file, with the same message id.
    expect((await exportFile(t.db, messageId))?.messageId).toBe(messageId)
  })

  it('the check finds what the schema forbids', () => {
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"><CstmrDrctDbtInitn><GrpHdr><CreDtTm>2027-01-01T10:00:00</CreDtTm><MsgId>X</MsgId><NbOfTxs>1</NbOfTxs><InitgPty/></GrpHdr></CstmrDrctDbtInitn></Document>`
    expect(pain008Problems(xml)).toEqual(expect.arrayContaining([expect.stringContaining('MsgId'), expect.stringContaining('PmtInf missing')]))
  })
})

describe('markExportCollected and recordDebitReturn', () => {
  it('refuses a day in the future, then pays the instalments through the ledger with an audit entry per booking', async () => {
    const [file] = await t.db.select().from(sepaExports)
    expect(await markExportCollected(t.db, file!.id, addDays(today, 1), staff, today)).toMatchObject({ kind: 'refused', field: 'collectedOn' })
    expect(await t.db.$count(paymentEntries)).toBe(0)
    expect(await markExportCollected(t.db, 999_999, today, staff, today)).toBeNull()

    expect(await markExportCollected(t.db, file!.id, today, staff, today)).toMatchObject({ kind: 'done', count: 2 })
    for (const number of [debit1, debit2]) {
      const detail = (await bookingDetail(t.db, number))!
      expect(detail.payments[0]?.status).toBe('paid')
      expect(detail.ledger.state).toBe(detail.payments.length > 1 ? 'partly' : 'paid')
      expect(detail.ledger.entries).toEqual([expect.objectContaining({ kind: 'payment', method: 'lastschrift', reference: expect.stringMatching(new RegExp(`^${number}-[AG]1$`)), bookedOn: today })])
      const audited = (await bookingAuditRows(t.db, await bookingId(number))).filter((r) => r.action === 'booking.debit_collected')
      expect(audited).toHaveLength(1)
    }
    // A second click, and the database itself, refuse a second collection.
    expect((await markExportCollected(t.db, file!.id, today, staff, today))?.kind).toBe('stale')
    const [debit] = await t.db.select().from(sepaDebits).limit(1)
    await expect(
      t.db.insert(paymentEntries).values({ bookingId: debit!.bookingId, kind: 'payment', amount: debit!.amount, bookedOn: today, method: 'lastschrift', sepaDebitId: debit!.id }),
    ).rejects.toThrow()
    expect(await t.db.$count(paymentEntries)).toBe(2)
  })

  it('a return debit takes the money back out: the instalment is open again, nothing counts as refunded', async () => {
    const id = await bookingId(debit1)
    const [debit] = await t.db.select().from(sepaDebits).where(eq(sepaDebits.bookingId, id))
    const form = { debitId: String(debit!.id), reason: 'AM04' as const, bookedOn: today }
    expect(await recordDebitReturn(t.db, 'XXXX-0000', form, 1, staff, today)).toBeNull()
    expect((await recordDebitReturn(t.db, debit1, form, 0, staff, today))?.kind).toBe('stale')
    expect(await recordDebitReturn(t.db, debit1, { ...form, bookedOn: addDays(today, 2) }, 1, staff, today)).toMatchObject({ kind: 'refused', field: 'bookedOn' })
    // Another booking's debit is not this booking's to return.
    const [other] = await t.db.select().from(sepaDebits).where(eq(sepaDebits.bookingId, await bookingId(debit2)))
    expect(await recordDebitReturn(t.db, debit1, { ...form, debitId: String(other!.id) }, 1, staff, today)).toMatchObject({ kind: 'refused', field: 'debitId' })
    expect(await t.db.$count(paymentEntries)).toBe(2)

    expect(await recordDebitReturn(t.db, debit1, form, 1, staff, today)).toMatchObject({ kind: 'done' })
    const detail = (await bookingDetail(t.db, debit1))!
    expect(detail.payments[0]?.status).toBe('open')
    expect(detail.ledger).toMatchObject({ paid: 0, refunded: 0, state: 'open' })
    expect(detail.ledger.entries.map((e) => [e.kind, e.returnReason])).toEqual([
      ['payment', null],
      ['return', 'AM04'],
    ])
    expect(detail.debits.map((d) => d.state)).toEqual(['returned'])
    const audited = (await bookingAuditRows(t.db, id)).filter((r) => r.action === 'booking.debit_returned')
    expect(audited).toEqual([expect.objectContaining({ after: expect.objectContaining({ returnReason: 'AM04', amount: debit!.amount }) })])
    // Returned once only.
    expect(await recordDebitReturn(t.db, debit1, form, 2, staff, today)).toMatchObject({ kind: 'refused', field: 'debitId' })
  })

  it('lists the reopened instalment again; its next debit has the next end-to-end id', async () => {
    const page = await debitsPage(t.db, all, today)
    const again = page.due.find((d) => d.bookingNumber === debit1 && d.kind !== 'balance')!
    expect(again).toBeDefined()
    expect(await announceDebits(t.db, { period, paymentIds: [again.paymentId] }, staff, context)).toMatchObject({ kind: 'done', count: 1 })
    const debits = await t.db.select({ e2e: sepaDebits.endToEndId }).from(sepaDebits).where(and(eq(sepaDebits.paymentId, again.paymentId), inArray(sepaDebits.attempt, [1, 2])))
    expect(debits.map((d) => d.e2e).sort()).toEqual([`${debit1}-${again.kind === 'full' ? 'G' : 'A'}1`, `${debit1}-${again.kind === 'full' ? 'G' : 'A'}2`])
    expect(await preNotifications()).toHaveLength(3)
  })
})

describe('at the same time, and after a cancellation', () => {
  it('announces an instalment once when two clicks arrive together', async () => {
    const page = await debitsPage(t.db, all, today)
    const row = page.due[0]!
    const mailsBefore = (await preNotifications()).length
    const results = await Promise.all([1, 2].map(() => announceDebits(t.db, { period, paymentIds: [row.paymentId] }, staff, context)))
    expect(results.map((r) => r.kind).sort()).toEqual(['done', 'stale'])
    expect((await preNotifications()).length).toBe(mailsBefore + 1)
  })

  it('does not put the debit of a booking cancelled since its pre-notification into a file', async () => {
    const id = await bookingId(debit1)
    const [waiting] = await t.db.select({ id: sepaDebits.id }).from(sepaDebits).where(and(eq(sepaDebits.bookingId, id), eq(sepaDebits.attempt, 2)))
    await t.db.update(bookings).set({ status: 'cancelled', cancellationFee: 0 }).where(eq(bookings.id, id))
    expect((await debitsPage(t.db, all, today)).announced.map((d) => d.bookingNumber)).not.toContain(debit1)
    expect((await exportDebits(t.db, [waiting!.id], staff, { now: new Date(), bank: settings.bank })).kind).toBe('stale')
  })
})
