// A booking cancelled by its customer (§ 651h BGB), entered by the office: the fee of the trip's
// scale on the day of the request, what was paid against it, and the refund that is due within
// 14 days (§ 651h Abs. 5 BGB) or the rest of the fee that is due within 14 days as well. Shown
// before the office confirms; the server computes the same again when it stores it, and keeps it
// with the booking as the Stornorechnung's record. Money in millionths of a euro. Pure.
import * as z from 'zod/mini'
import { cancellationFee } from '../booking/cancellation'
import type { CancellationScale } from '../booking/cancellation'
import { addDays, toEpochDay } from '../calendar'

/** A refund is due within 14 days of the cancellation (§ 651h Abs. 5 BGB). */
export const REFUND_DAYS = 14

/**
 * The rest of a fee the money in does not cover is due this many days after the cancellation: the
 * same term the operator has for a refund, and the pre-notification period of a direct debit
 * (app/lib/office/sepa-debits.ts), so a debit announced on the day of the cancellation is taken on
 * the fee's due day.
 */
export const FEE_DUE_DAYS = 14

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
  /** What the customer still owes of the fee, by `owedBy` (an instalment of kind 'fee'). */
  owed: number
  owedBy: string
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
    owedBy: addDays(input.cancelledOn, FEE_DUE_DAYS),
  }
}

/**
 * The amount of the 'fee' instalment: with the instalments already paid (which stay as they were) it
 * makes up the fee, so the ledger's allocation in due order (migration 0017) pays it from the money
 * in beyond them. Its open part is then exactly what the quote says is owed. 0: no instalment.
 */
export function feeInstalmentAmount(quote: Pick<CancellationQuote, 'fee' | 'owed'>, paidInstalments: number): number {
  return quote.owed > 0 ? quote.fee - paidInstalments : 0
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

/** The operator's cancellation of a departure: no fee, everything paid back within 14 days. */
export function departureQuote(input: { dateFrom: string; cancelledOn: string; paid: number }): CancellationQuote {
  return {
    cancelledOn: input.cancelledOn,
    daysBefore: toEpochDay(input.dateFrom) - toEpochDay(input.cancelledOn),
    percent: 0,
    fee: 0,
    paid: input.paid,
    refund: input.paid,
    refundBy: addDays(input.cancelledOn, REFUND_DAYS),
    owed: 0,
    owedBy: addDays(input.cancelledOn, FEE_DUE_DAYS),
  }
}

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
const amount = z.int().check(z.nonnegative())

/**
 * What a cancellation said, kept with the booking (`bookings.cancellation`, migration 0022): by the
 * customer (through the office) or by the operator (a departure called off, with its reason), the
 * travel price it was charged on, and the quote as the customer was told it.
 */
export const cancellationRecordSchema = z.object({
  by: z.enum(['customer', 'operator']),
  reason: z.optional(z.enum(DEPARTURE_CANCEL_REASONS)),
  price: amount,
  cancelledOn: isoDay,
  daysBefore: z.int(),
  percent: z.int().check(z.minimum(0), z.maximum(100)),
  fee: amount,
  paid: z.int(),
  refund: amount,
  refundBy: isoDay,
  owed: amount,
  owedBy: isoDay,
})
export type CancellationRecord = z.infer<typeof cancellationRecordSchema>
