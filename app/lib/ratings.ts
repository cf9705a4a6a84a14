// Stars in words: hotel categories and customer ratings are read out as text; the star glyphs
// beside them are decoration only.
import { countOf } from './format'
import { onFirstUse } from './on-first-use'

export const MAX_STARS = 5

function clampStars(n: number): number {
  return Math.min(MAX_STARS, Math.max(0, Math.round(n)))
}

/** Hotel category: '1 Stern', '4 Sterne'. */
export function hotelStarsLabel(stars: number): string {
  return countOf(clampStars(stars), 'Stern', 'Sterne')
}

/** A customer rating: '5 von 5 Sternen', '1 von 5 Sternen'. */
export function ratingLabel(rating: number): string {
  return `${clampStars(rating)} von ${MAX_STARS} Sternen`
}

const averageFormat = onFirstUse(() => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }))

/** The average of many ratings: '4,6 von 5 Sternen'; '' when there is none. */
export function averageRatingLabel(average: number | null): string {
  if (average === null || !Number.isFinite(average)) return ''
  return `${averageFormat().format(Math.min(MAX_STARS, Math.max(0, average)))} von ${MAX_STARS} Sternen`
}

/** Filled and empty star glyphs for the visual ('★★★★☆'); rounded to whole stars. */
export function starGlyphs(value: number, max = MAX_STARS): string {
  const n = Math.min(max, Math.max(0, Math.round(value)))
  return '★'.repeat(n) + '☆'.repeat(max - n)
}
