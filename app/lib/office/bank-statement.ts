// Matching a bank statement's credits to bookings (issue 26, item 2; DESIGN 12, after pretix's
// bank-transfer import): the booking number in the remittance text names the booking, the amount
// says whether the credit is what was asked for. Pure.
import { BOOKING_NUMBER_PATTERN, readLookalikes } from '../booking/booking-number'
import { formatNumber } from '../format'

/**
 * What became of a credit: `matched` (one booking named, the amount is an instalment or the rest
 * due), `partial` (one booking named, another amount: booked to it, for the office to look at),
 * `unmatched` (no or several bookings named: waits for the office), `assigned` (the office chose the
 * booking), `ignored` (the office marked it as no payment for a trip). A credit already imported is
 * a duplicate and is not stored again.
 */
export const BANK_ENTRY_STATES = ['matched', 'partial', 'unmatched', 'assigned', 'ignored'] as const
export type BankEntryState = (typeof BANK_ENTRY_STATES)[number]

export const BANK_ENTRY_STATE_LABELS: Record<BankEntryState, string> = {
  matched: 'zugeordnet, Betrag passt',
  partial: 'zugeordnet, Betrag weicht ab',
  unmatched: 'nicht zugeordnet',
  assigned: 'von Hand zugeordnet',
  ignored: 'keine Reisezahlung',
}

/**
 * The largest statement the office uploads: 3,000 to 4,000 credits as banks typically write them
 * (1.2–1.8 KB each), a busy month; 20,000 written as compactly as CAMT.053 allows (250 bytes each). A
 * longer period is uploaded as several files: what an earlier file held is recognised and skipped.
 * docs/DECISIONS.md, "Bank statements of a year".
 */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024

/**
 * The most credits one statement may hold; a file with more is refused whole (batch entries of tiny
 * transactions can put 120,000 into 5 MB). It bounds the import's one transaction, which keeps the
 * bookings it names locked: 20,000 credits that all name a booking take 24 s on PGlite, 31 s on
 * PostgreSQL (measured on two cores).
 */
export const MAX_STATEMENT_CREDITS = 25_000

export const tooManyCreditsMessage = (credits: number) =>
  `Der Kontoauszug enthält ${formatNumber(credits)} Gutschriften, höchstens ${formatNumber(MAX_STATEMENT_CREDITS)} werden auf einmal eingelesen. ` +
  'Bitte exportieren Sie kürzere Zeiträume (zum Beispiel je Monat) und laden Sie die Dateien nacheinander hoch. Es wurde nichts eingelesen.'

/**
 * The booking numbers a remittance text may name, normalised (ABCD-EFGH): four and four characters
 * of the booking numbers' alphabet, with or without a hyphen or space between them, in any case,
 * letters O, I and L read as 0, 1, 1. Banks cut a long text into lines: it is read as written.
 */
export function bookingNumberCandidates(text: string): string[] {
  const upper = text.toUpperCase()
  const found = new Set<string>()
  // A lookahead, so overlapping groups ('ABCD EFGH JKMN') all count.
  for (const m of upper.matchAll(/(?<![0-9A-Z])(?=([0-9A-Z]{4})[\s./-]{0,3}([0-9A-Z]{4})(?![0-9A-Z]))/g)) {
    const number = readLookalikes(`${m[1]}-${m[2]}`)
    if (BOOKING_NUMBER_PATTERN.test(number)) found.add(number)
  }
  return [...found]
}

export type OwedInstalment = { amount: number; status: string }

/**
 * Whether a credit is what the booking asked for: the rest of the next open instalment, of any later
 * one with those before it, or everything still owed. `owed` is the price (or a cancelled booking's
 * fee), `paid` the money in so far, `instalments` in the order they fall due.
 */
export function creditFits(amount: number, owed: number, paid: number, instalments: OwedInstalment[]): boolean {
  if (amount <= 0 || paid >= owed) return false
  if (amount === owed - paid) return true
  let covered = 0
  for (const i of instalments) {
    if (i.status === 'cancelled') continue
    covered += i.amount
    if (covered > paid && covered - paid === amount) return true
  }
  return false
}

/** The state of a credit that names `bookings` (the existing bookings among its candidates). */
export function creditState(bookings: number, fits: boolean): Extract<BankEntryState, 'matched' | 'partial' | 'unmatched'> {
  if (bookings !== 1) return 'unmatched'
  return fits ? 'matched' : 'partial'
}
