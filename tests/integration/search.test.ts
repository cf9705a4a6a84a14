// The trip search against a real database (PGlite; PostgreSQL when DATABASE_URL is set) with a
// small catalogue of our own, so that every expectation can be worked out by hand.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isoDayToUnix } from '~/lib/search/dates'
import { EMPTY_SEARCH, normalizeSearch } from '~/lib/search/segment'
import type { SearchInput } from '~/lib/search/segment'
import { SORT_DIRECTIONS } from '~/lib/search/sort'
import type { SortBy } from '~/lib/search/sort'
import * as schema from '~/server/db/schema'
import { addDays } from '~/lib/calendar'
import { searchTrips } from '~/server/services/search/search.server'
import { suggest } from '~/server/services/search/suggest.server'
import type { PagePlan } from '~/server/services/search/pages.server'
import type { SearchOptions } from '~/server/services/search/search.server'
import { todayIsoDay } from '~/server/services/trip-cards.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayIsoDay()
const day = (offset: number) => addDays(today, offset)
const unix = (offset: number) => {
  const sec = isoDayToUnix(day(offset))
  if (sec === null) throw new Error('no such day')
  return sec
}
const euro = (n: number) => n * 1_000_000

const CAT = { staedte: 1, bade: 2, top: 3 }
const LAND = { oesterreich: 1, italien: 2, frankreich: 3 }
const REGION = { wien: 1, gardasee: 2, elsass: 3 }
const TRIP = { wien: 1, gardasee: 2, strassburg: 3, unpublished: 4, past: 5, venedig: 6 }

type TripFixture = {
  id: number
  title: string
  duration: number
  published?: boolean
  teaser?: string
  categories: number[]
  countries: number[]
  regions: number[]
  /** [offset from today, price in euros, status] */
  dates: [number, number, 0 | 1 | 2 | 3 | 4 | 5][]
}

const FIXTURES: TripFixture[] = [
  {
    id: TRIP.wien,
    title: 'Städtereisen nach Wien',
    duration: 4,
    categories: [CAT.staedte],
    countries: [LAND.oesterreich],
    regions: [REGION.wien],
    dates: [
      [10, 600, 0],
      [100, 500, 3],
    ],
  },
  {
    id: TRIP.gardasee,
    title: 'Gardasee Dolce Vita',
    duration: 8,
    teaser: 'Zitronen, Oliven und Seeblick',
    categories: [CAT.bade],
    countries: [LAND.italien],
    regions: [REGION.gardasee],
    dates: [[65, 1200, 0]],
  },
  {
    id: TRIP.strassburg,
    title: 'Straßburg und Elsass',
    duration: 3,
    categories: [CAT.staedte, CAT.top],
    countries: [LAND.frankreich],
    regions: [REGION.elsass],
    dates: [[30, 450, 1]],
  },
  {
    id: TRIP.unpublished,
    title: 'Unveröffentlichte Städtereise nach Wien',
    duration: 4,
    published: false,
    categories: [CAT.staedte],
    countries: [LAND.oesterreich],
    regions: [REGION.wien],
    dates: [[20, 300, 0]],
  },
  {
    id: TRIP.past,
    title: 'Vergangene Städtereise nach Wien',
    duration: 4,
    categories: [CAT.staedte],
    countries: [LAND.oesterreich],
    regions: [REGION.wien],
    dates: [[-10, 300, 0]],
  },
  {
    id: TRIP.venedig,
    title: 'Venedig und Gardasee',
    duration: 5,
    categories: [CAT.bade],
    countries: [LAND.italien],
    regions: [REGION.gardasee],
    dates: [
      [-5, 100, 0],
      [200, 900, 4],
    ],
  },
]

/** The trips that can be found: published, with a date from today on. */
const VISIBLE = [TRIP.wien, TRIP.gardasee, TRIP.strassburg, TRIP.venedig]

