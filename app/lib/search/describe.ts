// A search in plain German words, for the screen-reader summary above the results.
import { unixToGermanDate } from './dates'
import { BOOKABLE_LABELS } from '../bookable'
import { DEFAULT_PRICE_RANGE, type Search } from './segment'
import { formatEuro, formatNumber, pluralWord } from '../format'

export type SearchNames = {
  categories: ReadonlyMap<number, string>
  countries: ReadonlyMap<number, string>
  regions: ReadonlyMap<number, string>
}

// An id means nothing to a listener, so an id missing from the names is read as what it is.
// 'Reiseland' is the spec 5 word for a country without a name.
const UNNAMED = { categories: 'Kategorie', countries: 'Reiseland', regions: 'Region' } as const

// Search prices are whole euros: "2.000 €" (with a non-breaking space).
const euros = (n: number) => formatEuro(n, { fractionDigits: 0 })

function placeNames(search: Search, names: SearchNames): string[] {
  return (['categories', 'countries', 'regions'] as const).flatMap((kind) =>
    search[kind].map((id) => names[kind].get(id)?.trim() || UNNAMED[kind]),
  )
}

// Spec 9: the same day as from and till shows one date.
function describeDates(start: number | null, end: number | null): string | null {
  if (start !== null && end !== null) {
    return start === end
      ? `am ${unixToGermanDate(start)}`
      : `vom ${unixToGermanDate(start)} bis ${unixToGermanDate(end)}`
  }
  if (start !== null) return `ab dem ${unixToGermanDate(start)}`
  if (end !== null) return `bis zum ${unixToGermanDate(end)}`
  return null
}

// Spec 9: '1 Tag', otherwise 'Tage'.
function describeDuration(duration: Search['duration']): string | null {
  if (duration === null) return null
  if (duration.min === duration.max) return `${formatNumber(duration.min, 0)} ${pluralWord(duration.min, 'Tag', 'Tage')}`
  return `${formatNumber(duration.min, 0)} bis ${formatNumber(duration.max, 0)} Tage`
}

// An open end of the range is left unsaid rather than read as "500.000.000.000 €".
function describePrice(price: Search['price']): string | null {
  const hasMin = price.min !== DEFAULT_PRICE_RANGE.min
  const hasMax = price.max !== DEFAULT_PRICE_RANGE.max
  if (price.min === price.max) return `Preis ${euros(price.min)}`
  if (hasMin && hasMax) return `Preis ${euros(price.min)} bis ${euros(price.max)}`
  if (hasMin) return `Preis ab ${euros(price.min)}`
  if (hasMax) return `Preis bis ${euros(price.max)}`
  return null
}

/**
 * 'Suche nach „gardasee“ in Busreisen, Italien, vom 01.01.2027 bis 31.01.2027, 5 bis 8 Tage,
 * Status Buchbar, Preis 100 € bis 2.000 €'; without text and places 'Suche: …'; the empty
 * search is 'Alle Reisen'.
 */
export function describeSearch(search: Search, names: SearchNames): string {
  const places = placeNames(search, names)
  const filters = [
    describeDates(search.start, search.end),
    describeDuration(search.duration),
    search.bookable === null ? null : `Status ${BOOKABLE_LABELS[search.bookable]}`,
    describePrice(search.price),
  ].filter((part) => part !== null)

  const subject = [
    search.text === '' ? null : `nach „${search.text}“`,
    places.length === 0 ? null : `in ${places.join(', ')}`,
  ].filter((part) => part !== null)

  if (subject.length > 0) return [`Suche ${subject.join(' ')}`, ...filters].join(', ')
  if (filters.length > 0) return `Suche: ${filters.join(', ')}`
  return 'Alle Reisen'
}
