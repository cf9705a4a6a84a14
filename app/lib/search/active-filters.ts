// The filters a search has set, each with a label and the search without it: the removable chips
// above the results, and the ways out of an empty result.
import { BOOKABLE_LABELS } from '../bookable'
import type { BookableStatus } from '../bookable'
import { formatNumber, pluralWord } from '../format'
import { unixToGermanDate } from './dates'
import type { SearchNames } from './describe'
import { DEFAULT_PRICE_RANGE, normalizeSearch } from './segment'
import type { Search } from './segment'

export type FilterKind = 'text' | 'category' | 'country' | 'region' | 'dates' | 'duration' | 'bookable' | 'price' | 'ferien'

export type ActiveFilter = {
  key: string
  kind: FilterKind
  label: string
  /** The id of a category, country or region; the status for 'bookable'. */
  value?: number
  /** The search with this filter taken away. */
  without: { search: Search; ferien: boolean }
}

const UNNAMED = { categories: 'Kategorie', countries: 'Reiseland', regions: 'Region' } as const

function euros(n: number): string {
  return `${formatNumber(n, 0)} €`
}

function datesLabel(start: number | null, end: number | null): string {
  if (start !== null && end !== null) return start === end ? `am ${unixToGermanDate(start)}` : `${unixToGermanDate(start)} – ${unixToGermanDate(end)}`
  if (start !== null) return `ab ${unixToGermanDate(start)}`
  return `bis ${unixToGermanDate(end ?? 0)}`
}

function durationLabel(d: { min: number; max: number }): string {
  if (d.min === d.max) return `${d.min} ${pluralWord(d.min, 'Tag', 'Tage')}`
  return `${d.min} bis ${d.max} Tage`
}

function priceLabel(p: { min: number; max: number }): string {
  if (p.min === p.max) return `Preis ${euros(p.min)}`
  if (p.min === DEFAULT_PRICE_RANGE.min) return `bis ${euros(p.max)}`
  if (p.max === DEFAULT_PRICE_RANGE.max) return `ab ${euros(p.min)}`
  return `${euros(p.min)} bis ${euros(p.max)}`
}

export function activeFilters(search: Search, ferien: boolean, names: SearchNames): ActiveFilter[] {
  const out: ActiveFilter[] = []
  const without = (patch: Partial<Search>, keepFerien = ferien) => ({ search: normalizeSearch({ ...search, ...patch }), ferien: keepFerien })
  if (search.text !== '') out.push({ key: 'text', kind: 'text', label: `„${search.text}“`, without: without({ text: '' }) })
  for (const [kind, list, type] of [
    ['category', search.categories, 'categories'],
    ['country', search.countries, 'countries'],
    ['region', search.regions, 'regions'],
  ] as const) {
    for (const id of list) {
      out.push({
        key: `${kind}-${id}`,
        kind,
        label: names[type].get(id)?.trim() || UNNAMED[type],
        value: id,
        without: without({ [type]: list.filter((x) => x !== id) }),
      })
    }
  }
  if (search.start !== null || search.end !== null) {
    out.push({ key: 'dates', kind: 'dates', label: datesLabel(search.start, search.end), without: without({ start: null, end: null }) })
  }
  if (ferien) out.push({ key: 'ferien', kind: 'ferien', label: 'Ferientermine', without: without({}, false) })
  if (search.duration !== null) {
    out.push({ key: 'duration', kind: 'duration', label: durationLabel(search.duration), without: without({ duration: null }) })
  }
  if (search.bookable !== null) {
    const status: BookableStatus = search.bookable
    out.push({ key: 'bookable', kind: 'bookable', label: BOOKABLE_LABELS[status], value: status, without: without({ bookable: null }) })
  }
  if (search.price.min !== DEFAULT_PRICE_RANGE.min || search.price.max !== DEFAULT_PRICE_RANGE.max) {
    out.push({ key: 'price', kind: 'price', label: priceLabel(search.price), without: without({ price: { ...DEFAULT_PRICE_RANGE } }) })
  }
  return out
}

/** What a chip says it removes, for its accessible name ('Reiseart Busreisen entfernen'). */
export const FILTER_KIND_NAMES = {
  text: 'Suchbegriff',
  category: 'Reiseart',
  country: 'Reiseland',
  region: 'Region',
  dates: 'Reisezeitraum',
  duration: 'Reisedauer',
  bookable: 'Buchungsstand',
  price: 'Preis',
  ferien: 'Filter',
} as const satisfies Record<FilterKind, string>
