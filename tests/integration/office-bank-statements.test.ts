// Bank statements read by the office (issue 26, item 2) on PGlite and PostgreSQL: a CAMT.053 file
// with an exact, a partial, an unknown and a repeated credit gives the right states and ledger
// entries; reading it again changes nothing; a credit that names no booking is assigned by hand
// (found first, then confirmed) or set aside; every match writes the audit log.
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, bankStatementEntries, bankStatements, bookings, paymentEntries, staffUsers } from '~/server/db/schema'
import { assignBankEntry, importStatement, openBankEntries, recentStatements, setAsideBankEntry, statementDetail } from '~/server/office/bank-statements.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { camtStatement } from '../support/camt'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const staff = { id: 'staff-bank', name: 'Bernd Buchhaltung' }
const numbers: string[] = []
const euros = (amount: number) => (amount / 1_000_000).toFixed(2)

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'bernd.bank@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  const pool = datePool(t.db)
  for (const tag of ['Genau', 'Teil', 'Hand']) {
    const offer = await pool({ seatPlan: false })
    const row = await createDraft(t.db, offer, settings)
    const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag }), settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    const booked = await bookDraft(t.db, row.id, `bank-${tag}`, ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    numbers.push(booked.bookingNumber)
  }
})
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
      // Two equal transfers on one day without a reference of the bank's: both are kept.
      { amount: '10.00', ref: '', txs: [{ ustrd: ['Spende'], payer: 'Ohne Nummer' }] },
      { amount: '10.00', ref: '', txs: [{ ustrd: ['Spende'], payer: 'Ohne Nummer' }] },
      // A debit is not the office's money in.
      { amount: '99.00', credit: false, ref: 'A4' },
    ])
    const result = await importStatement(t.db, statementXml, 'auszug-2027-03-01.xml', staff, settings.bank.iban)
    expect(result).toMatchObject({ kind: 'imported', counts: { matched: 1, partial: 1, unmatched: 3, duplicate: 0 }, skipped: 1 })

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
    expect(again).toEqual({ kind: 'imported', statementId: null, counts: { matched: 0, partial: 0, unmatched: 0, duplicate: 5 }, skipped: 1 })
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