beforeAll(async () => {
  t = await openTestDatabase({ seed: false })
  const db = t.db
  await db.insert(schema.categories).values([
    { id: CAT.staedte, slug: 'staedtereisen', name: 'Städtereisen', kind: 'bus', sort: 1 },
    { id: CAT.bade, slug: 'badeurlaub', name: 'Badeurlaub', kind: 'bus', sort: 2 },
    { id: CAT.top, slug: 'top-reisen', name: 'Top-Reisen', kind: 'special', sort: 3 },
  ])
  await db.insert(schema.countries).values([
    { id: LAND.oesterreich, slug: 'oesterreich', name: 'Österreich' },
    { id: LAND.italien, slug: 'italien', name: 'Italien' },
    { id: LAND.frankreich, slug: 'frankreich', name: 'Frankreich' },
  ])
  await db.insert(schema.regions).values([
    { id: REGION.wien, slug: 'wien', name: 'Wien' },
    { id: REGION.gardasee, slug: 'gardasee', name: 'Gardasee' },
    { id: REGION.elsass, slug: 'elsass', name: 'Elsass' },
  ])
  await db.insert(schema.regionCountries).values([
    { regionId: REGION.wien, countryId: LAND.oesterreich },
    { regionId: REGION.gardasee, countryId: LAND.italien },
    { regionId: REGION.elsass, countryId: LAND.frankreich },
  ])
  // Summer holidays around the Gardasee date only.
  await db.insert(schema.schoolHolidays).values([{ state: 'NW', name: 'Sommerferien', dateFrom: day(60), dateTill: day(74) }])
  await db.insert(schema.trips).values(
    FIXTURES.map((f) => ({
      id: f.id,
      slug: `reise-${f.id}`,
      title: f.title,
      teaser: f.teaser ?? '',
      description: `<p>${f.title}: eine Reise mit Reiseleitung.</p>`,
      durationDays: f.duration,
      transport: 'bus' as const,
      published: f.published ?? true,
    })),
  )
  await db.insert(schema.tripCategories).values(FIXTURES.flatMap((f) => f.categories.map((categoryId) => ({ tripId: f.id, categoryId }))))
  await db.insert(schema.tripCountries).values(FIXTURES.flatMap((f) => f.countries.map((countryId) => ({ tripId: f.id, countryId }))))
  await db.insert(schema.tripRegions).values(FIXTURES.flatMap((f) => f.regions.map((regionId) => ({ tripId: f.id, regionId }))))
  await db.insert(schema.tripDates).values(
    FIXTURES.flatMap((f) =>
      f.dates.map(([offset, price, bookable], i) => ({
        tripId: f.id,
        dateFrom: day(offset),
        dateTill: day(offset + f.duration - 1),
        price: euro(price),
        bookable,
        capacity: 40,
        code: `T${f.id}-${i}`,
      })),
    ),
  )
})

afterAll(async () => {
  await t?.cleanup()
})

const DEFAULTS: SearchOptions = { sortBy: 'date', sortDirection: 'asc', page: 1, holidaysOnly: false }

/** The options of a search, and the tests' fixed day and forced page plan. */
type TestOptions = Partial<SearchOptions> & { plan?: PagePlan }

async function find(input: SearchInput, { plan, ...options }: TestOptions = {}) {
  return searchTrips(t.db, normalizeSearch(input), { ...DEFAULTS, ...options }, { today, plan })
}

async function ids(input: SearchInput, options: TestOptions = {}): Promise<number[]> {
  return (await find(input, options)).trips.map((trip) => trip.id)
}

const sorted = (list: number[]) => [...list].sort((a, b) => a - b)

describe('German full text', () => {
  it('finds "Städtereisen" for "städtereise" (stemming) and the category name in the document', async () => {
    const found = await ids({ text: 'städtereise' })
    expect(found).toContain(TRIP.wien)
    // 'Straßburg und Elsass' is in the category Städtereisen, whose name is part of the document.
    expect(found).toContain(TRIP.strassburg)
    expect(found).not.toContain(TRIP.gardasee)
  })

  it('reads ae/oe/ue as umlauts and ss as ß', async () => {
    expect(await ids({ text: 'staedtereisen' })).toContain(TRIP.wien)
    expect(await ids({ text: 'strassburg' })).toEqual([TRIP.strassburg])
    expect(await ids({ text: 'straße' })).toEqual([TRIP.strassburg])
    expect(await ids({ text: 'oesterreich' })).toContain(TRIP.wien)
  })

  it('matches words from the teaser and region names', async () => {
    expect(await ids({ text: 'zitronen' })).toEqual([TRIP.gardasee])
    expect(sorted(await ids({ text: 'elsass' }))).toEqual([TRIP.strassburg])
  })

  it('tolerates typos: gardase and gardasse find Gardasee', async () => {
    expect(sorted(await ids({ text: 'gardase' }))).toEqual([TRIP.gardasee, TRIP.venedig])
    const typo = await find({ text: 'gardasse' })
    expect(typo.fuzzy).toBe(true)
    expect(typo.trips.map((trip) => trip.id)).toContain(TRIP.gardasee)
    expect((await find({ text: 'gardasee' })).fuzzy).toBe(false)
  })

  it('survives letters that fold into punctuation and tsquery operators in the text', async () => {
    // U+02BC is a letter; unaccent turns it into an apostrophe.
    expect(await ids({ text: 'straßeʼ' })).toEqual([TRIP.strassburg])
    expect(await ids({ text: "wien' | !( ) & <-> ':*" })).toContain(TRIP.wien)
  })

  it('finds nothing for words no trip has, and stop words alone do not filter', async () => {
    const none = await find({ text: 'xylophonbauer' })
    expect(none.total).toBe(0)
    expect(none.trips).toEqual([])
    expect(sorted(await ids({ text: 'und' }))).toEqual(VISIBLE)
  })
})

