// Meine Buchungen (DESIGN 13): which bookings an account sees, and linking a guest booking.
import * as z from 'zod/mini'
import { BOOKING_NUMBER_PATTERN, typedBookingNumber } from '../booking/booking-number'
import { addDays } from '../calendar'
import { formatDate } from '../format'
import type { AuditAction } from '../office/audit'
import type { BookingStatus, PaymentState } from '../office/booking-list'

/** A booking in the account's list. */
export type AccountBookingRow = {
  bookingNumber: string
  tripTitle: string
  dateFrom: string
  dateTill: string
  status: BookingStatus
  travellers: number
  total: number
  paymentState: PaymentState | null
}

/** Booking number, the booker's surname and the departure day, as the confirmation shows them. */
export const bookingLinkSchema = z.object({
  bookingNumber: z.string().check(
    z.overwrite(typedBookingNumber),
    z.regex(BOOKING_NUMBER_PATTERN, 'Bitte geben Sie die Buchungsnummer so ein, wie sie in Ihrer Bestätigung steht, zum Beispiel 7K4P-9XQ2.'),
  ),
  lastname: z.string().check(z.trim(), z.minLength(1, 'Bitte geben Sie den Nachnamen der buchenden Person ein.'), z.maxLength(80)),
  departure: z.iso.date('Bitte geben Sie das Abreisedatum ein.'),
})
export type BookingLinkInput = z.infer<typeof bookingLinkSchema>

export const BOOKING_LINK_MESSAGES = {
  notFound:
    'Wir haben keine Buchung mit dieser Buchungsnummer, diesem Nachnamen und diesem Abreisedatum gefunden. Bitte prüfen Sie die Angaben in Ihrer Buchungsbestätigung.',
  linked: 'Die Buchung ist jetzt in Ihrem Konto.',
  already: 'Diese Buchung ist bereits in Ihrem Konto.',
} as const

/** A surname as compared for linking: case, surrounding and doubled blanks do not matter. */
export function comparableName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE')
}

/** What the customer reads in their booking's history: its changes, payments and mails, not the office's notes and debit files. */
export const CUSTOMER_HISTORY_ACTIONS = [
  'booking.created',
  'booking.traveller',
  'booking.contact',
  'booking.boarding',
  'booking.seat',
  'booking.services',
  'booking.insurance',
  'booking.date',
  'booking.confirmation',
  'booking.payment',
  'booking.refund',
  'booking.cancelled',
  'booking.notice',
  'booking.debit_collected',
  'booking.debit_returned',
] as const satisfies readonly AuditAction[]

/** One line of the history: when, what, and the values before and after. */
export type HistoryEntry = { at: string; action: string; changes: string[] }

/** The payment state in the customer's words (the office's short ones say less on their own). */
const CUSTOMER_PAYMENT_LABELS: Record<PaymentState, string> = {
  open: 'Zahlung offen',
  partly: 'Anzahlung bezahlt',
  paid: 'bezahlt',
  overdue: 'Zahlung überfällig',
  refund_due: 'Erstattung folgt',
  refunded: 'erstattet',
}

/** 'Gebucht · Zahlung offen', 'Gebucht · Anzahlung bezahlt' or 'Storniert'. */
export function bookingStateText(row: Pick<AccountBookingRow, 'status' | 'paymentState'>): string {
  if (row.status === 'cancelled') return 'Storniert'
  return row.paymentState ? `Gebucht · ${CUSTOMER_PAYMENT_LABELS[row.paymentState]}` : 'Gebucht'
}

/** Online a booking is cancelled until the day before departure; on the day itself the office takes the call. */
export const ONLINE_CANCELLATION_MIN_DAYS = 1

/** Why a booking cannot be cancelled online any more, with the phone to call. */
export function onlineCancellationClosedText(phone: string): string {
  return `Ihre Reise beginnt heute oder hat schon begonnen. Eine Stornierung nehmen wir jetzt nur telefonisch entgegen: ${phone}.`
}

/** A fellow traveller's new name, asked of the office (a replacement traveller, § 651e BGB, or a spelling). */
export const nameChangeRequestSchema = z.object({
  bookingNumber: z.string().check(z.regex(BOOKING_NUMBER_PATTERN)),
  /** The traveller's place in the booking's list of travellers, from 0. */
  traveller: z.int().check(z.nonnegative(), z.lt(50)),
  firstname: z.string().check(z.trim(), z.minLength(1, 'Bitte geben Sie den neuen Vornamen ein.'), z.maxLength(60)),
  lastname: z.string().check(z.trim(), z.minLength(1, 'Bitte geben Sie den neuen Nachnamen ein.'), z.maxLength(60)),
  note: z.string().check(z.trim(), z.maxLength(500, 'Bitte fassen Sie sich auf 500 Zeichen kurz.')),
})
export type NameChangeRequest = z.infer<typeof nameChangeRequestSchema>

/**
 * The last day a travel insurance may be added to a booking after it was made (DECISIONS: the
 * insurers' usual rule for a Reiserücktrittsversicherung): up to 30 days before departure; a
 * booking made later than that may add one within 3 days of booking.
 */
export function insuranceAddableUntil(bookedOn: string, dateFrom: string): string {
  const thirtyBefore = addDays(dateFrom, -30)
  return bookedOn <= thirtyBefore ? thirtyBefore : addDays(bookedOn, 3) < dateFrom ? addDays(bookedOn, 3) : addDays(dateFrom, -1)
}

/** A traveller's insurance added in Mein Konto. */
export const insuranceRequestSchema = z.object({
  bookingNumber: z.string().check(z.regex(BOOKING_NUMBER_PATTERN)),
  traveller: z.int().check(z.nonnegative(), z.lt(50)),
  insurance: z.int().check(z.positive()),
  /** The version and total the customer saw in the check; without them the addition is only priced. */
  version: z.optional(z.int().check(z.positive())),
  expectedTotal: z.optional(z.int().check(z.nonnegative())),
})

/** Why an insurance cannot be added any more. */
export function insuranceClosedText(until: string, phone: string): string {
  return `Eine Reiseversicherung ließ sich für diese Buchung bis zum ${formatDate(until)} abschließen. Fragen Sie uns gern nach anderen Möglichkeiten: ${phone}.`
}
