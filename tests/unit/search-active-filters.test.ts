import { describe, expect, it } from 'vitest'
import { activeFilters } from '~/lib/search/active-filters'
import { searchPath } from '~/lib/search/path'
import { EMPTY_SEARCH, parseSegment, stringifySegment } from '~/lib/search/segment'

const names = {
  categories: new Map([[3, 'Busreisen']]),
  countries: new Map([[12, 'Italien']]),
  regions: new Map<number, string>(),
}

describe('activeFilters', () => {
  it('lists each filter with the search without it', () => {
    const search = parseSegment('gardasee-3,7-12-45-1798758000-1801350000-5,8-0-100,2000')
    const filters = activeFilters(search, true, names)
    expect(filters.map((f) => `${f.kind}:${f.label}`)).toEqual([
      'text:„gardasee“',
      'category:Busreisen',
      'category:Kategorie',
      'country:Italien',
      'region:Region',
      'dates:01.01.2027 – 31.01.2027',
      'ferien:Ferientermine',
      'duration:5 bis 8 Tage',
      'bookable:Buchbar',
      'price:100 € bis 2.000 €',
    ])
    const withoutBus = filters.find((f) => f.key === 'category-3')
    expect(withoutBus && stringifySegment(withoutBus.without.search)).toBe('gardasee-7-12-45-1798758000-1801350000-5,8-0-100,2000')
    expect(filters.find((f) => f.kind === 'ferien')?.without.ferien).toBe(false)
    expect(filters.find((f) => f.kind === 'price')?.without.search.price).toEqual(EMPTY_SEARCH.price)
  })

  it('says nothing for the empty search', () => {
    expect(activeFilters(EMPTY_SEARCH, false, names)).toEqual([])
  })
})

describe('searchPath', () => {
  it('encodes the text and keeps the commas of the lists', () => {
    expect(searchPath({ text: 'städte reise', categories: [7, 3] })).toBe('/reiseuebersicht/search/st%C3%A4dte-reise-3,7-------/')
    expect(searchPath({})).toBe('/reiseuebersicht/search/--------/')
  })
})
