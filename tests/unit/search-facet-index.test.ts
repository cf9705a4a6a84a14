// The in-memory facet index (app/lib/search/facet-index.ts): reading the loaded integers, and the
// counts of one pass (each list ignoring its own filter), worked out by hand on four trips.
import { describe, expect, it } from 'vitest'
import { baseInSortOrder, countFacets, datedPage, readDates, readIntegers, readTrips, tripPosition } from '~/lib/search/facet-index'
import type { DateQuery, FacetQuery } from '~/lib/search/facet-index'

const all = (next: () => number) => {
  const list: number[] = []
  for (let n = next(); !Number.isNaN(n); n = next()) list.push(n)
  return list
}

describe('readIntegers', () => {
  it('reads integers whatever separates them, negative ones too, then NaN', () => {
    expect(all(readIntegers('1,22,,333 -4,'))).toEqual([1, 22, 333, -4])
    expect(all(readIntegers(''))).toEqual([])
    expect(readIntegers('4999000000')()).toBe(4_999_000_000)
  })
})

// Trip: id, duration, statuses, first day, lowest price, place by name, categories, countries, regions.
// 10: 3 days, statuses {0}, day 1000, 500 €, 3rd by name, categories [1], countries [7], regions [100]
// 20: 3 days, statuses {0, 3}, day 1020, 650 €, 1st by name, categories [1, 2], countries [8], regions []
// 30: 8 days, statuses {1}, day 1010, 900 €, 4th by name, categories [2], countries [7, 8], regions [100]
// 40: 1 day, statuses {4}, day 1200, no price, 2nd by name, categories [], countries [], regions []
const TRIPS =
  '10,3,1,1000,500000000,3,1,1,1,7,1,100, 20,3,9,1020,650000000,1,2,1,2,1,8,0, 30,8,2,1010,900000000,4,1,2,2,7,8,1,100, 40,1,16,1200,-1,2,0,0,0'
// Dates: trip, first day, last day, price, status; out of trip order, one of a trip not in the index.
const DATES = [
  [30, 1010, 1017, 900_000_000, 1],
  [10, 1000, 1002, 500_000_000, 0],
  [99, 1000, 1001, 1, 0],
  [20, 1020, 1024, 700_000_000, 0],
  [20, 1100, 1104, 650_000_000, 3],
  [40, 1200, 1200, 99_000_000, 4],
]
const index = readTrips(4, readIntegers(TRIPS))
const dates = readDates(index, DATES.length, readIntegers(DATES.flat().join(',')))

const query = (q: Partial<FacetQuery>): FacetQuery => ({ categories: [], countries: [], regions: [], duration: null, bookable: null, hits: null, dates: null, ...q })
const plain = (counts: ReturnType<typeof countFacets>) => ({
  total: counts.total,
  categories: Object.fromEntries(counts.categories),
  countries: Object.fromEntries(counts.countries),
  statuses: Object.fromEntries(counts.statuses),
})

describe('reading the index', () => {
  it('keeps the trips in id order and their lists', () => {
    expect([...index.ids]).toEqual([10, 20, 30, 40])
    expect(tripPosition(index, 30)).toBe(2)
    expect(tripPosition(index, 31)).toBe(-1)
    expect(index.categories.ids).toEqual([1, 2])
    expect(index.exactPrices).toBe(true)
    expect(() => readTrips(2, readIntegers('20,1,1,0,0,0,0,0,0, 10,1,1,0,0,0,0,0,0'))).toThrow()
    expect(() => readTrips(1, readIntegers('10,1,1,0,0,0,0,0,0, 20'))).toThrow()
    expect(readTrips(1, readIntegers(`10,1,1,0,${2 ** 53},0,0,0,0`)).exactPrices).toBe(false)
  })

  it('groups the dates by trip and leaves out trips not in the index', () => {
    expect(dates && [...dates.start]).toEqual([0, 1, 3, 4, 5])
    expect(dates && [...dates.from]).toEqual([1000, 1020, 1100, 1010, 1200])
    expect(readDates(index, 1, readIntegers(`10,1000,1001,${2 ** 53},0`))).toBeNull()
  })
})

