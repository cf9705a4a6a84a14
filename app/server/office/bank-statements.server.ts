// Bank statements in the office (issue 26, item 2): a CAMT.053 file is read, each new credit stored
// once (its checksum, the bank's reference where it gives one, is unique; issue 46), matched to the booking its remittance text names and booked to
// that booking's ledger with an audit entry, all in one transaction. What names no booking waits on
// the office's screen to be assigned by hand or set aside.
import { createHash } from 'node:crypto'
import { aliasedTable, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  MAX_STATEMENT_CREDITS,
  OPEN_BANK_ENTRY_STATES,
  bookingNumberCandidates,
  creditFits,
  creditState,
  fieldsKey,
  identifyCredits,
  tooManyCreditsMessage,
} from '~/lib/office/bank-statement'
import type { BankEntryState, DuplicateOf } from '~/lib/office/bank-statement'
import { parseCamt053 } from '~/lib/office/camt'
import { owedAmount } from '~/lib/office/ledger'
import type { StatementCredit } from '~/lib/office/camt'
import type { Database } from '../db/database.server'
import { bankStatementEntries, bankStatements, bookings, paymentEntries, payments, staffUsers, tripDates, trips } from '../db/schema'
import { audit, auditMany } from './audit.server'
import { customerName } from './booking-list.server'
import type { StaffMember } from './staff.server'
import { formatIban, normaliseIban } from '~/lib/booking/iban'

type Staff = Pick<StaffMember, 'id' | 'name'>

/** `duplicate`: known already (read before, or the same bank reference again in the file), not stored. */
export type ImportCounts = Record<'matched' | 'partial' | 'unmatched' | 'possibleDuplicate' | 'duplicate', number>

export type ImportResult =
  | { kind: 'imported'; statementId: number | null; counts: ImportCounts; skipped: number }
  | { kind: 'refused'; message: string }

const checksum = (key: string) => createHash('sha256').update(key).digest('hex')

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)

/** The reference a credit leaves in the ledger: its remittance text, else the bank's reference. */
const ledgerReference = (c: { remittance: string; bankReference: string }) => cut(c.remittance || c.bankReference || 'Kontoauszug', 200)

type Owed = { id: number; bookingNumber: string; owed: number; paid: number; instalments: { amount: number; status: string }[] }

/** What a booking owes and has paid, as both the matching and the assigning read it. */
const moneyColumns = {
  id: bookings.id,
  bookingNumber: bookings.bookingNumber,
  status: bookings.status,
  total: bookings.gesamtpreis,
  fee: bookings.cancellationFee,
  paid: bookings.paidAmount,
}
const owedOf = (row: { status: string; total: number; fee: number | null }) => owedAmount({ status: row.status, price: row.total, fee: row.fee })

/**
 * The rows one statement of the import writes: 1,000 rows of at most 10 values (a credit of
 * `bank_statement_entries`) are 10,000 bind parameters, well below PostgreSQL's 65,535 a statement
 * (the protocol counts them in 16 bits) and below what drizzle-orm's query builder spreads onto the
 * call stack (one insert of 15,000 credits overflowed it). A file of 20,000 credits is 20 inserts,
 * all in the import's one transaction: a failure in the last leaves nothing of the first.
 */
const INSERT_BATCH = 1_000

function* batches<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size)
}

