// The office's bookings list (issue 25, item 3): its filter as typed search parameters (a URL that
// can be shared), the columns it sorts by, and the words for each state. Pure.
import * as z from 'zod/mini'

export const BOOKING_STATUSES = ['received', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { received: 'gebucht', cancelled: 'storniert' }

/**
 * What has come in against what is owed (the price; for a cancelled booking its fee): nothing yet,
 * the deposit, all of it, an instalment past its due day, more than is owed (to be refunded), or
 * the surplus refunded. The database derives it from the ledger (migration 0017).
 */
export const PAYMENT_STATES = ['open', 'partly', 'paid', 'overdue', 'refund_due', 'refunded'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]
/** The states the ledger's triggers store: 'overdue' is read from the due day, on the day it is read. */
export const STORED_PAYMENT_STATES = ['open', 'partly', 'paid', 'refund_due', 'refunded'] as const satisfies readonly PaymentState[]
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  open: 'offen',
  partly: 'Anzahlung bezahlt',
  paid: 'bezahlt',
  overdue: 'überfällig',
  refund_due: 'zu erstatten',
  refunded: 'erstattet',
}

/** The payment column's words; null when nothing is owed and nothing was paid (a cancellation free of charge). */
export function paymentStateText(state: PaymentState | null): string {
  return state ? PAYMENT_STATE_LABELS[state] : '–'
}

/** Who made the booking: the customer online, an agency, or the office on the phone. */
export const BOOKING_CHANNELS = ['online', 'agency', 'phone'] as const
export type BookingChannel = (typeof BOOKING_CHANNELS)[number]
export const BOOKING_CHANNEL_LABELS: Record<BookingChannel, string> = { online: 'online', agency: 'Reisebüro', phone: 'Telefon' }

export const BOOKING_SORTS = ['booked', 'departure', 'number', 'name', 'total'] as const
export type BookingSort = (typeof BOOKING_SORTS)[number]

export const BOOKINGS_PER_PAGE = 50

const day = z.optional(z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined))
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.optional(z.catch(z.optional(z.enum(values)), undefined))
const optionalId = z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined))

/**
 * `/buero/buchungen/?q=…&status=…`: every parameter optional, a wrong one dropped (the list then
 * shows more, never an error page).
 */
export const bookingListSearchSchema = z.object({
  q: z.optional(z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined)),
  status: optionalEnum(BOOKING_STATUSES),
  zahlung: optionalEnum(PAYMENT_STATES),
  kanal: optionalEnum(BOOKING_CHANNELS),
  reise: optionalId,
  agentur: optionalId,
  abfahrtVon: day,
  abfahrtBis: day,
  gebuchtVon: day,
  gebuchtBis: day,
  sortierung: optionalEnum(BOOKING_SORTS),
  richtung: optionalEnum(['asc', 'desc'] as const),
  seite: z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))), undefined)),
})
export type BookingListSearch = z.infer<typeof bookingListSearchSchema>

/** The list's order: newest bookings first unless asked otherwise. */
export function listOrder(search: BookingListSearch): { sort: BookingSort; direction: 'asc' | 'desc' } {
  const sort = search.sortierung ?? 'booked'
  return { sort, direction: search.richtung ?? (sort === 'booked' || sort === 'total' ? 'desc' : 'asc') }
}

const RANGES = [
  ['abfahrtVon', 'abfahrtBis', 'Abfahrt'],
  ['gebuchtVon', 'gebuchtBis', 'Buchungstag'],
] as const

/** What the filter says about a range whose end lies before its start (it then finds nothing). */
export function reversedRanges(values: Partial<Record<(typeof RANGES)[number][0 | 1], string>>): string[] {
  return RANGES.filter(([from, till]) => Boolean(values[from] && values[till] && values[till] < values[from])).map(
    ([, , what]) => `${what}: Das Ende liegt vor dem Anfang, so findet der Filter keine Buchung.`,
  )
}

/** A LIKE pattern that matches `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The booking number as the office types it: any case, with or without its dash or with spaces
 * ('2f52 8d9v', '2F528D9V' → '2F52-8D9V'); a part of one stays a part.
 */
export function bookingNumberQuery(text: string): string {
  const bare = text.toUpperCase().replace(/[\s-]+/g, '')
  return /^[0-9A-Z]{8}$/.test(bare) ? `${bare.slice(0, 4)}-${bare.slice(4)}` : text.toUpperCase().replace(/\s+/g, '')
}

/**
 * Whether the search text can only be part of an e-mail address, not of a name ('@', '.', '_' or a
 * digit in it): a plain word is looked for in the names first (every booker is a traveller too).
 */
export function isEmailPart(text: string): boolean {
  return /[@._\d]/.test(text)
}

/** Whether the search text is a phone number (at least four digits, only what people type between them). */
export function isPhoneNumber(text: string): boolean {
  return /^[\d\s+/()-]+$/.test(text) && text.replace(/\D/g, '').length >= 4
}