describe('countFacets', () => {
  it('counts every trip without filters', () => {
    expect(plain(countFacets(index, query({}), null))).toEqual({
      total: 4,
      categories: { 1: 2, 2: 2 },
      countries: { 7: 2, 8: 2 },
      statuses: { 0: 2, 1: 1, 3: 1, 4: 1 },
    })
  })

  it('counts each list without its own filter but with the others', () => {
    // Category 1 and country 8: only trip 20 matches.
    expect(plain(countFacets(index, query({ categories: [1], countries: [8] }), null))).toEqual({
      total: 1,
      // Trips in country 8 (20, 30), per category.
      categories: { 1: 1, 2: 2 },
      // Trips in category 1 (10, 20), per country.
      countries: { 7: 1, 8: 1 },
      statuses: { 0: 1, 3: 1 },
    })
    // Status 3: trip 20; the statuses list ignores it.
    expect(plain(countFacets(index, query({ bookable: 3 }), null))).toEqual({
      total: 1,
      categories: { 1: 1, 2: 1 },
      countries: { 8: 1 },
      statuses: { 0: 2, 1: 1, 3: 1, 4: 1 },
    })
  })

  it('applies regions, durations and the words', () => {
    expect(countFacets(index, query({ regions: [100] }), null).total).toBe(2)
    expect(countFacets(index, query({ duration: { min: 3, max: 5 } }), null).total).toBe(2)
    expect(countFacets(index, query({ duration: { min: 4, max: 5 } }), null).total).toBe(0)
    expect(countFacets(index, query({ hits: [5, 30, 40] }), null).total).toBe(2)
    expect(countFacets(index, query({ hits: [] }), null).total).toBe(0)
    expect(countFacets(index, query({ categories: [12345] }), null).total).toBe(0)
  })

  it('counts the statuses of the matching dates only', () => {
    const dated = (d: Partial<NonNullable<FacetQuery['dates']>>, q: Partial<FacetQuery> = {}) =>
      plain(countFacets(index, query({ ...q, dates: { from: 1000, start: null, end: null, price: null, holidays: null, ...d } }), dates))
    // Up to 700 euros: trip 10 (500), trip 20 (700 status 0, 650 status 3), trip 40 (99).
    expect(dated({ price: { min: 0, max: 700_000_000 } })).toMatchObject({ total: 3, statuses: { 0: 2, 3: 1, 4: 1 } })
    // Overlapping days 1017–1020: trip 30 ends on 1017, trip 20 begins on 1020.
    expect(dated({ start: 1017, end: 1020 })).toMatchObject({ total: 2, statuses: { 0: 1, 1: 1 } })
    // Trip 30 overlaps [1003, 1020) and 20's second date [1101, 1102); 10 ends on 1002, 20's first
    // date begins on 1020 (the day after that range), 40 lies after all of them.
    expect(dated({ holidays: [[900, 950], [1003, 1020], [1101, 1102]] })).toMatchObject({ total: 2, statuses: { 1: 1, 3: 1 } })
    // Status 3 with dates from day 1050: only 20's second date.
    expect(dated({ from: 1050 }, { bookable: 3 })).toMatchObject({ total: 1, statuses: { 3: 1, 4: 1 } })
    expect(() => countFacets(index, query({ dates: { from: 0, start: null, end: null, price: null, holidays: [] } }), null)).toThrow()
  })
})

describe('baseInSortOrder', () => {
  const every = { list: 'categories', id: 1 } as const
  it('sorts by the key, ties by the name order, and no price last', () => {
    const trips = { hits: [10, 20, 30, 40] }
    expect(baseInSortOrder(index, trips, 'date')).toEqual([10, 30, 20, 40])
    expect(baseInSortOrder(index, trips, 'price')).toEqual([10, 20, 30, 40])
    // 10 and 20 both last 3 days: 20 comes first by name.
    expect(baseInSortOrder(index, trips, 'duration')).toEqual([40, 20, 10, 30])
    expect(baseInSortOrder(index, trips, 'name')).toEqual([20, 40, 10, 30])
  })

  it('takes the trips of the words or of one id', () => {
    expect(baseInSortOrder(index, { hits: [40, 20, 5] }, 'date')).toEqual([20, 40])
    expect(baseInSortOrder(index, every, 'date')).toEqual([10, 20])
    expect(baseInSortOrder(index, { list: 'regions', id: 100 }, 'name')).toEqual([10, 30])
    expect(baseInSortOrder(index, { list: 'countries', id: 99 }, 'name')).toEqual([])
    expect(baseInSortOrder(readTrips(1, readIntegers(`10,1,1,0,${2 ** 53},0,1,1,0,0`)), every, 'price')).toBeNull()
    expect(baseInSortOrder(index, { hits: [10, 20, 30] }, 'date', 2)).toBe('too many')
    expect(baseInSortOrder(index, { hits: [10, 20] }, 'date', 2)).toEqual([10, 20])
  })
})

