// A booking cancelled by its customer (§ 651h BGB), entered by the office: the fee of the trip's
// scale on the day of the request, what was paid against it, and the refund that is due within
// 14 days (§ 651h Abs. 5 BGB). Shown before the office confirms; the server computes the same
// again when it stores it. Money in millionths of a euro. Pure.
import { cancellationFee } from '../booking/cancellation'
import type { CancellationScale } from '../booking/cancellation'
import { addDays } from '../calendar'

/** A refund is due within 14 days of the cancellation (§ 651h Abs. 5 BGB). */
export const REFUND_DAYS = 14

export type CancellationQuote = {
  /** The Berlin day of the request. */
  cancelledOn: string
  daysBefore: number
  percent: number
  /** The flat fee of the scale, of the travel price. */
  fee: number
  /** The money in so far (net of refunds). */
  paid: number
  /** What the customer gets back, by `refundBy`; 0 when the money in does not exceed the fee. */
  refund: number
  refundBy: string
  /** What the customer still owes of the fee. */
  owed: number
}

export function cancellationQuote(input: { scale: CancellationScale; dateFrom: string; cancelledOn: string; price: number; paid: number }): CancellationQuote {
  const { daysBefore, percent, fee } = cancellationFee(input.scale, { dateFrom: input.dateFrom, cancelledOn: input.cancelledOn, price: input.price })
  return {
    cancelledOn: input.cancelledOn,
    daysBefore,
    percent,
    fee,
    paid: input.paid,
    refund: Math.max(0, input.paid - fee),
    refundBy: addDays(input.cancelledOn, REFUND_DAYS),
    owed: Math.max(0, fee - input.paid),
  }
}

/** '45 Tage vor Reisebeginn', 'am Abreisetag', 'nach Reisebeginn' */
export function daysBeforeText(daysBefore: number): string {
  if (daysBefore > 1) return `${daysBefore} Tage vor Reisebeginn`
  if (daysBefore === 1) return '1 Tag vor Reisebeginn'
  return daysBefore === 0 ? 'am Abreisetag' : 'nach Reisebeginn'
}

/** Why the operator calls a departure off (§ 651h Abs. 4 BGB). */
export const DEPARTURE_CANCEL_REASONS = ['minimum', 'unavoidable'] as const
export type DepartureCancelReason = (typeof DEPARTURE_CANCEL_REASONS)[number]
export const DEPARTURE_CANCEL_REASON_LABELS: Record<DepartureCancelReason, string> = {
  minimum: 'Mindestteilnehmerzahl nicht erreicht',
  unavoidable: 'unvermeidbare, außergewöhnliche Umstände',
}
