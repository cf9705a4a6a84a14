// Booking status of a trip date (spec 4 "bookable"): labels, parsing, and what a customer may do.
import * as z from 'zod/mini'

export const BOOKABLE_STATUSES = [0, 1, 2, 3, 4, 5] as const

export const bookableSchema = z.literal(BOOKABLE_STATUSES)

export type BookableStatus = z.infer<typeof bookableSchema>

export const BOOKABLE_LABELS = {
  0: 'Buchbar',
  1: 'Anfrage',
  2: 'Nicht Buchbar',
  3: 'Ausgebucht',
  4: 'Durchführungsgarantie',
  5: 'Nur noch wenige Plätze',
} as const satisfies Record<BookableStatus, string>

/** Status 2: not bookable (closed by the operator; a departure called off). */
export const NOT_BOOKABLE = 2 satisfies BookableStatus

/** Status 3: closed as sold out (by the operator; the seats may say otherwise). */
export const SOLD_OUT = 3 satisfies BookableStatus

/** Status 5: shown to customers as "only a few places left" (set by the operator). */
export const FEW_PLACES = 5 satisfies BookableStatus

/** Status 4: the operator guarantees the departure (no cancellation for too few participants). */
export const DEPARTURE_GUARANTEED = 4 satisfies BookableStatus

export type BookableAction = 'book' | 'request' | 'none'

// 4 (departure guaranteed) and 5 (few seats left) are still open for booking; they only add
// information for the customer.
const ACTIONS = {
  0: 'book',
  1: 'request',
  2: 'none',
  3: 'none',
  4: 'book',
  5: 'book',
} as const satisfies Record<BookableStatus, BookableAction>

export type BadgeTone = 'success' | 'info' | 'warning' | 'error' | 'neutral'

// "Ausgebucht" is the hard stop and gets the error colour; "Nicht Buchbar" is usually a date not
// yet released, so it stays neutral rather than alarming.
const TONES = {
  0: 'success',
  1: 'info',
  2: 'neutral',
  3: 'error',
  4: 'success',
  5: 'warning',
} as const satisfies Record<BookableStatus, BadgeTone>

/** Options for a status select or filter, in status order. */
export const BOOKABLE_OPTIONS: readonly { value: BookableStatus; label: string }[] = BOOKABLE_STATUSES.map(
  (value) => ({ value, label: BOOKABLE_LABELS[value] }),
)

export function isBookableStatus(v: unknown): v is BookableStatus {
  return bookableSchema.safeParse(v).success
}

export function bookableLabel(s: BookableStatus): string {
  return BOOKABLE_LABELS[s]
}

const INTEGER_STRING = /^[+-]?\d+$/

/**
 * Spec 5: bookable is parsed as an integer or null. Integers and integer strings ('3', ' 3 ')
 * that name a known status are accepted. A non-integer ('3.7', 3.7) is null rather than
 * truncated: filtering by a status the user never picked would be worse than no filter.
 * Unknown statuses (9, -1), '', and anything else are null.
 */
export function parseBookable(v: unknown): BookableStatus | null {
  let n: number
  if (typeof v === 'number') n = v
  else if (typeof v === 'string' && INTEGER_STRING.test(v.trim())) n = Number(v.trim())
  else return null
  const parsed = bookableSchema.safeParse(n)
  return parsed.success ? parsed.data : null
}

/** What a date with this status lets the customer do: book, send a request, or nothing. */
export function bookableAction(s: BookableStatus): BookableAction {
  return ACTIONS[s]
}

/** Badge colour for the status in trip cards and date lists. */
export function bookableTone(s: BookableStatus): BadgeTone {
  return TONES[s]
}