describe('datedPage', () => {
  const upcoming: DateQuery = { from: 1000, start: null, end: null, price: null, holidays: null }
  const page = (d: Partial<DateQuery>, q: Partial<FacetQuery>, sortBy: 'date' | 'price', descending: boolean, offset = 0, limit = 10) =>
    dates && datedPage(index, query(q), { ...upcoming, ...d }, dates, sortBy, descending, offset, limit)

  it('sorts by the first day or lowest price of the matching dates, reversed when descending', () => {
    // First days: 10 1000, 30 1010, 20 1020, 40 1200.
    expect(page({}, {}, 'date', false)).toEqual([10, 30, 20, 40])
    expect(page({}, {}, 'date', true)).toEqual([40, 20, 30, 10])
    // Lowest prices: 40 99, 10 500, 20 650 (its second date), 30 900.
    expect(page({}, {}, 'price', true)).toEqual([30, 20, 10, 40])
    // From day 1050: 20's first matching date is its second (1100), 10 and 30 have none.
    expect(page({ from: 1050 }, {}, 'date', true)).toEqual([40, 20])
    // Up to 680 euros: 20's first date (700) no longer counts, its lowest matching price is 650.
    expect(page({ price: { min: 0, max: 680_000_000 } }, {}, 'price', true)).toEqual([20, 10, 40])
    expect(page({}, {}, 'date', true, 1, 2)).toEqual([20, 30])
  })

  it('takes only dates of the chosen status, and the trips the other filters keep', () => {
    // Status 0: 20's first date (700 euros) is its lowest of that status.
    expect(page({}, { bookable: 0 }, 'price', false)).toEqual([10, 20])
    expect(page({}, { bookable: 3 }, 'date', false)).toEqual([20])
    expect(page({}, { categories: [1], countries: [8] }, 'date', true)).toEqual([20])
    expect(page({}, { hits: [30, 40, 5] }, 'date', false)).toEqual([30, 40])
    expect(page({}, { regions: [100], duration: { min: 3, max: 3 } }, 'date', false)).toEqual([10])
  })

  it('breaks ties by the name order, reversed too when descending', () => {
    // Same first day for all: by place in the name order 20, 40, 10, 30.
    const same = readDates(index, 4, readIntegers('10,1000,1001,1,0, 20,1000,1001,1,0, 30,1000,1001,1,0, 40,1000,1001,1,0'))
    expect(same && datedPage(index, query({}), upcoming, same, 'date', false, 0, 10)).toEqual([20, 40, 10, 30])
    expect(same && datedPage(index, query({}), upcoming, same, 'price', true, 0, 10)).toEqual([30, 10, 40, 20])
  })
})

describe('datedPage on many trips', () => {
  // 400 trips with one to six dates each, drawn from a fixed seed: pages of a few trips in both
  // directions, so that the walk in the order of each trip's own first or last day, lowest or
  // highest price, stops early; each page compared with sorting every trip's matching key.
  let seed = 7
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % n
  }
  const count = 400
  const ranks = Array.from({ length: count }, (_, i) => i + 1).sort(() => random(3) - 1)
  const tripDates = Array.from({ length: count }, (_, i) =>
    Array.from({ length: 1 + random(6) }, () => {
      const from = 1000 + random(300)
      return [10 * (i + 1), from, from + random(9), (100 + random(40)) * 10_000_000, random(5)] as const
    }),
  )
  const trips = tripDates
    .map((own, i) => {
      const statuses = own.reduce((bits, d) => bits | (1 << d[4]), 0)
      return [10 * (i + 1), 1 + random(9), statuses, Math.min(...own.map((d) => d[1])), Math.min(...own.map((d) => d[3])), ranks[i], 0, 0, 0].join(',')
    })
    .join(',')
  const many = readTrips(count, readIntegers(trips))
  const manyDates = readDates(many, tripDates.flat().length, readIntegers(tripDates.flat().flat().join(',')))

  const expected = (d: DateQuery, bookable: number | null, sortBy: 'date' | 'price', descending: boolean) => {
    const keyed = tripDates.flatMap((own, i) => {
      const matching = own.filter(
        ([, from, till, price, status]) =>
          from >= d.from &&
          (d.start === null || till >= d.start) &&
          (d.end === null || from <= d.end) &&
          (d.price === null || (price >= d.price.min && price <= d.price.max)) &&
          (bookable === null || status === bookable),
      )
      return matching.length === 0 ? [] : [{ id: 10 * (i + 1), rank: ranks[i] ?? 0, key: Math.min(...matching.map((m) => (sortBy === 'date' ? m[1] : m[3]))) }]
    })
    const sign = descending ? -1 : 1
    return keyed.sort((a, b) => sign * (a.key - b.key || a.rank - b.rank)).map((t) => t.id)
  }

  it('gives the pages of sorting every matching trip, ascending and descending', () => {
    const queries: [Partial<DateQuery>, number | null][] = [
      [{}, null],
      [{ start: 1100, end: 1130 }, null],
      [{ price: { min: 1_100_000_000, max: 1_250_000_000 } }, null],
      [{ from: 1200 }, 2],
      [{ start: 1050, end: 1200, price: { min: 0, max: 1_200_000_000 } }, 0],
    ]
    let pages = 0
    for (const [d, bookable] of queries) {
      const dateQuery = { from: 1000, start: null, end: null, price: null, holidays: null, ...d }
      for (const sortBy of ['date', 'price'] as const) {
        for (const descending of [false, true]) {
          const all = expected(dateQuery, bookable, sortBy, descending)
          for (const [offset, limit] of [[0, 3], [5, 10], [40, 20]] as const) {
            const label = `${JSON.stringify(d)} ${bookable} ${sortBy} ${descending} ${offset}`
            expect(manyDates && datedPage(many, query({ bookable }), dateQuery, manyDates, sortBy, descending, offset, limit), label).toEqual(all.slice(offset, offset + limit))
            pages++
          }
        }
      }
    }
    expect(pages).toBe(60)
  })
})
