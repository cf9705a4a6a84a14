// Cancellation by the traveller (§ 651h BGB): each trip has its own scale of flat fees, a
// percentage of the travel price by the number of days left before departure. The booking shows
// the scale before the button, the confirmation prints it, and a cancellation (office or customer
// account) takes its fee from `cancellationFee`, the one rule for "what does cancelling today cost".
import * as z from 'zod/mini'
import { toEpochDay } from '../calendar'
import { roundToCent } from './money'

/** From `daysBefore` days before departure on (and up to the next tier), `percent` of the travel price. */
export const cancellationTierSchema = z.object({
  daysBefore: z.int().check(z.nonnegative()),
  percent: z.int().check(z.minimum(0), z.maximum(100)),
})
export type CancellationTier = z.infer<typeof cancellationTierSchema>

/**
 * The tiers from the earliest (most days before departure) to the departure day itself (0 days,
 * which is also the fee of a no-show). The fee never falls as departure comes closer.
 */
export const cancellationScaleSchema = z.array(cancellationTierSchema).check(
  z.minLength(1),
  z.refine(
    (tiers) => tiers.every((t, i) => i === 0 || ((tiers[i - 1]?.daysBefore ?? 0) > t.daysBefore && (tiers[i - 1]?.percent ?? 0) <= t.percent)),
    'Die Staffel muss nach Tagen absteigend und nach Prozent aufsteigend geordnet sein.',
  ),
  z.refine((tiers) => tiers.at(-1)?.daysBefore === 0, 'Die letzte Stufe der Staffel gilt für den Abreisetag (0 Tage).'),
)
export type CancellationScale = z.infer<typeof cancellationScaleSchema>

/** The scale of a bus tour, and of a trip stored without a scale of its own (migration 0010's default). */
export const BUS_CANCELLATION_SCALE: CancellationScale = [
  { daysBefore: 30, percent: 20 },
  { daysBefore: 15, percent: 30 },
  { daysBefore: 7, percent: 50 },
  { daysBefore: 1, percent: 75 },
  { daysBefore: 0, percent: 95 },
]

/** Calendar days from the day of the cancellation to departure; 0 on the departure day, negative after it. */
export function daysBeforeDeparture(dateFrom: string, cancelledOn: string): number {
  return toEpochDay(dateFrom) - toEpochDay(cancelledOn)
}

/** The tier that applies `daysBefore` days before departure; on or after the departure day, the last. */
export function cancellationTier(scale: CancellationScale, daysBefore: number): CancellationTier {
  const tier = scale.find((t) => daysBefore >= t.daysBefore) ?? scale.at(-1)
  if (!tier) throw new RangeError('empty cancellation scale')
  return tier
}

export type CancellationFee = { daysBefore: number; percent: number; fee: number }

/**
 * The flat fee for cancelling on `cancelledOn` (a Berlin calendar day, 'YYYY-MM-DD'): the
 * percentage of `price` (millionths of a euro) that the trip's scale names for that day, rounded
 * half up to whole cents. A cancellation on the departure day or later (a no-show) pays the last tier.
 */
export function cancellationFee(scale: CancellationScale, input: { dateFrom: string; cancelledOn: string; price: number }): CancellationFee {
  const daysBefore = daysBeforeDeparture(input.dateFrom, input.cancelledOn)
  const { percent } = cancellationTier(scale, daysBefore)
  return { daysBefore, percent, fee: roundToCent((input.price * percent) / 100) }
}

const days = (n: number) => (n === 1 ? '1 Tag' : `${n} Tage`)

/** The scale in words, one line per tier: 'bis 30 Tage vor Reisebeginn: 20 %', '29 bis 15 Tage vor Reisebeginn: 30 %' … */
export function cancellationScaleLines(scale: CancellationScale): string[] {
  return scale.map((tier, i) => {
    const percent = `${tier.percent} %`
    if (tier.daysBefore === 0) return `am Abreisetag und bei Nichtantritt der Reise: ${percent}`
    if (i === 0) return `bis ${days(tier.daysBefore)} vor Reisebeginn: ${percent}`
    const upper = (scale[i - 1]?.daysBefore ?? tier.daysBefore + 1) - 1
    return upper === tier.daysBefore
      ? `${days(tier.daysBefore)} vor Reisebeginn: ${percent}`
      : `${upper} bis ${days(tier.daysBefore)} vor Reisebeginn: ${percent}`
  })
}
