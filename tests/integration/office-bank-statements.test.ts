// Bank statements read by the office (issue 26, item 2) on PGlite and PostgreSQL: a CAMT.053 file
// with an exact, a partial, an unknown and a repeated credit gives the right states and ledger
// entries; reading it again changes nothing; a credit that names no booking is assigned by hand
// (found first, then confirmed) or set aside; every match writes the audit log. A year-end
// statement of 20,000 credits is stored and matched in one transaction, and one of more than
// 25,000 refused whole (issue 42, finding 6). One payment per bank entry (issue 46, defect 2): the
// same bank reference twice in a file or again in a later file is booked once; of two identical
// entries without any reference the second is a possible duplicate the office books or sets aside.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_NUMBER_ALPHABET } from '~/lib/booking/booking-number'
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_CREDITS, possibleDuplicateHint } from '~/lib/office/bank-statement'
import { auditLog, bankStatementEntries, bankStatements, bookings, paymentEntries, staffUsers } from '~/server/db/schema'
import { assignBankEntry, importStatement, openBankEntries, recentStatements, setAsideBankEntry, statementDetail } from '~/server/office/bank-statements.server'
import type { BankEntryView } from '~/server/office/bank-statements.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { camtStatement } from '../support/camt'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let pool: ReturnType<typeof datePool>
const staff = { id: 'staff-bank', name: 'Bernd Buchhaltung' }
const numbers: string[] = []
const euros = (amount: number) => (amount / 1_000_000).toFixed(2)

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'bernd.bank@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  pool = datePool(t.db)
  for (const tag of ['Genau', 'Teil', 'Hand']) numbers.push(await book(tag))
})
/** A booking of two travellers on a date of its own; its number. */
async function book(tag: string): Promise<string> {
  const offer = await pool({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `bank-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}
afterAll(async () => {
  await t?.cleanup()
})

const ledgerOf = async (n: string) => (await bookingDetail(t.db, n))!.ledger
const firstInstalment = async (n: string) => (await bookingDetail(t.db, n))!.payments[0]!

async function snapshot() {
  return {
    statements: await t.db.$count(bankStatements),
    entries: await t.db.$count(bankStatementEntries),
    ledger: await t.db.$count(paymentEntries),
    audit: await t.db.$count(auditLog),
    states: (await t.db.select({ n: bookings.bookingNumber, s: bookings.paymentState, p: bookings.paidAmount }).from(bookings).where(inArray(bookings.bookingNumber, numbers))).sort((a, b) => a.n.localeCompare(b.n)),
  }
}

let statementXml = ''

describe('importStatement', () => {
  it('matches an exact credit, books a partial one, keeps an unknown one, and keeps two equal credits apart', async () => {
    const [exact, partial] = numbers as [string, string]
    const deposit = await firstInstalment(exact)
    statementXml = camtStatement([
      // The payer's bank cut the remittance inside the booking number, in lower case.
      { amount: euros(deposit.amount), ref: 'A1', txs: [{ ustrd: [`Anzahlung Buchung ${exact.slice(0, 5).toLowerCase()}`, exact.slice(5).toLowerCase()], payer: 'Erika Genau' }] },
      { amount: '50.00', ref: 'A2', txs: [{ ustrd: [`Reise ${partial}`], payer: 'Tom Teil' }] },
      { amount: '75.00', ref: 'A3', txs: [{ ustrd: ['Busreise Familie Hand'], payer: 'Hanna Hand' }] },
      // Two equal transfers on one day, told apart only by the bank's entry numbers (NtryRef): both are kept.
      { amount: '10.00', ref: '', txs: [{ ustrd: ['Spende'], payer: 'Ohne Nummer' }] },
      { amount: '10.00', ref: '', txs: [{ ustrd: ['Spende'], payer: 'Ohne Nummer' }] },
      // A debit is not the office's money in.
      { amount: '99.00', credit: false, ref: 'A4' },
    ])
    const result = await importStatement(t.db, statementXml, 'auszug-2027-03-01.xml', staff, settings.bank.iban)
    expect(result).toMatchObject({ kind: 'imported', counts: { matched: 1, partial: 1, unmatched: 3, possibleDuplicate: 0, duplicate: 0 }, skipped: 1 })

    expect(await ledgerOf(exact)).toMatchObject({ paid: deposit.amount, state: deposit.kind === 'deposit' ? 'partly' : 'paid' })
    const partialLedger = await ledgerOf(partial)
    expect(partialLedger.paid).toBe(50_000_000)
    expect(partialLedger.entries).toEqual([expect.objectContaining({ amount: 50_000_000, method: 'ueberweisung', bookedOn: '2027-03-01', reference: `Reise ${partial}` })])

    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, exact))
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, booking!.id))
    expect(audited.filter((a) => a.action === 'booking.payment')).toEqual([
      expect.objectContaining({ actorName: staff.name, after: expect.objectContaining({ amount: deposit.amount, source: 'Kontoauszug auszug-2027-03-01.xml' }) }),
    ])
    const open = await openBankEntries(t.db)
    expect(open.total).toBe(3)
    expect(open.entries.map((e) => [e.payer, e.amount])).toEqual([
      ['Hanna Hand', 75_000_000],
      ['Ohne Nummer', 10_000_000],
      ['Ohne Nummer', 10_000_000],
    ])
  })

  it('changes nothing when the same statement is read again, and marks every credit a duplicate', async () => {
    const before = await snapshot()
    const again = await importStatement(t.db, statementXml, 'auszug-2027-03-01 (1).xml', staff, settings.bank.iban)
    expect(again).toEqual({ kind: 'imported', statementId: null, counts: { matched: 0, partial: 0, unmatched: 0, possibleDuplicate: 0, duplicate: 5 }, skipped: 1 })
    expect(await snapshot()).toEqual(before)
  })

  it('reads only the new credits of a statement that overlaps one read before', async () => {
    const next = camtStatement([
      { amount: '50.00', ref: 'A2', txs: [{ ustrd: [`Reise ${numbers[1]}`], payer: 'Tom Teil' }] },
      { amount: '20.00', ref: 'B1', bookedOn: '2027-03-02', txs: [{ ustrd: ['unbekannt'], payer: 'Neu' }] },
    ])
    expect(await importStatement(t.db, next, 'auszug-2027-03-02.xml', staff, settings.bank.iban)).toMatchObject({ counts: { matched: 0, partial: 0, unmatched: 1, duplicate: 1 } })
    expect((await ledgerOf(numbers[1]!)).paid).toBe(50_000_000)
    const [latest] = await recentStatements(t.db)
    expect(latest).toMatchObject({ fileName: 'auszug-2027-03-02.xml', importedBy: staff.name, counts: { unmatched: 1, matched: 0 } })
  })

  it('refuses a file that is no statement, storing nothing', async () => {
    const before = await snapshot()
    expect(await importStatement(t.db, '<html><body>Kontoauszug</body></html>', 'x.xml', staff, settings.bank.iban)).toMatchObject({ kind: 'refused', message: expect.stringContaining('CAMT.053') })
    expect(await importStatement(t.db, 'PDF-1.4', 'x.pdf', staff, settings.bank.iban)).toMatchObject({ kind: 'refused' })
    // A statement of another account: its credits are no payments to us, nothing is read.
    const statements = await recentStatements(t.db)
    const other = camtStatement([{ amount: '10.00', ref: 'FREMD-1', txs: [{ ustrd: ['Buchung irgendwas'] }] }], { iban: 'DE02120300000000202051' })
    expect(await importStatement(t.db, other, 'fremd.xml', staff, settings.bank.iban)).toEqual({
      kind: 'refused',
      message: 'Dieser Kontoauszug gehört zum Konto DE02 1203 0000 0000 2020 51, nicht zu unserem Konto DE89 3704 0044 0532 0130 00. Es wurde nichts eingelesen.',
    })
    expect(await recentStatements(t.db)).toEqual(statements)
    expect(await snapshot()).toEqual(before)
  })
})

describe('assigning by hand', () => {
  it('finds the booking first, then assigns the credit to it with an audit entry', async () => {
    const hand = numbers[2]!
    const open = await openBankEntries(t.db)
    const credit = open.entries.find((e) => e.payer === 'Hanna Hand')!
    const found = await assignBankEntry(t.db, credit.id, hand.replace('-', ' ').toLowerCase(), false, staff)
    expect(found).toMatchObject({ kind: 'found', target: { bookingNumber: hand, paid: 0, cancelled: false } })
    expect((await ledgerOf(hand)).paid).toBe(0)

    expect(await assignBankEntry(t.db, credit.id, 'ZZZZ-ZZZZ', true, staff)).toMatchObject({ kind: 'refused', field: 'bookingNumber' })
    expect(await assignBankEntry(t.db, credit.id, hand, true, staff)).toMatchObject({ kind: 'assigned', target: { bookingNumber: hand, paid: 75_000_000 } })
    expect((await ledgerOf(hand)).entries).toEqual([expect.objectContaining({ amount: 75_000_000, recordedBy: staff.name, reference: 'Busreise Familie Hand' })])
    // A second click, or a colleague in another tab, books nothing twice.
    expect(await assignBankEntry(t.db, credit.id, hand, true, staff)).toMatchObject({ kind: 'stale' })
    expect((await ledgerOf(hand)).paid).toBe(75_000_000)

    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, hand))
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, booking!.id))
    expect(audited.filter((a) => a.action === 'booking.payment')).toEqual([
      expect.objectContaining({ actorName: staff.name, after: expect.objectContaining({ amount: 75_000_000, source: expect.stringContaining('von Hand zugeordnet') }) }),
    ])
    const detail = await statementDetail(t.db, credit.statementId)
    expect(detail?.entries.find((e) => e.id === credit.id)).toMatchObject({ state: 'assigned', bookingNumber: hand, decidedBy: staff.name })
  })

  it('sets a credit aside as no payment for a trip, once', async () => {
    const credit = (await openBankEntries(t.db)).entries[0]!
    expect(await setAsideBankEntry(t.db, credit.id, staff)).toEqual({ kind: 'set-aside' })
    expect(await setAsideBankEntry(t.db, credit.id, staff)).toMatchObject({ kind: 'stale' })
    expect(await assignBankEntry(t.db, credit.id, numbers[2]!, true, staff)).toMatchObject({ kind: 'stale' })
    expect(await setAsideBankEntry(t.db, 2_000_000, staff)).toBeNull()
    expect(await assignBankEntry(t.db, 2_000_000, numbers[2]!, true, staff)).toBeNull()
  })

  it('lets the database refuse a credit that would pay without a booking being named', async () => {
    const credit = (await openBankEntries(t.db)).entries[0]!
    const [entry] = await t.db.select({ id: paymentEntries.id }).from(paymentEntries).limit(1)
    await expect(t.db.update(bankStatementEntries).set({ paymentEntryId: entry!.id }).where(eq(bankStatementEntries.id, credit.id))).rejects.toThrow()
  })
})

describe('one payment per bank entry (issue 46, defect 2)', () => {
  const paidIn = async (n: string) => (await ledgerOf(n)).entries.reduce((sum, e) => sum + e.amount, 0)

  it('books an entry the statement lists twice with the same bank reference once', async () => {
    const number = await book('Zweifach')
    const deposit = (await firstInstalment(number)).amount
    const entry = { amount: euros(deposit), bookedOn: '2027-04-01', ref: 'AZ-443', entryRef: '2027040100017', txs: [{ ustrd: [`Anzahlung ${number}`], payer: 'Erika Zweifach' }] }
    const result = await importStatement(t.db, camtStatement([entry, entry], { id: 'STMT-2027-04-01' }), 'auszug-2027-04-01.xml', staff, settings.bank.iban)
    expect(result).toMatchObject({ kind: 'imported', counts: { matched: 1, partial: 0, unmatched: 0, possibleDuplicate: 0, duplicate: 1 } })
    expect(await paidIn(number)).toBe(deposit)
    expect((await ledgerOf(number)).entries).toHaveLength(1)
  })

  it('skips the entry when a later file lists it again, however that export writes payer and text', async () => {
    const number = await book('Spaeter')
    const deposit = (await firstInstalment(number)).amount
    const entry = { amount: euros(deposit), bookedOn: '2027-04-01', ref: 'AZ-887', txs: [{ ustrd: [`Anzahlung ${number}`], payer: 'Erika Zweifach' }] }
    expect(await importStatement(t.db, camtStatement([entry], { id: 'STMT-2027-04-01-B' }), 'auszug-2027-04-01-b.xml', staff, settings.bank.iban)).toMatchObject({ counts: { matched: 1 } })
    // The month's statement lists the entry again, at another place, the payer's name and the text as that export writes them.
    const month = camtStatement([{ amount: '5.00', ref: 'AZ-886', txs: [{ ustrd: ['Spende'] }] }, { ...entry, txs: [{ ustrd: [`ANZAHLUNG ${number}`], payer: 'ZWEIFACH, ERIKA' }] }], { id: 'STMT-2027-04' })
    expect(await importStatement(t.db, month, 'auszug-2027-04.xml', staff, settings.bank.iban)).toMatchObject({
      kind: 'imported',
      counts: { matched: 0, partial: 0, unmatched: 1, possibleDuplicate: 0, duplicate: 1 },
    })
    expect(await paidIn(number)).toBe(deposit)
    expect((await ledgerOf(number)).entries).toHaveLength(1)
  })

  it('books the first of two identical entries without any reference and offers the second as a possible duplicate', async () => {
    const number = await book('Ohneref')
    const deposit = (await firstInstalment(number)).amount
    const same = { amount: euros(deposit), bookedOn: '2027-04-02', ref: '', entryRef: null, txs: [{ ustrd: [`Anzahlung ${number}`], payer: 'Otto Ohneref', endToEndId: 'NOTPROVIDED' }] }
    const gift = { amount: '15.00', bookedOn: '2027-04-02', ref: '', entryRef: null, txs: [{ ustrd: ['Spende Busfahrt'], payer: 'Gabi Gabe' }] }
    const xml = camtStatement([same, gift, same, gift], { id: 'STMT-2027-04-02' })
    const result = await importStatement(t.db, xml, 'auszug-2027-04-02.xml', staff, settings.bank.iban)
    expect(result).toMatchObject({ kind: 'imported', counts: { matched: 1, partial: 0, unmatched: 1, possibleDuplicate: 2, duplicate: 0 } })
    expect(await paidIn(number)).toBe(deposit)

    const open = (await openBankEntries(t.db)).entries.filter((e) => e.bookedOn === '2027-04-02')
    expect(open.map((e) => [e.payer, e.state])).toEqual([
      ['Gabi Gabe', 'unmatched'],
      ['Otto Ohneref', 'possible-duplicate'],
      ['Gabi Gabe', 'possible-duplicate'],
    ])
    const [gift1, again, gift2] = open as [BankEntryView, BankEntryView, BankEntryView]
    expect(again.duplicateOf).toMatchObject({ position: 1, fileName: 'auszug-2027-04-02.xml', bookingNumber: number })
    expect(possibleDuplicateHint(again.duplicateOf!)).toBe(
      `Möglicherweise doppelt: gleicher Betrag, gleicher Tag, gleicher Zahler und Verwendungszweck wie Eintrag 1 im Kontoauszug auszug-2027-04-02.xml (zugeordnet, Betrag passt, Buchung ${number}).`,
    )
    expect(gift2.duplicateOf).toMatchObject({ position: 2, bookingNumber: null })
    expect(gift1.duplicateOf).toBeNull()

    // Read again: every entry known, the possible duplicates too.
    expect(await importStatement(t.db, xml, 'auszug-2027-04-02 (1).xml', staff, settings.bank.iban)).toMatchObject({ statementId: null, counts: { duplicate: 4 } })

    // The office decides: the payer did pay twice, or the second gift is the bank's repetition.
    expect(await assignBankEntry(t.db, again.id, number, true, staff)).toMatchObject({ kind: 'assigned' })
    expect(await paidIn(number)).toBe(2 * deposit)
    expect(await setAsideBankEntry(t.db, gift2.id, staff)).toEqual({ kind: 'set-aside' })
    const detail = await statementDetail(t.db, again.statementId)
    expect(detail?.entries.map((e) => e.state)).toEqual(['matched', 'unmatched', 'assigned', 'ignored'])
    expect(detail?.statement.counts).toMatchObject({ matched: 1, unmatched: 1, assigned: 1, ignored: 1, 'possible-duplicate': 0 })
  })
})

/** A number in the booking numbers' alphabet (ABCD-EFGH) that no booking has: what a credit for something else may look like. */
function otherNumber(i: number, taken: Set<string>): string {
  let n = (i * 1_000_003 + 7_777_777) % 2 ** 40
  let out = ''
  for (let k = 0; k < 8; k++) {
    out += BOOKING_NUMBER_ALPHABET[n % 32]
    n = Math.floor(n / 32)
  }
  const number = `${out.slice(0, 4)}-${out.slice(4)}`
  if (taken.has(number)) throw new Error(`${number} is a booking`)
  return number
}

/**
 * A statement written as compactly as a bank may write it (no indentation, no payer, no optional
 * elements): about 250 bytes a credit, so 20,000 credits stay within the upload's limit.
 */
function compactStatement(credits: { amount: string; text: string }[]): string {
  const entries = credits.map(
    (c, i) =>
      `<Ntry><Amt Ccy="EUR">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2027-12-30</Dt></BookgDt><AcctSvcrRef>J${i}</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>${c.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>JAHR-2027</MsgId><CreDtTm>2027-12-31T18:00:00+01:00</CreDtTm></GrpHdr><Stmt><Id>JAHR-2027</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>\n${entries.join('\n')}\n</Stmt></BkToCstmrStmt></Document>\n`
}

describe('a year-end statement of 20,000 credits (issue 42, finding 6)', () => {
  it('stores every credit in one transaction, books the few that name a booking and keeps the rest for the office', async () => {
    const paying = []
    for (const tag of ['Jahr1', 'Jahr2', 'Jahr3', 'Jahr4', 'Jahr5', 'Jahr6']) paying.push(await book(tag))
    const taken = new Set(await t.db.select({ n: bookings.bookingNumber }).from(bookings).then((rows) => rows.map((r) => r.n)))
    const credits: { amount: string; text: string }[] = []
    for (let i = 0; credits.length < 20_000; i++) {
      // Each text names a number no booking has (an invoice of a supplier, a customer's own): 20,000 to look up.
      credits.push({ amount: `${(i % 900) + 10}.${String(i % 100).padStart(2, '0')}`, text: `Rechnung ${otherNumber(i, taken)}` })
    }
    // Spread over the file: each of six bookings pays its first instalment, four of them later 1 € more.
    for (const [k, number] of paying.entries()) {
      credits[k * 3_001 + 17] = { amount: euros((await firstInstalment(number)).amount), text: `Anzahlung ${number}` }
      if (k < 4) credits[19_999 - k * 2_003] = { amount: '1.00', text: `Rest ${number.replace('-', '')}` }
    }
    const xml = compactStatement(credits)
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_STATEMENT_BYTES)

    const before = await snapshot()
    const openBefore = (await openBankEntries(t.db)).total
    const started = performance.now()
    const result = await importStatement(t.db, xml, 'jahresauszug-2027.xml', staff, settings.bank.iban)
    const seconds = (performance.now() - started) / 1000
    expect(result).toMatchObject({ kind: 'imported', counts: { matched: 6, partial: 4, unmatched: 19_990, duplicate: 0 }, skipped: 0 })
    const statementId = result.kind === 'imported' ? result.statementId! : 0
    expect(await t.db.$count(bankStatementEntries, eq(bankStatementEntries.statementId, statementId))).toBe(20_000)
    const [listed] = await recentStatements(t.db)
    expect(listed).toMatchObject({ id: statementId, counts: { matched: 6, partial: 4, unmatched: 19_990, assigned: 0, ignored: 0 } })
    expect((await openBankEntries(t.db)).total).toBe(openBefore + 19_990)
    expect(await snapshot()).toMatchObject({ statements: before.statements + 1, entries: before.entries + 20_000, ledger: before.ledger + 10, audit: before.audit + 10 })
    for (const [k, number] of paying.entries()) {
      const { ledger } = (await bookingDetail(t.db, number))!
      expect(ledger.entries.map((e) => e.amount)).toEqual(k < 4 ? [(await firstInstalment(number)).amount, 1_000_000] : [(await firstInstalment(number)).amount])
    }
    console.info(`20,000 credits imported in ${seconds.toFixed(1)} s`)

    // Read again: every credit is known, nothing changes, not even the list of statements.
    const after = await snapshot()
    expect(await importStatement(t.db, xml, 'jahresauszug-2027 (1).xml', staff, settings.bank.iban)).toEqual({
      kind: 'imported',
      statementId: null,
      counts: { matched: 0, partial: 0, unmatched: 0, possibleDuplicate: 0, duplicate: 20_000 },
      skipped: 0,
    })
    expect(await snapshot()).toEqual(after)
  }, 240_000)

  it('leaves nothing of the first batches when a later one fails', async () => {
    // The database refuses the 2,500th credit, in the third insert of 1,000.
    await t.db.execute(sql`create function refuse_test_credit() returns trigger language plpgsql as $$
      begin if new.remittance = 'Abbruch' then raise exception 'refused for the test'; end if; return new; end $$`)
    await t.db.execute(sql`create trigger refuse_test_credit before insert on bank_statement_entries for each row execute function refuse_test_credit()`)
    try {
      const credits = Array.from({ length: 2_500 }, (_, i) => ({ amount: '20.00', text: i === 2_499 ? 'Abbruch' : `Spende ${i}` }))
      const before = await snapshot()
      const failed = await importStatement(t.db, compactStatement(credits), 'abbruch.xml', staff, settings.bank.iban).catch((e: unknown) => e)
      expect(String((failed as Error).cause ?? failed)).toContain('refused for the test')
      expect(await snapshot()).toEqual(before)
    } finally {
      await t.db.execute(sql`drop trigger refuse_test_credit on bank_statement_entries`)
      await t.db.execute(sql`drop function refuse_test_credit()`)
    }
  })

  it('refuses a statement of more than 25,000 credits whole, with a German message', async () => {
    // Batch entries of 100 small transfers each: 25,100 credits in about 1 MB, well within the upload limit.
    const transfers = Array.from({ length: 100 }, (_, k) => `<TxDtls><Amt Ccy="EUR">1.${String(k).padStart(2, '0')}</Amt><RmtInf><Ustrd>Sammel</Ustrd></RmtInf></TxDtls>`).join('')
    const entry = `<Ntry><Amt Ccy="EUR">149.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2027-12-31</Dt></BookgDt><NtryDtls>${transfers}</NtryDtls></Ntry>`
    const xml = compactStatement([]).replace('</Stmt>', `${entry.repeat((MAX_STATEMENT_CREDITS + 100) / 100)}</Stmt>`)
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_STATEMENT_BYTES)
    const before = await snapshot()
    expect(await importStatement(t.db, xml, 'sammler.xml', staff, settings.bank.iban)).toEqual({
      kind: 'refused',
      message:
        'Der Kontoauszug enthält 25.100 Gutschriften, höchstens 25.000 werden auf einmal eingelesen. Bitte exportieren Sie kürzere Zeiträume (zum Beispiel je Monat) und laden Sie die Dateien nacheinander hoch. Es wurde nichts eingelesen.',
    })
    expect(await snapshot()).toEqual(before)
  })
})
