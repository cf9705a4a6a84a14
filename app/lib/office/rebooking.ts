// A change of date (Umbuchung, issue 26 item 5): the same trip on another of its dates, for the
// rebooking fee per traveller that the booked conditions name, up to the first tier of their
// cancellation scale (AGB 5: later, only a cancellation and a new booking). The pure rules; the
// server applies them in the change's transaction (app/server/office/booking-changes.server.ts).
import type { CancellationScale } from '../booking/cancellation'
import { daysBeforeDeparture } from '../booking/cancellation'
import { line } from '../booking/price'
import type { PriceLine } from '../booking/price'
import { addDays } from '../calendar'
import { formatDate } from '../format'
import type { Instalment } from './booking-changes'

export const REBOOKING_SAME_DATE = 'Die Buchung ist bereits auf diesen Termin gebucht.'
export const REBOOKING_OTHER_TRIP = 'Umgebucht werden kann nur auf einen anderen Termin derselben Reise.'
export const REBOOKING_DATE_CLOSED = 'Dieser Termin kann nicht gebucht werden (abgereist, ausgebucht oder geschlossen).'
export const REBOOKING_NO_PLACES = 'Für diesen Termin sind nicht mehr genügend Plätze frei.'
export const REBOOKING_SEATS_GONE = 'Die vorgeschlagenen Sitzplätze auf dem neuen Termin sind inzwischen vergeben. Bitte prüfen Sie die Umbuchung erneut.'

/** The last day on which the booking may change its date: the scale's first tier days before departure. */
export function rebookingLastDay(scale: CancellationScale, dateFrom: string): string {
  return addDays(dateFrom, -(scale[0]?.daysBefore ?? 0))
}

/** Why the booking may no longer change its date on `today`, or null while it may. */
export function rebookingTooLate(scale: CancellationScale, dateFrom: string, today: string): string | null {
  if (daysBeforeDeparture(dateFrom, today) >= (scale[0]?.daysBefore ?? 0)) return null
  return (
    `Eine Umbuchung war nur bis zum ${formatDate(rebookingLastDay(scale, dateFrom))} möglich. ` +
    'Jetzt ist eine Änderung des Termins nur als Rücktritt mit neuer Buchung möglich.'
  )
}

/**
 * The travellers' seats on the new date, in booking order: each keeps their seat where it is free
 * there, the others take the first free seats of the plan (row by row, so mostly side by side).
 * Null when the new date has too few free seats; an empty entry for a traveller without a seat.
 */
export function seatsOnNewDate(current: readonly (string | null)[], free: readonly string[]): string[] | null {
  const left = new Set(free)
  const kept = current.map((seat) => (seat !== null && left.delete(seat) ? seat : null))
  const rest = [...left]
  const seats = kept.map((seat) => seat ?? rest.shift() ?? null)
  return seats.every((seat) => seat !== null) ? (seats as string[]) : null
}

/** The fee's line: per traveller, for the date left and the date taken. */
export function rebookingFeeLine(feePerPerson: number, travellers: number, from: string, to: string): PriceLine {
  return line('rebooking', `Umbuchungsentgelt (${formatDate(from)} auf ${formatDate(to)})`, null, travellers, feePerPerson)
}

/**
 * The payment plan after the date moved to `departure`: the balance falls due its `balanceDays`
 * before the new departure (paid or not: should the fee open it again, that is its day), but not
 * before `earliest` (dueAfterChange); no open instalment falls due after the day before departure.
 */
export function onNewDeparture(instalments: readonly Instalment[], departure: string, balanceDays: number, earliest: string): Instalment[] {
  const latest = addDays(departure, -1)
  return instalments.map((i) => {
    if (i.paid && i.kind !== 'balance') return i
    let due = i.kind === 'balance' ? addDays(departure, -balanceDays) : i.dueDate
    if (i.kind === 'balance' && due < earliest) due = earliest
    if (due > latest) due = latest < earliest ? earliest : latest
    return due === i.dueDate ? i : { ...i, dueDate: due }
  })
}