describe('filters', () => {
  it('the empty search finds every published trip with an upcoming date', async () => {
    const all = await find({})
    expect(all.total).toBe(VISIBLE.length)
    expect(sorted(all.trips.map((trip) => trip.id))).toEqual(VISIBLE)
  })

  it('categories, countries and regions: any of the chosen ones', async () => {
    expect(sorted(await ids({ categories: [CAT.bade] }))).toEqual([TRIP.gardasee, TRIP.venedig])
    expect(sorted(await ids({ categories: [CAT.bade, CAT.top] }))).toEqual([TRIP.gardasee, TRIP.strassburg, TRIP.venedig])
    expect(await ids({ countries: [LAND.oesterreich] })).toEqual([TRIP.wien])
    expect(sorted(await ids({ countries: [LAND.oesterreich, LAND.frankreich] }))).toEqual([TRIP.wien, TRIP.strassburg])
    expect(await ids({ regions: [REGION.elsass] })).toEqual([TRIP.strassburg])
    expect(await ids({ categories: [CAT.staedte], countries: [LAND.italien] })).toEqual([])
  })

  it('date range: a date overlapping the range', async () => {
    expect(await ids({ start: unix(60), end: unix(70) })).toEqual([TRIP.gardasee])
    // The Gardasee date runs from day 65 to 72: a range starting on its last day still overlaps.
    expect(await ids({ start: unix(72), end: unix(90) })).toEqual([TRIP.gardasee])
    expect(sorted(await ids({ start: unix(0), end: unix(12) }))).toEqual([TRIP.wien])
    expect(sorted(await ids({ start: unix(150) }))).toEqual([TRIP.venedig])
    expect(sorted(await ids({ end: unix(35) }))).toEqual([TRIP.wien, TRIP.strassburg])
  })

  it('duration in days, both ends included', async () => {
    expect(sorted(await ids({ duration: { min: 5, max: 8 } }))).toEqual([TRIP.gardasee, TRIP.venedig])
    expect(await ids({ duration: { min: 3, max: 3 } })).toEqual([TRIP.strassburg])
  })

  it('bookable: trips with a date of that status', async () => {
    expect(await ids({ bookable: 1 })).toEqual([TRIP.strassburg])
    expect(await ids({ bookable: 3 })).toEqual([TRIP.wien])
    expect(sorted(await ids({ bookable: 0 }))).toEqual([TRIP.wien, TRIP.gardasee])
    // The status must belong to a date inside the range.
    expect(await ids({ bookable: 3, start: unix(0), end: unix(50) })).toEqual([])
  })

  it('price in euros against the price of a date', async () => {
    expect(sorted(await ids({ price: { min: 400, max: 550 } }))).toEqual([TRIP.wien, TRIP.strassburg])
    expect(await ids({ price: { min: 1000, max: 5000 } })).toEqual([TRIP.gardasee])
    // Price and range on the same date: Wien costs 500 only on day 100.
    expect(await ids({ price: { min: 400, max: 550 }, start: unix(0), end: unix(50) })).toEqual([TRIP.strassburg])
  })

  it('Ferientermine: only dates that overlap school holidays', async () => {
    expect(await ids({}, { holidaysOnly: true })).toEqual([TRIP.gardasee])
    // New holidays count at once (the cached holiday ranges belong to a catalogue version).
    await t.db.insert(schema.schoolHolidays).values({ state: 'BY', name: 'Herbstferien', dateFrom: day(31), dateTill: day(35) })
    expect(sorted(await ids({}, { holidaysOnly: true }))).toEqual([TRIP.gardasee, TRIP.strassburg])
    await t.db.delete(schema.schoolHolidays).where(eq(schema.schoolHolidays.state, 'BY'))
    expect(await ids({}, { holidaysOnly: true })).toEqual([TRIP.gardasee])
  })

  it('only published trips', async () => {
    expect(await ids({ text: 'unveröffentlichte' })).toEqual([])
    expect(await ids({ countries: [LAND.oesterreich] })).not.toContain(TRIP.unpublished)
  })

  it('past dates are ignored for finding, filtering and sorting', async () => {
    expect(await ids({ text: 'vergangene' })).toEqual([])
    // Venedig had a date at 100 € five days ago; only its 900 € date counts.
    expect(await ids({ price: { min: 50, max: 150 } })).toEqual([])
    expect(await ids({ start: unix(-6), end: unix(-4) })).toEqual([])
    const cheapestFirst = await ids({}, { sortBy: 'price' })
    expect(cheapestFirst.indexOf(TRIP.venedig)).toBe(2)
  })
})

