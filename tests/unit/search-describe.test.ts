// The search in plain German for screen readers.
import { describe, expect, it } from 'vitest'
import { describeSearch } from '~/lib/search/describe'
import { DEFAULT_PRICE_RANGE, EMPTY_SEARCH, type Search } from '~/lib/search/segment'

const JAN_1_2027 = 1798758000
const JAN_31_2027 = 1801350000
const NBSP = '\u00a0'

const names = {
  categories: new Map([[3, 'Busreisen'], [7, 'Flugreisen']]),
  countries: new Map([[12, 'Italien']]),
  regions: new Map([[45, 'Gardasee']]),
}

const search = (fields: Partial<Search>): Search => ({ ...EMPTY_SEARCH, price: { ...DEFAULT_PRICE_RANGE }, ...fields })

describe('describeSearch', () => {
  it('reads a full search as one polite sentence', () => {
    expect(
      describeSearch(
        search({
          text: 'gardasee',
          categories: [3],
          countries: [12],
          start: JAN_1_2027,
          end: JAN_31_2027,
          duration: { min: 5, max: 8 },
          bookable: 0,
          price: { min: 100, max: 2000 },
        }),
        names,
      ),
    ).toBe(
      `Suche nach „gardasee“ in Busreisen, Italien, vom 01.01.2027 bis 31.01.2027, 5 bis 8 Tage, Status Buchbar, Preis 100${NBSP}€ bis 2.000${NBSP}€`,
    )
  })

  it('calls the empty search "Alle Reisen"', () => {
    expect(describeSearch(EMPTY_SEARCH, names)).toBe('Alle Reisen')
  })

  it('names places in the order categories, countries, regions', () => {
    expect(describeSearch(search({ categories: [3, 7], countries: [12], regions: [45] }), names)).toBe(
      'Suche in Busreisen, Flugreisen, Italien, Gardasee',
    )
    expect(describeSearch(search({ text: 'ostsee' }), names)).toBe('Suche nach „ostsee“')
  })

  it('reads ids without a name as what they are', () => {
    expect(describeSearch(search({ categories: [99], countries: [98], regions: [97] }), names)).toBe(
      'Suche in Kategorie, Reiseland, Region',
    )
    const blank = { ...names, countries: new Map([[12, '  ']]) }
    expect(describeSearch(search({ countries: [12] }), blank)).toBe('Suche in Reiseland')
  })

  it('introduces filters without text or places with "Suche:"', () => {
    expect(describeSearch(search({ bookable: 3, duration: { min: 1, max: 1 } }), names)).toBe(
      'Suche: 1 Tag, Status Ausgebucht',
    )
  })

  it('reads one date, an open start and an open end (spec 9: equal dates show once)', () => {
    expect(describeSearch(search({ start: JAN_1_2027, end: JAN_1_2027 }), names)).toBe('Suche: am 01.01.2027')
    expect(describeSearch(search({ start: JAN_1_2027 }), names)).toBe('Suche: ab dem 01.01.2027')
    expect(describeSearch(search({ end: JAN_31_2027 }), names)).toBe('Suche: bis zum 31.01.2027')
  })

  it('says "Tag" for one day and "Tage" otherwise (spec 9)', () => {
    expect(describeSearch(search({ duration: { min: 1, max: 1 } }), names)).toBe('Suche: 1 Tag')
    expect(describeSearch(search({ duration: { min: 7, max: 7 } }), names)).toBe('Suche: 7 Tage')
    expect(describeSearch(search({ duration: { min: 1, max: 1000 } }), names)).toBe('Suche: 1 bis 1.000 Tage')
  })

  it('leaves an open end of the price range unsaid', () => {
    const max = DEFAULT_PRICE_RANGE.max
    expect(describeSearch(search({ price: { min: 500, max } }), names)).toBe(`Suche: Preis ab 500${NBSP}€`)
    expect(describeSearch(search({ price: { min: 0, max: 1299 } }), names)).toBe(`Suche: Preis bis 1.299${NBSP}€`)
    expect(describeSearch(search({ price: { min: 999, max: 999 } }), names)).toBe(`Suche: Preis 999${NBSP}€`)
    expect(describeSearch(search({ price: { min: 0, max: 0 } }), names)).toBe(`Suche: Preis 0${NBSP}€`)
  })

  it.each([
    [0, 'Buchbar'],
    [1, 'Anfrage'],
    [2, 'Nicht Buchbar'],
    [3, 'Ausgebucht'],
    [4, 'Durchführungsgarantie'],
    [5, 'Nur noch wenige Plätze'],
  ] as const)('names status %i "%s" (spec 4)', (bookable, label) => {
    expect(describeSearch(search({ bookable }), names)).toBe(`Suche: Status ${label}`)
  })
})
