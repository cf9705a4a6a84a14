// Payment terms (DESIGN 6): a deposit on booking and the balance some days before departure, or
// the full price at once when departure is closer than that. The percentages and days come from
// the configuration; this module only does the arithmetic, so page, server and PDF agree.
import { addDays, toEpochDay } from '../calendar'
import { roundToCent } from './money'
import type { PaymentKind } from './summary'

export type PaymentTerms = {
  /** Percent of the total due on booking (default 20). */
  depositPercent: number
  /** The balance is due this many days before departure (default 30). */
  balanceDays: number
}

export type ScheduledPayment = { kind: PaymentKind; amount: number; dueDate: string }

/** Payment on booking is due within a week of the booking (after confirmation and Sicherungsschein). */
export const DAYS_TO_PAY_ON_BOOKING = 7

/**
 * The payments of a booking of `total` (millionths of a euro) made on `bookedOn` for a departure on
 * `departure` (both 'YYYY-MM-DD', Berlin). The deposit is rounded half up to whole cents; the
 * balance is the rest, so the amounts always add up to the total exactly. A due date never falls
 * after the day before departure, nor before the booking day. Day trips are paid in full at once
 * (the AGB say so: a deposit on a 49-euro trip helps nobody).
 */
export function paymentSchedule(
  total: number,
  bookedOn: string,
  departure: string,
  terms: PaymentTerms,
  { dayTrip = false }: { dayTrip?: boolean } = {},
): ScheduledPayment[] {
  const latest = addDays(departure, -1)
  const clamp = (day: string) => (toEpochDay(day) > toEpochDay(latest) ? (toEpochDay(latest) < toEpochDay(bookedOn) ? bookedOn : latest) : day)
  const onBooking = clamp(addDays(bookedOn, DAYS_TO_PAY_ON_BOOKING))
  const balanceDue = addDays(departure, -terms.balanceDays)
  const deposit = roundToCent((total * terms.depositPercent) / 100)
  if (total === 0) return [{ kind: 'full', amount: 0, dueDate: onBooking }]
  if (dayTrip || toEpochDay(balanceDue) <= toEpochDay(onBooking) || deposit === 0 || deposit >= total) {
    return [{ kind: 'full', amount: total, dueDate: onBooking }]
  }
  return [
    { kind: 'deposit', amount: deposit, dueDate: onBooking },
    { kind: 'balance', amount: total - deposit, dueDate: balanceDue },
  ]
}