describe('sorting', () => {
  const cases: [SortBy, number[]][] = [
    ['date', [TRIP.wien, TRIP.strassburg, TRIP.gardasee, TRIP.venedig]],
    ['price', [TRIP.strassburg, TRIP.wien, TRIP.venedig, TRIP.gardasee]],
    ['duration', [TRIP.strassburg, TRIP.wien, TRIP.venedig, TRIP.gardasee]],
    // gardasee, stadtereisen, strassburg, venedig (folded titles)
    ['name', [TRIP.gardasee, TRIP.wien, TRIP.strassburg, TRIP.venedig]],
  ]
  for (const [sortBy, ascending] of cases) {
    for (const sortDirection of SORT_DIRECTIONS) {
      it(`${sortBy} ${sortDirection}`, async () => {
        const expected = sortDirection === 'asc' ? ascending : [...ascending].reverse()
        expect(await ids({}, { sortBy, sortDirection })).toEqual(expected)
        // Large results take the page by walking an index in order: the same order.
        expect(await ids({}, { sortBy, sortDirection, plan: { indexWalkFrom: 0, fromIndex: false } })).toEqual(expected)
        // With a date filter the page comes from the dates (grouped, or walked in order).
        const dated = { price: { min: 0, max: 100_000 } }
        expect(await ids(dated, { sortBy, sortDirection })).toEqual(expected)
        expect(await ids(dated, { sortBy, sortDirection, plan: { indexWalkFrom: 0, fromIndex: false } })).toEqual(expected)
      })
    }
  }

  it('walking dates in order pages like sorting them', async () => {
    const range = { start: unix(0), end: unix(300) }
    for (const sortBy of ['date', 'price'] satisfies SortBy[]) {
      const sortedAll = await ids(range, { sortBy, pageSize: 100 })
      const pages: number[] = []
      for (const page of [1, 2, 3, 4]) pages.push(...(await ids(range, { sortBy, pageSize: 1, page, plan: { indexWalkFrom: 0, fromIndex: false } })))
      expect(pages).toEqual(sortedAll)
    }
  })

  it('a walk of the sort index within a row budget pages like sorting, and sorts when it comes back short', async () => {
    const sets: SearchInput[] = [{}, { text: 'reise' }, { categories: [CAT.staedte, CAT.bade] }, { duration: { min: 4, max: 8 } }]
    for (const input of sets) {
      for (const [sortBy] of cases) {
        for (const sortDirection of SORT_DIRECTIONS) {
          const all = await ids(input, { sortBy, sortDirection, pageSize: 100, plan: { orderedLists: false, fromIndex: false } })
          expect(all.length).toBeGreaterThan(1)
          // Budget 1 finds page 1 only when the first trip in order matches; 100 reads them all.
          for (const walkBudget of [1, 2, 100]) {
            const pages: number[] = []
            for (let page = 1; page <= all.length; page++) pages.push(...(await ids(input, { sortBy, sortDirection, pageSize: 1, page, plan: { walkBudget, orderedLists: false, fromIndex: false } })))
            expect(pages, `${JSON.stringify(input)} ${sortBy} ${sortDirection} budget ${walkBudget}`).toEqual(all)
          }
        }
      }
    }
  })

  it('pages read off a kept ordered list are the pages of the sort', async () => {
    const sets: SearchInput[] = [
      { text: 'reise' },
      { text: 'reise', categories: [CAT.bade] },
      { text: 'gardase' },
      { categories: [CAT.staedte] },
      { categories: [CAT.staedte], duration: { min: 3, max: 3 } },
      { countries: [LAND.italien] },
      { regions: [REGION.gardasee], categories: [CAT.bade] },
      // With date filters a trip sorts by its matching dates, which its list position only bounds.
      { text: 'reise', price: { min: 0, max: 700 } },
      { text: 'reise', start: unix(50), end: unix(300) },
      { categories: [CAT.staedte], end: unix(120) },
      { categories: [CAT.staedte], bookable: 0 },
      { countries: [LAND.italien], price: { min: 1000, max: 1300 } },
    ]
    for (const input of sets) {
      for (const ferien of [false, true]) {
        for (const [sortBy] of cases) {
          for (const sortDirection of SORT_DIRECTIONS) {
            const options = { sortBy, sortDirection, holidaysOnly: ferien }
            const sortedAll = await ids(input, { ...options, pageSize: 100, plan: { orderedLists: false, fromIndex: false } })
            if (!ferien) expect(sortedAll.length).toBeGreaterThan(0)
            const pages: number[] = []
            for (let page = 1; page <= sortedAll.length; page++) pages.push(...(await ids(input, { ...options, pageSize: 1, page })))
            expect(pages, `${JSON.stringify(input)} ${ferien} ${sortBy} ${sortDirection}`).toEqual(sortedAll)
            // Taking the list one trip at first, so that the bounds of the trips further down decide.
            const fromOne: number[] = []
            for (let page = 1; page <= sortedAll.length; page++) fromOne.push(...(await ids(input, { ...options, pageSize: 1, page, plan: { boundChunk: 1, fromIndex: false } })))
            expect(fromOne, `${JSON.stringify(input)} ${ferien} ${sortBy} ${sortDirection} from one`).toEqual(sortedAll)
            expect(await ids(input, { ...options, pageSize: 100 })).toEqual(sortedAll)
          }
        }
      }
    }
  })

  it('sorts by the matching date and price when dates are filtered', async () => {
    // In the range up to day 120 Wien's cheapest date is the 500 € one on day 100.
    const inRange = await find({ end: unix(120) }, { sortBy: 'price' })
    expect(inRange.trips.map((trip) => trip.id)).toEqual([TRIP.strassburg, TRIP.wien, TRIP.gardasee])
    // With status 0 only, Wien's cheapest is 600 €: still before Gardasee (1,200 €).
    expect(await ids({ bookable: 0 }, { sortBy: 'price', sortDirection: 'desc' })).toEqual([TRIP.gardasee, TRIP.wien])
    expect(await ids({ bookable: 0 }, { sortBy: 'price', plan: { indexWalkFrom: 0, fromIndex: false } })).toEqual([TRIP.wien, TRIP.gardasee])
    expect(await ids({ end: unix(120) }, { sortBy: 'price', plan: { indexWalkFrom: 0, fromIndex: false } })).toEqual([TRIP.strassburg, TRIP.wien, TRIP.gardasee])
  })

  it('ties go by title, then id, and descending reverses them too', async () => {
    // No two fixtures share a sort key, and a new trip would change the counts above, so the
    // Gardasee trip (id 2) takes Wien's 4 days for this test. By id Wien (id 1) would come first;
    // by title "gardasee dolce vita" comes before "stadtereisen nach wien".
    await t.db.update(schema.trips).set({ durationDays: 4 }).where(eq(schema.trips.id, TRIP.gardasee))
    try {
      const ascending = [TRIP.strassburg, TRIP.gardasee, TRIP.wien, TRIP.venedig]
      const input = { categories: [CAT.staedte, CAT.bade] }
      for (const sortDirection of SORT_DIRECTIONS) {
        const expected = sortDirection === 'asc' ? ascending : [...ascending].reverse()
        expect(await ids(input, { sortBy: 'duration', sortDirection })).toEqual(expected)
        expect(await ids(input, { sortBy: 'duration', sortDirection, plan: { indexWalkFrom: 0, fromIndex: false } })).toEqual(expected)
        expect(await ids({ ...input, price: { min: 0, max: 100_000 } }, { sortBy: 'duration', sortDirection })).toEqual(expected)
      }
    } finally {
      await t.db.update(schema.trips).set({ durationDays: 8 }).where(eq(schema.trips.id, TRIP.gardasee))
    }
    expect(await ids({}, { sortBy: 'duration' })).toEqual([TRIP.strassburg, TRIP.wien, TRIP.venedig, TRIP.gardasee])
  })
})

