// The office records money for a booking (issue 26, item 1): a payment that came in, or a refund
// that went out. One entry per record, in the transaction of its audit entry; what it pays off and
// the booking's payment state follow from the ledger's triggers (migration 0017).
import { asc, count, eq } from 'drizzle-orm'
import { entryProblem, parseEntryAmount } from '~/lib/office/ledger'
import type { LedgerEntryForm, LedgerEntryKind, LedgerMethod } from '~/lib/office/ledger'
import { formatPrice } from '~/lib/format'
import type { Database } from '../db/database.server'
import { bookings, paymentEntries, staffUsers } from '../db/schema'
import { audit } from './audit.server'
import type { StaffMember } from './staff.server'

export type LedgerEntryView = {
  id: number
  kind: LedgerEntryKind
  amount: number
  bookedOn: string
  method: LedgerMethod
  reference: string
  /** A return debit's reason code ('AM04'); null for other entries. */
  returnReason: string | null
  /** Who recorded it; null for an import or an account that is gone. */
  recordedBy: string | null
  recordedAt: string
}

/** The booking's entries, in the order they happened. */
export async function ledgerEntries(db: Database, bookingId: number): Promise<LedgerEntryView[]> {
  const rows = await db
    .select({
      id: paymentEntries.id,
      kind: paymentEntries.kind,
      amount: paymentEntries.amount,
      bookedOn: paymentEntries.bookedOn,
      method: paymentEntries.method,
      reference: paymentEntries.reference,
      returnReason: paymentEntries.returnReason,
      recordedBy: staffUsers.name,
      createdAt: paymentEntries.createdAt,
    })
    .from(paymentEntries)
    .leftJoin(staffUsers, eq(staffUsers.id, paymentEntries.staffId))
    .where(eq(paymentEntries.bookingId, bookingId))
    .orderBy(asc(paymentEntries.bookedOn), asc(paymentEntries.id))
  return rows.map(({ createdAt, ...row }) => ({ ...row, recordedAt: createdAt.toISOString() }))
}

export type RecordResult =
  | { kind: 'recorded'; entries: number }
  | { kind: 'refused'; message: string; field?: 'amount' | 'bookedOn' }
  | { kind: 'stale'; message: string }

/** Money recorded meanwhile (another tab, a colleague): the page shows the entries again first. */
export const MONEY_RECORDED_MEANWHILE =
  'Inzwischen wurde zu dieser Buchung Geld erfasst (in einem anderen Fenster oder von einer Kollegin). Bitte prüfen Sie die Liste „Eingänge und Erstattungen“, bevor Sie erneut erfassen.'

/**
 * Records a payment or a refund. `seen` is the number of entries the page showed: a second click or
 * a second tab that did not see the last record is refused instead of booking the money twice.
 * Null: no such booking.
 */
export async function recordLedgerEntry(
  db: Database,
  bookingNumber: string,
  form: LedgerEntryForm,
  seen: number,
  staff: Pick<StaffMember, 'id' | 'name'>,
  today: string,
): Promise<RecordResult | null> {
  const problem = entryProblem(form, today)
  const amount = parseEntryAmount(form.amount)
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, bookingNumber: bookings.bookingNumber, paid: bookings.paidAmount })
      .from(bookings)
      .where(eq(bookings.bookingNumber, bookingNumber))
      .for('update')
    if (!booking) return null
    if (problem || amount === null) return { kind: 'refused', message: problem?.message ?? '', field: problem?.field ?? 'amount' }
    const [entries] = await tx.select({ n: count() }).from(paymentEntries).where(eq(paymentEntries.bookingId, booking.id))
    if ((entries?.n ?? 0) !== seen) return { kind: 'stale', message: MONEY_RECORDED_MEANWHILE }
    if (form.kind === 'refund' && amount > booking.paid)
      return { kind: 'refused', field: 'amount', message: `Es kann höchstens zurückgezahlt werden, was eingegangen ist: ${formatPrice(booking.paid)}.` }
    await tx.insert(paymentEntries).values({
      bookingId: booking.id,
      kind: form.kind,
      amount,
      bookedOn: form.bookedOn,
      method: form.method,
      reference: form.reference,
      staffId: staff.id,
    })
    await audit(
      tx,
      { kind: 'staff', id: staff.id, name: staff.name },
      {
        action: form.kind === 'payment' ? 'booking.payment' : 'booking.refund',
        booking: { id: booking.id, bookingNumber: booking.bookingNumber },
        after: { amount, bookedOn: form.bookedOn, method: form.method, reference: form.reference },
      },
    )
    return { kind: 'recorded', entries: seen + 1 }
  })
}
