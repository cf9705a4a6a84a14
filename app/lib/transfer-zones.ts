// Haustürtransfer: which price zone a customer's Postleitzahl falls into (longest zip prefix wins).
//
// Decisions where the spec is silent:
// - A zip code is exactly five ASCII digits (German Postleitzahl); anything else is a German
//   error message next to the field, never a lookup.
// - Prefixes are compared after trimming; a prefix that is not made of digits can never match.
// - The empty prefix is a catch-all that every longer prefix beats.
// - Two zones with the same longest matching prefix (a data mistake): the cheaper one wins, so
//   the customer is never quoted the higher price; equal prices fall back to the lower zone id.
import * as z from 'zod/mini'

export const ZIP_ERROR = 'Bitte geben Sie eine fünfstellige Postleitzahl ein, zum Beispiel 33602.'

/** A German Postleitzahl: exactly five digits (spaces around it are ignored). */
export const zipSchema = z
  .string(ZIP_ERROR)
  .check(z.trim(), z.regex(/^[0-9]{5}$/, ZIP_ERROR))

export type TransferZoneLike = {
  id: number
  name: string
  zipPrefixes: readonly string[]
  /** Millionths of a euro. */
  price: number
}

export type TransferMatch<Z extends TransferZoneLike> = {
  zone: Z
  /** The prefix that matched ('' for a catch-all zone). */
  prefix: string
}

const DIGITS = /^[0-9]*$/

/** The zone whose longest prefix matches the zip; null when the zip lies outside every zone. */
export function findTransferZone<Z extends TransferZoneLike>(zones: readonly Z[], zip: string): TransferMatch<Z> | null {
  let best: TransferMatch<Z> | null = null
  for (const zone of zones) {
    for (const raw of zone.zipPrefixes) {
      const prefix = raw.trim()
      if (!DIGITS.test(prefix) || !zip.startsWith(prefix)) continue
      if (best === null || isBetter(zone, prefix, best)) best = { zone, prefix }
    }
  }
  return best
}

function isBetter<Z extends TransferZoneLike>(zone: Z, prefix: string, best: TransferMatch<Z>): boolean {
  if (prefix.length !== best.prefix.length) return prefix.length > best.prefix.length
  if (zone.price !== best.zone.price) return zone.price < best.zone.price
  return zone.id < best.zone.id
}