describe('paging', () => {
  it('cuts the sorted list into pages and clamps a page past the end', async () => {
    const first = await find({}, { pageSize: 3 })
    expect(first).toMatchObject({ total: 4, page: 1, pageCount: 2, pageSize: 3 })
    expect(first.trips.map((trip) => trip.id)).toEqual([TRIP.wien, TRIP.strassburg, TRIP.gardasee])
    const second = await find({}, { pageSize: 3, page: 2 })
    expect(second.trips.map((trip) => trip.id)).toEqual([TRIP.venedig])
    const beyond = await find({}, { pageSize: 3, page: 99 })
    expect(beyond.page).toBe(2)
    expect(beyond.trips.map((trip) => trip.id)).toEqual([TRIP.venedig])
  })

  it('ids and numbers no row can have find nothing instead of failing', async () => {
    expect(await ids({ categories: [3_304_025_823] })).toEqual([])
    expect(await ids({ countries: [LAND.italien, Number.MAX_SAFE_INTEGER] })).toEqual([TRIP.gardasee, TRIP.venedig])
    expect(await ids({ duration: { min: 3_000_000_000, max: 9_000_000_000 } })).toEqual([])
    expect(await ids({ duration: { min: 1, max: 9_000_000_000 } })).toHaveLength(VISIBLE.length)
    expect((await find({}, { page: Number.MAX_SAFE_INTEGER })).page).toBe(1)
  })

  it('an empty result is page 1 of 1', async () => {
    expect(await find({ text: 'xylophonbauer' }, { page: 5 })).toMatchObject({ total: 0, page: 1, pageCount: 1 })
  })
})