/**
 * A list as one PostgreSQL array parameter (`= any(…)`), however long: a year's statement names
 * thousands of possible booking numbers, too many for one bind parameter each. Only for values
 * without quotes, commas, braces or spaces (booking numbers of BOOKING_NUMBER_PATTERN, ids).
 */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`

/** The bookings with these numbers, locked, with what they owe and have paid. */
async function owedBy(tx: Database, numbers: string[]): Promise<Map<string, Owed>> {
  const found = new Map<string, Owed>()
  if (numbers.length === 0) return found
  const rows = await tx
    .select(moneyColumns)
    .from(bookings)
    .where(sql`${bookings.bookingNumber} = any(${arrayLiteral(numbers)}::text[])`)
    .orderBy(asc(bookings.id))
    .for('update')
  const instalments = rows.length
    ? await tx
        .select({ bookingId: payments.bookingId, amount: payments.amount, status: payments.status })
        .from(payments)
        .where(sql`${payments.bookingId} = any(${arrayLiteral(rows.map((r) => r.id))}::integer[])`)
        .orderBy(asc(payments.dueDate), asc(payments.id))
    : []
  const instalmentsOf = new Map<number, Owed['instalments']>()
  for (const { bookingId, ...i } of instalments) {
    const list = instalmentsOf.get(bookingId)
    if (list) list.push(i)
    else instalmentsOf.set(bookingId, [i])
  }
  for (const r of rows) {
    found.set(r.bookingNumber, {
      id: r.id,
      bookingNumber: r.bookingNumber,
      owed: owedOf(r),
      paid: r.paid,
      instalments: instalmentsOf.get(r.id) ?? [],
    })
  }
  return found
}

type Credit = { amount: number; valueOn: string; remittance: string; bankReference: string }

/** A credit's ledger entry: a transfer on its value day. An import's entry names no staff member, one assigned by hand its assigner. */
const ledgerRow = (booking: { id: number }, credit: Credit, staffId: string | null) => ({
  bookingId: booking.id,
  kind: 'payment' as const,
  amount: credit.amount,
  bookedOn: credit.valueOn,
  method: 'ueberweisung' as const,
  reference: ledgerReference(credit),
  staffId,
})

/** What the audit entry of a credit booked to a ledger records. */
const bookedAudit = (credit: Credit, source: string) => ({ amount: credit.amount, bookedOn: credit.valueOn, method: 'ueberweisung', reference: ledgerReference(credit), source })

/** Books a credit assigned by hand to a booking's ledger, with its audit entry; the entry's id. */
async function bookCredit(tx: Database, booking: { id: number; bookingNumber: string }, credit: Credit, staff: Staff, source: string): Promise<number> {
  const [entry] = await tx.insert(paymentEntries).values(ledgerRow(booking, credit, staff.id)).returning({ id: paymentEntries.id })
  if (!entry) throw new Error('ledger entry not stored')
  await audit(tx, { kind: 'staff', id: staff.id, name: staff.name }, { action: 'booking.payment', booking, after: bookedAudit(credit, source) })
  return entry.id
}

type Booked = { entryId: number; state: 'matched' | 'partial'; booking: Owed; credit: StatementCredit }

/**
 * Books an import's matched credits (at most INSERT_BATCH) to their bookings' ledgers, writes their
 * audit entries and links each stored credit to its booking and ledger entry: three statements for
 * the batch, not three for each credit (which took 12 s for 2,000 credits on PGlite; batched,
 * 20,000 take 24 s, most of it the ledger's trigger bringing the bookings' money up to date).
 */
async function bookImported(tx: Database, batch: Booked[], staff: Staff, source: string): Promise<void> {
  const rows = batch.map(({ booking, credit }) => ledgerRow(booking, credit, null))
  const stored = await tx.insert(paymentEntries).values(rows).returning({ id: paymentEntries.id, bookingId: paymentEntries.bookingId, amount: paymentEntries.amount })
  // PostgreSQL returns the rows of one INSERT … VALUES in their order; the links below rest on it, so it is checked.
  if (stored.length !== rows.length || stored.some((r, k) => r.bookingId !== rows[k]?.bookingId || r.amount !== rows[k]?.amount)) {
    throw new Error('ledger entries not returned in their order')
  }
  await auditMany(
    tx,
    { kind: 'staff', id: staff.id, name: staff.name },
    batch.map(({ booking, credit }) => ({ action: 'booking.payment', booking, after: bookedAudit(credit, source) })),
  )
  const links = batch.map((b, k) => sql`(${b.entryId}::integer, ${b.state}::text, ${b.booking.id}::integer, ${stored[k]?.id}::integer)`)
  await tx.execute(sql`
    update bank_statement_entries e set state = v.state, booking_id = v.booking_id, payment_entry_id = v.payment_entry_id
    from (values ${sql.join(links, sql`, `)}) as v (id, state, booking_id, payment_entry_id)
    where e.id = v.id`)
}

/** Which of these checksums are stored. */
async function knownChecksums(tx: Database, sums: string[]): Promise<Set<string>> {
  const known = new Set<string>()
  for (const batch of batches(sums, INSERT_BATCH * 5)) {
    const rows = await tx.select({ checksum: bankStatementEntries.checksum }).from(bankStatementEntries).where(sql`${bankStatementEntries.checksum} = any(${arrayLiteral(batch)}::text[])`)
    for (const r of rows) known.add(r.checksum)
  }
  return known
}

/**
 * Reads a CAMT.053 statement of the operator's account (`ownIban`): new credits stored and matched,
 * known ones (duplicates) left as they are. A statement of another account is refused whole: its
 * credits are no payments to the operator.
 */
export async function importStatement(db: Database, xml: string, fileName: string, staff: Staff, ownIban: string): Promise<ImportResult> {
  const parsed = parseCamt053(xml)
  if ('problem' in parsed) return { kind: 'refused', message: parsed.message }
  if (parsed.accountIban && normaliseIban(parsed.accountIban) !== normaliseIban(ownIban)) {
    return {
      kind: 'refused',
      message: `Dieser Kontoauszug gehört zum Konto ${formatIban(parsed.accountIban)}, nicht zu unserem Konto ${formatIban(ownIban)}. Es wurde nichts eingelesen.`,
    }
  }
  if (parsed.credits.length > MAX_STATEMENT_CREDITS) return { kind: 'refused', message: tooManyCreditsMessage(parsed.credits.length) }
  const counts: ImportCounts = { matched: 0, partial: 0, unmatched: 0, possibleDuplicate: 0, duplicate: 0 }
  if (parsed.credits.length === 0) return { kind: 'imported', statementId: null, counts, skipped: parsed.skipped }
  const identified = identifyCredits(parsed.accountIban, parsed.credits)
  const source = `Kontoauszug ${cut(fileName, 120)}`

  return db.transaction(async (tx) => {
    // A credit with a reference read before migration 0028 is known by its checksum of every field then.
    const withSums = identified.map((c) => ({
      ...c,
      sum: checksum(c.key),
      legacy: c.byReference ? checksum(`${fieldsKey(parsed.accountIban, c.credit)}\u001f0`) : null,
    }))
    const legacyKnown = await knownChecksums(tx, withSums.flatMap((c) => (c.legacy ? [c.legacy] : [])))
    const candidates = withSums.filter((c) => !c.repeated && !(c.legacy && legacyKnown.has(c.legacy)))

    const [statement] = await tx
      .insert(bankStatements)
      .values({ fileName: cut(fileName, 200), statementRef: cut(parsed.statementRef, 400), accountIban: cut(parsed.accountIban, 34), staffId: staff.id })
      .returning({ id: bankStatements.id })
    if (!statement) throw new Error('statement not stored')
    const rows = candidates.map(({ credit: c, possibleDuplicateOf, sum }) => ({
      statementId: statement.id,
      checksum: sum,
      bookedOn: c.bookedOn,
      valueOn: c.valueOn,
      amount: c.amount,
      payer: cut(c.payer, 140),
      payerIban: cut(c.payerIban, 34),
      remittance: cut(c.remittance, 1000),
      bankReference: cut(c.bankReference || c.entryRef || c.endToEndId, 200),
      state: possibleDuplicateOf ? ('possible-duplicate' as const) : ('unmatched' as const),
    }))
    const inserted: { id: number; checksum: string }[] = []
    for (const batch of batches(rows, INSERT_BATCH)) {
      const stored = await tx
        .insert(bankStatementEntries)
        .values(batch)
        .onConflictDoNothing({ target: bankStatementEntries.checksum })
        .returning({ id: bankStatementEntries.id, checksum: bankStatementEntries.checksum })
      for (const row of stored) inserted.push(row)
    }
    counts.duplicate = parsed.credits.length - inserted.length
    if (inserted.length === 0) {
      // Read before: nothing changes, not even the list of statements.
      await tx.delete(bankStatements).where(eq(bankStatements.id, statement.id))
      return { kind: 'imported', statementId: null, counts, skipped: parsed.skipped }
    }

    const idOf = new Map(inserted.map((r) => [r.checksum, r.id]))
    const stored = candidates
      .map((c) => ({ ...c, entryId: idOf.get(c.sum) }))
      .filter((c): c is typeof c & { entryId: number } => c.entryId !== undefined)
    // A possible duplicate names its equal credit before it (in this file or, read before, in another).
    const doubtful = stored.flatMap((c) => (c.possibleDuplicateOf ? [sql`(${c.entryId}::integer, ${checksum(c.possibleDuplicateOf)}::text)`] : []))
    counts.possibleDuplicate = doubtful.length
    for (const batch of batches(doubtful, INSERT_BATCH)) {
      await tx.execute(sql`
        update bank_statement_entries e set duplicate_of = f.id
        from (values ${sql.join(batch, sql`, `)}) as v (id, first), bank_statement_entries f
        where e.id = v.id and f.checksum = v.first`)
    }
    const fresh = stored.filter((c) => !c.possibleDuplicateOf).map(({ credit, entryId }) => ({ credit, id: entryId }))
    const named = fresh.map(({ credit }) => bookingNumberCandidates(`${credit.remittance} ${credit.endToEndId}`))
    const owed = await owedBy(tx, [...new Set(named.flat())])

    // In the order of the file: a booking's second credit is matched against what the first left owed.
    const booked: Booked[] = []
    for (const [i, { credit, id }] of fresh.entries()) {
      const candidates = (named[i] ?? []).map((n) => owed.get(n)).filter((b): b is Owed => b !== undefined)
      const booking = candidates.length === 1 ? candidates[0] : undefined
      const state = creditState(candidates.length, booking ? creditFits(credit.amount, booking.owed, booking.paid, booking.instalments) : false)
      counts[state]++
      if (!booking || state === 'unmatched') continue
      booked.push({ entryId: id, state, booking, credit })
      booking.paid += credit.amount
    }
    for (const batch of batches(booked, INSERT_BATCH)) await bookImported(tx, batch, staff, source)
    return { kind: 'imported', statementId: statement.id, counts, skipped: parsed.skipped }
  })
}

export type BankEntryView = {
  id: number
  statementId: number
  bookedOn: string
  valueOn: string
  amount: number
  payer: string
  payerIban: string
  remittance: string
  state: BankEntryState
  bookingNumber: string | null
  decidedBy: string | null
  /** A possible duplicate's equal credit before it. */
  duplicateOf: DuplicateOf | null
}

const firstEntries = aliasedTable(bankStatementEntries, 'first_entry')
const firstStatements = aliasedTable(bankStatements, 'first_statement')
const firstBookings = aliasedTable(bookings, 'first_booking')

/** Where a possible duplicate's equal credit stands: its place in its statement (as the statement's page lists them), file, state, booking. */
const duplicateOfColumns = {
  id: firstEntries.id,
  position: sql<number>`(select count(*) from bank_statement_entries p where p.statement_id = ${firstEntries.statementId} and p.id <= ${firstEntries.id})::integer`,
  fileName: firstStatements.fileName,
  state: firstEntries.state,
  bookingNumber: firstBookings.bookingNumber,
}

const entryColumns = {
  id: bankStatementEntries.id,
  statementId: bankStatementEntries.statementId,
  bookedOn: bankStatementEntries.bookedOn,
  valueOn: bankStatementEntries.valueOn,
  amount: bankStatementEntries.amount,
  payer: bankStatementEntries.payer,
  payerIban: bankStatementEntries.payerIban,
  remittance: bankStatementEntries.remittance,
  state: bankStatementEntries.state,
  bookingNumber: bookings.bookingNumber,
  decidedBy: staffUsers.name,
  duplicateOf: duplicateOfColumns,
}

type EntryRow = Omit<BankEntryView, 'duplicateOf'> & { duplicateOf: { id: number | null; position: number; fileName: string | null; state: BankEntryState | null; bookingNumber: string | null } | null }

/** drizzle gives a left-joined object with every column null when nothing joined; the view says null. */
const entryView = ({ duplicateOf: d, ...row }: EntryRow): BankEntryView => ({
  ...row,
  duplicateOf: d && d.id !== null && d.fileName !== null && d.state !== null ? { position: d.position, fileName: d.fileName, state: d.state, bookingNumber: d.bookingNumber } : null,
})

/** At most this many credits waiting for the office are listed at once (oldest first). */
export const OPEN_ENTRIES_SHOWN = 200

/** The credits waiting for the office (naming no booking, or possibly a duplicate), oldest first, and how many there are. */
export async function openBankEntries(db: Database): Promise<{ entries: BankEntryView[]; total: number }> {
  const [entries, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(bankStatementEntries)
      .leftJoin(bookings, eq(bookings.id, bankStatementEntries.bookingId))
      .leftJoin(staffUsers, eq(staffUsers.id, bankStatementEntries.decidedBy))
      .leftJoin(firstEntries, eq(firstEntries.id, bankStatementEntries.duplicateOf))
      .leftJoin(firstStatements, eq(firstStatements.id, firstEntries.statementId))
      .leftJoin(firstBookings, eq(firstBookings.id, firstEntries.bookingId))
      .where(inArray(bankStatementEntries.state, OPEN_BANK_ENTRY_STATES))
      .orderBy(asc(bankStatementEntries.valueOn), asc(bankStatementEntries.id))
      .limit(OPEN_ENTRIES_SHOWN),
    db.select({ n: count() }).from(bankStatementEntries).where(inArray(bankStatementEntries.state, OPEN_BANK_ENTRY_STATES)),
  ])
  return { entries: entries.map(entryView), total: total?.n ?? 0 }
}

export type StatementView = {
  id: number
  fileName: string
  statementRef: string
  accountIban: string
  importedAt: string
  importedBy: string | null
  counts: Record<BankEntryState, number>
}

const statementColumns = {
  id: bankStatements.id,
  fileName: bankStatements.fileName,
  statementRef: bankStatements.statementRef,
  accountIban: bankStatements.accountIban,
  importedAt: bankStatements.importedAt,
  importedBy: staffUsers.name,
}

async function withCounts(db: Database, rows: (Omit<StatementView, 'counts' | 'importedAt'> & { importedAt: Date })[]): Promise<StatementView[]> {
  if (rows.length === 0) return []
  const tally = await db
    .select({ statementId: bankStatementEntries.statementId, state: bankStatementEntries.state, n: count() })
    .from(bankStatementEntries)
    .where(inArray(bankStatementEntries.statementId, rows.map((r) => r.id)))
    .groupBy(bankStatementEntries.statementId, bankStatementEntries.state)
  return rows.map(({ importedAt, ...row }) => {
    const counts: Record<BankEntryState, number> = { matched: 0, partial: 0, unmatched: 0, 'possible-duplicate': 0, assigned: 0, ignored: 0 }
    for (const t of tally) if (t.statementId === row.id) counts[t.state] = t.n
    return { ...row, importedAt: importedAt.toISOString(), counts }
  })
}

/** The statements read last, newest first. */
export async function recentStatements(db: Database, limit = 20): Promise<StatementView[]> {
  const rows = await db
    .select(statementColumns)
    .from(bankStatements)
    .leftJoin(staffUsers, eq(staffUsers.id, bankStatements.staffId))
    .orderBy(desc(bankStatements.importedAt), desc(bankStatements.id))
    .limit(limit)
  return withCounts(db, rows)
}

/** One statement with all its credits; null when there is none with this id. */
export async function statementDetail(db: Database, id: number): Promise<{ statement: StatementView; entries: BankEntryView[] } | null> {
  const rows = await db.select(statementColumns).from(bankStatements).leftJoin(staffUsers, eq(staffUsers.id, bankStatements.staffId)).where(eq(bankStatements.id, id))
  const [statement] = await withCounts(db, rows)
  if (!statement) return null
  const entries = await db
    .select(entryColumns)
    .from(bankStatementEntries)
    .leftJoin(bookings, eq(bookings.id, bankStatementEntries.bookingId))
    .leftJoin(staffUsers, eq(staffUsers.id, bankStatementEntries.decidedBy))
    .leftJoin(firstEntries, eq(firstEntries.id, bankStatementEntries.duplicateOf))
    .leftJoin(firstStatements, eq(firstStatements.id, firstEntries.statementId))
    .leftJoin(firstBookings, eq(firstBookings.id, firstEntries.bookingId))
    .where(eq(bankStatementEntries.statementId, id))
    .orderBy(asc(bankStatementEntries.id))
  return { statement, entries: entries.map(entryView) }
}

/** What the office sees of a booking before it assigns a credit to it. */
export type AssignTarget = {
  bookingNumber: string
  customer: string
  tripTitle: string
  departure: string
  owed: number
  paid: number
  cancelled: boolean
}

export type AssignResult =
  | { kind: 'found'; target: AssignTarget }
  | { kind: 'assigned'; target: AssignTarget }
  | { kind: 'set-aside' }
  | { kind: 'refused'; message: string; field?: 'bookingNumber' }
  | { kind: 'stale'; message: string }

const STALE_MESSAGE = 'Dieser Eingang wurde inzwischen bearbeitet (in einem anderen Fenster oder von einer Kollegin). Die Liste ist jetzt aktuell.'
const NOT_FOUND_MESSAGE = 'Zu dieser Buchungsnummer finden wir keine Buchung. Bitte prüfen Sie sie (zum Beispiel 7K4P-9XQ2).'

async function assignTarget(db: Database, typed: string): Promise<(AssignTarget & { id: number }) | null> {
  const [number] = bookingNumberCandidates(typed)
  if (!number) return null
  const [row] = await db
    .select({
      ...moneyColumns,
      tripTitle: trips.title,
      departure: tripDates.dateFrom,
      customer: customerName,
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(eq(bookings.bookingNumber, number))
  if (!row) return null
  const cancelled = row.status === 'cancelled'
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    customer: row.customer,
    tripTitle: row.tripTitle,
    departure: row.departure,
    owed: owedOf(row),
    paid: row.paid,
    cancelled,
  }
}

const publicTarget = ({ id: _id, ...target }: AssignTarget & { id: number }): AssignTarget => target

/**
 * Assigns a credit that names no booking (or a possible duplicate) to the booking the office typed: with
 * `confirm` false only finds the booking, to be shown before the office confirms. Null: no such credit.
 */
export async function assignBankEntry(db: Database, entryId: number, typed: string, confirm: boolean, staff: Staff): Promise<AssignResult | null> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(bankStatementEntries).where(eq(bankStatementEntries.id, entryId)).for('update')
    if (!entry) return null
    if (entry.state !== 'unmatched' && entry.state !== 'possible-duplicate') return { kind: 'stale', message: STALE_MESSAGE }
    const target = await assignTarget(tx, typed)
    if (!target) return { kind: 'refused', field: 'bookingNumber', message: NOT_FOUND_MESSAGE }
    if (!confirm) return { kind: 'found', target: publicTarget(target) }
    const [statement] = await tx.select({ fileName: bankStatements.fileName }).from(bankStatements).where(eq(bankStatements.id, entry.statementId))
    const paymentEntryId = await bookCredit(tx, { id: target.id, bookingNumber: target.bookingNumber }, entry, staff, `Kontoauszug ${cut(statement?.fileName ?? '', 120)}, von Hand zugeordnet`)
    await tx
      .update(bankStatementEntries)
      .set({ state: 'assigned', bookingId: target.id, paymentEntryId, decidedBy: staff.id, decidedAt: new Date() })
      .where(eq(bankStatementEntries.id, entryId))
    return { kind: 'assigned', target: publicTarget({ ...target, paid: target.paid + entry.amount }) }
  })
}

/** Sets a credit aside as no payment for a trip (a supplier's refund, a wrong transfer). Null: no such credit. */
export async function setAsideBankEntry(db: Database, entryId: number, staff: Staff): Promise<AssignResult | null> {
  const [done] = await db
    .update(bankStatementEntries)
    .set({ state: 'ignored', decidedBy: staff.id, decidedAt: new Date() })
    .where(and(eq(bankStatementEntries.id, entryId), inArray(bankStatementEntries.state, OPEN_BANK_ENTRY_STATES)))
    .returning({ id: bankStatementEntries.id })
  if (done) return { kind: 'set-aside' }
  const [exists] = await db.select({ id: bankStatementEntries.id }).from(bankStatementEntries).where(eq(bankStatementEntries.id, entryId))
  return exists ? { kind: 'stale', message: STALE_MESSAGE } : null
}
