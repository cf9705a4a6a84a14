// The payment ledger of a booking (issue 26, item 1): money that came in or went back, each an
// entry with its day, method and reference, and the form the office records one with. Which
// instalments that pays, and the booking's payment state, the database derives from the entries
// (migration 0017). Money in millionths of a euro (spec 9). Pure.
import * as z from 'zod/mini'
import { CENT } from '../booking/money'
import { toEpochDay } from '../calendar'
import { parsePriceString } from '../format'

/**
 * Money in (`payment`) and out: a refund to the customer, or a direct debit the customer's bank
 * took back (`return`, Rücklastschrift: the instalment is open again, nothing was refunded).
 */
export const LEDGER_ENTRY_KINDS = ['payment', 'refund', 'return'] as const
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number]
export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = { payment: 'Zahlung', refund: 'Erstattung', return: 'Rücklastschrift' }
/** What the office records by hand; a return comes with the debit it takes back (sepa-debits.ts). */
export const RECORDED_ENTRY_KINDS = ['payment', 'refund'] as const

/** How money came in or went back. */
export const LEDGER_METHODS = ['ueberweisung', 'lastschrift', 'bar', 'karte', 'sonstige'] as const
export type LedgerMethod = (typeof LEDGER_METHODS)[number]
export const LEDGER_METHOD_LABELS: Record<LedgerMethod, string> = {
  ueberweisung: 'Überweisung',
  lastschrift: 'Lastschrift',
  bar: 'Bar',
  karte: 'Karte',
  sonstige: 'Sonstige',
}

/** What a booking owes: its price, or once cancelled its cancellation fee (as the ledger's triggers count it, migration 0017). */
export function owedAmount(booking: { status: string; price: number; fee: number | null }): number {
  return booking.status === 'cancelled' ? (booking.fee ?? 0) : booking.price
}

/** Where the office downloads an invoice of a booking as a PDF (app/server/office/invoice-download.server.ts). */
export function invoicePdfPath(bookingNumber: string, invoiceNumber: string): string {
  return `/buero/buchungen/${bookingNumber}/rechnungen/${invoiceNumber}.pdf`
}

/** The largest single amount the office records (a group's whole trip stays well below it). */
export const MAX_ENTRY_EUROS = 500_000
/** How far back a day of payment may lie (a late statement, never an old typo like 2052 or 1925). */
const MAX_DAYS_BACK = 400

/**
 * An amount as the office types it ('1.299,50', '200', '85,- €'), in millionths of a euro; null
 * when it is no positive amount in whole cents up to the limit.
 */
export function parseEntryAmount(text: string): number | null {
  const euros = parsePriceString(text)
  if (euros === null || euros <= 0 || euros > MAX_ENTRY_EUROS) return null
  const cents = Math.round(euros * 100)
  if (Math.abs(cents - euros * 100) > 1e-6) return null
  return cents * CENT
}

/** What the record form sends: the amount as typed, checked by the server like every field. */
export const ledgerEntryFormSchema = z.object({
  kind: z.enum(RECORDED_ENTRY_KINDS),
  amount: z.string().check(z.trim(), z.maxLength(30)),
  bookedOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie das Datum an.')),
  method: z.enum(LEDGER_METHODS),
  reference: z.string().check(z.trim(), z.maxLength(200, 'Bitte höchstens 200 Zeichen.')),
})
export type LedgerEntryForm = z.infer<typeof ledgerEntryFormSchema>

function epochDayOrNull(iso: string): number | null {
  try {
    return toEpochDay(iso)
  } catch {
    return null
  }
}

export type LedgerEntryProblem = { field: 'amount' | 'bookedOn'; message: string }

/**
 * The checks of one entry that need no database: an amount in euros and cents, a day neither in the
 * future nor long past. Whether a refund exceeds what came in is the server's (it knows the sums).
 */
export function entryProblem(form: LedgerEntryForm, today: string): LedgerEntryProblem | null {
  if (parseEntryAmount(form.amount) === null)
    return { field: 'amount', message: `Bitte geben Sie einen Betrag in Euro an, zum Beispiel 250,00 (höchstens ${MAX_ENTRY_EUROS.toLocaleString('de-DE')} €).` }
  const day = epochDayOrNull(form.bookedOn)
  if (day === null) return { field: 'bookedOn', message: 'Bitte geben Sie ein gültiges Datum an.' }
  if (day > toEpochDay(today)) return { field: 'bookedOn', message: 'Das Datum liegt in der Zukunft. Bitte erfassen Sie Geld erst, wenn es eingegangen oder gezahlt ist.' }
  if (day < toEpochDay(today) - MAX_DAYS_BACK) return { field: 'bookedOn', message: 'Das Datum liegt mehr als ein Jahr zurück. Bitte prüfen Sie es.' }
  return null
}