describe('facet counts', () => {
  const counts = (list: { id: number; count: number }[]) => Object.fromEntries(list.map((v) => [v.id, v.count]))

  it('count the current result per category, country and status', async () => {
    const { facets } = await find({})
    expect(counts(facets.categories)).toEqual({ [CAT.staedte]: 2, [CAT.bade]: 2, [CAT.top]: 1 })
    expect(counts(facets.countries)).toEqual({ [LAND.oesterreich]: 1, [LAND.italien]: 2, [LAND.frankreich]: 1 })
    expect(facets.categories.find((c) => c.id === CAT.staedte)?.name).toBe('Städtereisen')
    // Status 0: Wien and Gardasee; 1: Straßburg; 3: Wien (day 100); 4: Venedig.
    expect(Object.fromEntries(facets.bookable.map((b) => [b.status, b.count]))).toEqual({ 0: 2, 1: 1, 3: 1, 4: 1 })
  })

  it('a list ignores its own filter but follows the others', async () => {
    const result = await find({ categories: [CAT.staedte] })
    expect(result.total).toBe(2)
    // Other categories keep their counts, so that ticking one more shows what it adds.
    expect(counts(result.facets.categories)).toEqual({ [CAT.staedte]: 2, [CAT.bade]: 2, [CAT.top]: 1 })
    expect(counts(result.facets.countries)).toEqual({ [LAND.oesterreich]: 1, [LAND.frankreich]: 1 })
    expect(Object.fromEntries(result.facets.bookable.map((b) => [b.status, b.count]))).toEqual({ 0: 1, 1: 1, 3: 1 })

    const byStatus = await find({ bookable: 1 })
    expect(byStatus.total).toBe(1)
    expect(Object.fromEntries(byStatus.facets.bookable.map((b) => [b.status, b.count]))).toEqual({ 0: 2, 1: 1, 3: 1, 4: 1 })
    expect(counts(byStatus.facets.categories)).toEqual({ [CAT.staedte]: 1, [CAT.top]: 1 })
  })

  it('follow the text and the date filters', async () => {
    const result = await find({ text: 'gardasee' })
    expect(counts(result.facets.countries)).toEqual({ [LAND.italien]: 2 })
    const summer = await find({ start: unix(60), end: unix(80) })
    expect(counts(summer.facets.categories)).toEqual({ [CAT.bade]: 1 })
  })
})

