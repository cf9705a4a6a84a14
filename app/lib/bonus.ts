// Bonusprogramm „Sonnenland Plus“: how many points a booking earns and which voucher they reach.
// The spec shows no rules; these are the embedded demo's and match the seeded content page
// 'bonusprogramm' (an operator who changes that text changes these constants with it).
import { RAW_PRICE_FACTOR } from './format'

/** Points per full euro of the travel price. */
export const POINTS_PER_EURO = 1
/** Points expire three years after they were credited. */
export const POINTS_VALID_YEARS = 3
/** From this trip in a calendar year on, a guest travels with the Plus status. */
export const PLUS_STATUS_FROM_TRIP = 5
export const PLUS_STATUS_BENEFITS = ['Begrüßungsgetränk an Bord', 'Sitzplatzwahl ohne Aufpreis'] as const

export type VoucherTier = { points: number; euros: number }

/** Ascending by points. */
export const VOUCHER_TIERS: readonly VoucherTier[] = [
  { points: 500, euros: 10 },
  { points: 2_000, euros: 50 },
]

/** Points for a price in millionths of a euro: full euros only, never negative. */
export function pointsForPrice(rawPrice: number): number {
  if (!Number.isFinite(rawPrice) || rawPrice <= 0) return 0
  return Math.floor(rawPrice / RAW_PRICE_FACTOR) * POINTS_PER_EURO
}

/** The best voucher a points balance reaches, or null below the first tier. */
export function voucherFor(points: number): VoucherTier | null {
  if (!Number.isFinite(points)) return null
  return VOUCHER_TIERS.reduce<VoucherTier | null>((best, tier) => (points >= tier.points ? tier : best), null)
}
