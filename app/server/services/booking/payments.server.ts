// What a signed payment link (/payment/{data}) shows, and the SEPA mandate a customer may give
// there instead of transferring the money.
import { and, count, eq } from 'drizzle-orm'
import { ACCOUNT_HOLDER_MESSAGE, IBAN_MESSAGE, isValidIban, normaliseIban } from '~/lib/booking/iban'
import { mandateReference, sepaMandateText } from '~/lib/booking/sepa'
import { singleLine } from '~/lib/forms'
import type { PaymentKind } from '~/lib/booking/summary'
import type { Database } from '../../db/database.server'
import { bookings, payments, sepaMandates, tripDates, trips } from '../../db/schema'
import { readPaymentLink } from './links.server'
import type { BookingSettings } from './settings.server'

export type PaymentRequest = {
  bookingNumber: string
  kind: PaymentKind
  amount: number
  dueDate: string
  paid: boolean
  tripTitle: string
  dateFrom: string
  /** A direct-debit mandate exists for the booking: nothing to transfer. */
  hasMandate: boolean
  /** The reference and text of the mandate this page would store. */
  mandateReference: string
  mandateText: string
}

export type PaymentLinkProblem = 'invalid' | 'expired' | 'unknown' | 'cancelled'

export const PAYMENT_LINK_MESSAGES = {
  invalid: 'Dieser Zahlungslink ist ungültig. Bitte verwenden Sie den Link aus Ihrer Buchungsbestätigung unverändert.',
  expired: 'Dieser Zahlungslink ist abgelaufen. Bitte rufen Sie uns an, wir helfen Ihnen gern weiter.',
  unknown: 'Zu diesem Zahlungslink finden wir keine offene Zahlung. Bitte rufen Sie uns an.',
  cancelled:
    'Diese Zahlung ist nicht mehr fällig: Die Buchung ist storniert. Was Sie noch zahlen oder zurückerhalten, steht in Ihrer Stornorechnung und in Ihrem Kundenkonto.',
} as const satisfies Record<PaymentLinkProblem, string>

export async function loadPaymentRequest(db: Database, settings: BookingSettings, data: string, now = Date.now()): Promise<PaymentRequest | PaymentLinkProblem> {
  const link = readPaymentLink(settings.linkSecret, data, now)
  if (typeof link === 'string') return link
  const [row] = await db
    .select({
      bookingId: bookings.id,
      amount: payments.amount,
      dueDate: payments.dueDate,
      status: payments.status,
      tripTitle: trips.title,
      dateFrom: tripDates.dateFrom,
    })
    .from(bookings)
    .innerJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.kind, link.kind)))
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(eq(bookings.bookingNumber, link.bookingNumber))
    .limit(1)
  if (!row) return 'unknown'
  // A cancelled booking's instalments are no longer owed (what is, is the Stornorechnung's fee).
  if (row.status === 'cancelled') return 'cancelled'
  const [mandates] = await db.select({ n: count() }).from(sepaMandates).where(eq(sepaMandates.bookingId, row.bookingId))
  const reference = mandateReference(link.bookingNumber, (mandates?.n ?? 0) + 1)
  return {
    bookingNumber: link.bookingNumber,
    kind: link.kind,
    amount: row.amount,
    dueDate: row.dueDate,
    paid: row.status === 'paid',
    tripTitle: row.tripTitle,
    dateFrom: row.dateFrom,
    hasMandate: (mandates?.n ?? 0) > 0,
    mandateReference: reference,
    mandateText: sepaMandateText(settings.bank.accountHolder, settings.bank.creditorId, reference),
  }
}

export type MandateResult = { kind: 'stored' } | { kind: 'invalid'; issues: { path: string; message: string }[] } | { kind: 'problem'; problem: PaymentLinkProblem | 'paid' }

/** Stores a SEPA mandate for the link's booking, with its time and the exact text agreed to. */
export async function giveMandate(
  db: Database,
  settings: BookingSettings,
  data: string,
  input: { iban: string; accountHolder: string; accept: boolean },
): Promise<MandateResult> {
  const request = await loadPaymentRequest(db, settings, data)
  if (typeof request === 'string') return { kind: 'problem', problem: request }
  if (request.paid) return { kind: 'problem', problem: 'paid' }
  const accountHolder = singleLine(input.accountHolder).trim()
  const issues: { path: string; message: string }[] = []
  if (!isValidIban(input.iban)) issues.push({ path: 'iban', message: IBAN_MESSAGE })
  if (!accountHolder) issues.push({ path: 'accountHolder', message: ACCOUNT_HOLDER_MESSAGE })
  if (!input.accept) issues.push({ path: 'accept', message: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.' })
  if (issues.length) return { kind: 'invalid', issues }
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, request.bookingNumber))
  if (!booking) return { kind: 'problem', problem: 'unknown' }
  await db
    .insert(sepaMandates)
    .values({ bookingId: booking.id, reference: request.mandateReference, iban: normaliseIban(input.iban), accountHolder, mandateText: request.mandateText })
    .onConflictDoNothing()
  // From now on the booking is paid by direct debit: the success page, PDF and mails say so.
  await db.update(bookings).set({ paymentMethod: 'lastschrift' }).where(eq(bookings.id, booking.id))
  return { kind: 'stored' }
}