describe('keeping up with the catalogue', () => {
  it('sees new titles, links, dates and names at once', async () => {
    const db = t.db
    const before = await find({ countries: [LAND.oesterreich] })
    expect(before.trips[0]?.title).toBe('Städtereisen nach Wien')
    await db.update(schema.trips).set({ title: 'Zauberhaftes Salzburg' }).where(eq(schema.trips.id, TRIP.wien))
    expect(await ids({ text: 'salzburg' })).toEqual([TRIP.wien])
    // Counts and cards are kept per catalogue version: the change shows at once.
    expect((await find({ countries: [LAND.oesterreich] })).trips[0]?.title).toBe('Zauberhaftes Salzburg')
    expect((await ids({}, { sortBy: 'name' })).at(-1)).toBe(TRIP.wien)

    await db.insert(schema.tripCategories).values({ tripId: TRIP.wien, categoryId: CAT.bade })
    expect((await find({ categories: [CAT.bade] })).total).toBe(3)
    await db.delete(schema.tripCategories).where(eq(schema.tripCategories.tripId, TRIP.wien))
    expect(await ids({ categories: [CAT.bade] })).not.toContain(TRIP.wien)

    await db.update(schema.regions).set({ name: 'Sonnenküste' }).where(eq(schema.regions.id, REGION.elsass))
    expect(await ids({ text: 'sonnenküste' })).toEqual([TRIP.strassburg])

    await db.insert(schema.tripDates).values({ tripId: TRIP.strassburg, dateFrom: day(2), dateTill: day(4), price: euro(199), bookable: 5, capacity: 40, code: 'NEW' })
    expect(await ids({}, { sortBy: 'price' })).toEqual([TRIP.strassburg, TRIP.wien, TRIP.venedig, TRIP.gardasee])
    expect((await find({ regions: [REGION.elsass] })).trips[0]?.priceFrom).toBe(euro(199))
    await db.delete(schema.tripDates).where(eq(schema.tripDates.code, 'NEW'))
    expect(await ids({ bookable: 5 })).toEqual([])

    await db.update(schema.trips).set({ published: false }).where(eq(schema.trips.id, TRIP.venedig))
    expect((await find({})).total).toBe(3)
    await db.update(schema.trips).set({ published: true }).where(eq(schema.trips.id, TRIP.venedig))
    await db.update(schema.trips).set({ title: 'Venedig und Gardasee' }).where(eq(schema.trips.id, TRIP.venedig))
    await db.update(schema.trips).set({ title: 'Städtereisen nach Wien' }).where(eq(schema.trips.id, TRIP.wien))
    await db.insert(schema.tripCategories).values({ tripId: TRIP.wien, categoryId: CAT.staedte })
    await db.update(schema.regions).set({ name: 'Elsass' }).where(eq(schema.regions.id, REGION.elsass))
    expect(sorted(await ids({}))).toEqual(VISIBLE)
  })
})

describe('suggestions', () => {
  it('offer regions and countries first, then trips, for a few letters', async () => {
    const gard = await suggest(t.db, 'gard', today)
    expect(gard[0]).toMatchObject({ kind: 'region', label: 'Gardasee', id: REGION.gardasee })
    expect(gard[0]?.href).toBe('/reiseuebersicht/search/---2-----/')
    expect(gard.filter((s) => s.kind === 'trip').map((s) => s.label)).toEqual(['Gardasee Dolce Vita', 'Venedig und Gardasee'])
    expect(gard.find((s) => s.kind === 'trip')?.href).toBe(`/reise/${TRIP.gardasee}/`)
  })

  it('fold umlauts, leave out unpublished and past trips, and need two letters', async () => {
    expect((await suggest(t.db, 'staed', today)).map((s) => s.label)).toEqual(['Städtereisen nach Wien'])
    expect((await suggest(t.db, 'öst', today)).map((s) => `${s.kind}:${s.label}`)).toEqual(['country:Österreich'])
    expect((await suggest(t.db, 'vergangene', today))).toEqual([])
    expect((await suggest(t.db, 'unver', today))).toEqual([])
    expect(await suggest(t.db, 'g', today)).toEqual([])
  })

  it('treat LIKE wildcards as letters', async () => {
    expect(await suggest(t.db, '%%', today)).toEqual([])
    expect(await suggest(t.db, 'g_rd', today)).toEqual([])
  })
})

describe('the empty search object', () => {
  it('is what the page searches for an empty segment', async () => {
    expect((await searchTrips(t.db, EMPTY_SEARCH, DEFAULTS, { today })).total).toBe(VISIBLE.length)
  })
})
