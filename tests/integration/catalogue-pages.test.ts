// Services of the catalogue pages against a real database with the 200-trip demo catalogue: start
// page (and its spec 8 failure behaviour), category overview, trip detail, calendars, wish list.
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { filterMainCategories } from '~/lib/categories'
import { parseTripParam } from '~/lib/trip-detail'
import type { TripBoardingPoint } from '~/lib/trip-detail'
import type { Database } from '~/server/db/database.server'
import {
  blogEntries,
  boardingPoints,
  categories,
  tripBoardingPoints,
  tripCategories,
  tripCountries,
  tripDates,
  trips,
} from '~/server/db/schema'
import { loadOffer } from '~/server/services/booking/offer.server'
import { loadInitData } from '~/server/services/catalogue.server'
import { loadCategoryPage } from '~/server/services/category.server'
import type { CategoryPageQuery } from '~/server/services/category.server'
import { loadFlightLanding } from '~/server/services/flight-landing.server'
import {
  ADVANTAGES_ERROR_PREFIX,
  BLOG_ERROR_PREFIX,
  FRONT_PAGE_BLOG_COUNT,
  loadAdvantages,
  loadFrontPageBlogs,
  loadStartPage,
} from '~/server/services/start-page.server'
import { loadCalendarPage } from '~/server/services/travel-calendar.server'
import { todayIsoDay } from '~/server/services/trip-cards.server'
import { loadTripDetail, resolveTripRef, tripDateIcs } from '~/server/services/trip-detail.server'
import { resolveWishlist } from '~/server/services/wishlist.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let today: string
let biggest: { slug: string; journeys: number }

beforeAll(async () => {
  t = await openTestDatabase()
  today = todayIsoDay()
  const init = await loadInitData(t.db)
  const main = filterMainCategories(init.categories).sort((a, b) => (b.journeys ?? 0) - (a.journeys ?? 0))
  const first = main[0]
  if (!first?.journeys) throw new Error('the seed has no category with trips')
  biggest = { slug: first.slug, journeys: first.journeys }
})
afterAll(async () => {
  await t?.cleanup()
})

/**
 * The same database, except that every query touching the given table fails: how a broken blog
 * table (or a timeout) looks to the service.
 */
function failingOn(db: Database, table: object): Database {
  const failSelect = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver)
        if (prop === 'from' && typeof value === 'function') {
          return (source: unknown, ...rest: unknown[]) => {
            if (source === table) throw new Error('relation "blog_entries" is not available')
            return Reflect.apply(value, target, [source, ...rest])
          }
        }
        return value
      },
    })
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver)
      if ((prop === 'select' || prop === 'selectDistinct') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const builder: unknown = Reflect.apply(value, target, args)
          return typeof builder === 'object' && builder !== null ? failSelect(builder) : builder
        }
      }
      return value
    },
  })
}

function loggedWith(spy: { mock: { calls: unknown[][] } }, prefix: string): boolean {
  return spy.mock.calls.some((args) => args.some((arg) => typeof arg === 'string' && arg.includes(prefix)))
}

describe('start page', () => {
  it('fills the special blocks, tiles, blogs, advantages and testimonials', async () => {
    const page = await loadStartPage(t.db, today)
    expect(page.slider.length).toBeGreaterThan(0)
    expect(page.slider.every((trip) => trip.image !== null)).toBe(true)
    expect(page.top.length).toBeGreaterThan(0)
    expect(page.highlights.length + page.tips.length).toBeGreaterThan(0)
    expect(page.headings.top?.toLowerCase().startsWith('top')).toBe(true)

    // Every slider trip really is in a category whose name starts with 'Slider'.
    const sliderRows = await t.db
      .select({ tripId: tripCategories.tripId, name: categories.name })
      .from(tripCategories)
      .innerJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(inArray(tripCategories.tripId, page.slider.map((s) => s.id)))
    for (const slide of page.slider) {
      expect(sliderRows.some((r) => r.tripId === slide.id && r.name.toLowerCase().startsWith('slider'))).toBe(true)
    }

    expect(page.blogs.length).toBeGreaterThan(0)
    // The start page shows at most three entries, so no more are read.
    expect(page.blogs.length).toBeLessThanOrEqual(FRONT_PAGE_BLOG_COUNT)
    expect(page.blogs.every((b) => b.id_web_blog_type === 2)).toBe(true)
    const shown = page.blogs.map((b) => b.date_show)
    expect(shown).toEqual([...shown].sort().reverse())
    expect(page.advantages.length).toBeGreaterThan(0)
    expect(page.advantages.every((b) => b.id_web_blog_type === 29)).toBe(true)

    expect(page.testimonials.length).toBe(3)
    expect(page.testimonials.every((x) => x.rating >= 1 && x.rating <= 5)).toBe(true)
    expect(Object.keys(page.categoryImages).length).toBeGreaterThan(0)
  })

  it('spec 8: a blog failure is logged as "Fehler beim Laden der Blogs:" and the list is empty', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const broken = failingOn(t.db, blogEntries)
      expect(await loadFrontPageBlogs(broken)).toEqual([])
      expect(loggedWith(spy, BLOG_ERROR_PREFIX)).toBe(true)
      expect(BLOG_ERROR_PREFIX).toBe('Fehler beim Laden der Blogs:')
    } finally {
      spy.mockRestore()
    }
  })

  it('spec 8: an advantages failure is logged as "Fehler beim Laden der Vorteile:" and the list is empty', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(await loadAdvantages(failingOn(t.db, blogEntries))).toEqual([])
      expect(loggedWith(spy, ADVANTAGES_ERROR_PREFIX)).toBe(true)
      expect(ADVANTAGES_ERROR_PREFIX).toBe('Fehler beim Laden der Vorteile:')
    } finally {
      spy.mockRestore()
    }
  })

  it('still renders the rest of the start page when the blog table fails', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const page = await loadStartPage(failingOn(t.db, blogEntries), today)
      expect(page.blogs).toEqual([])
      expect(page.advantages).toEqual([])
      expect(page.top.length).toBeGreaterThan(0)
      expect(page.testimonials.length).toBe(3)
      expect(loggedWith(spy, BLOG_ERROR_PREFIX)).toBe(true)
      expect(loggedWith(spy, ADVANTAGES_ERROR_PREFIX)).toBe(true)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('category overview', () => {
  const query = (overrides: Partial<CategoryPageQuery> = {}): CategoryPageQuery => ({
    category: biggest.slug,
    country: null,
    page: 1,
    sortBy: 'date',
    sortDirection: 'asc',
    perPage: 12,
    today,
    ...overrides,
  })

  async function allPages(overrides: Partial<CategoryPageQuery>) {
    const first = await loadCategoryPage(t.db, query(overrides))
    if (!first) throw new Error('no first page')
    const rest = await Promise.all(
      Array.from({ length: first.paging.pages - 1 }, (_, i) => loadCategoryPage(t.db, query({ ...overrides, page: i + 2 }))),
    )
    return [first, ...rest].flatMap((p) => p?.trips ?? [])
  }

  it('pages through every published trip of the category once', async () => {
    const first = await loadCategoryPage(t.db, query())
    expect(first?.paging.total).toBe(biggest.journeys)
    expect(first?.trips).toHaveLength(Math.min(12, biggest.journeys))
    expect(first?.paging.pages).toBe(Math.ceil(biggest.journeys / 12))
    const everything = await allPages({})
    expect(everything).toHaveLength(biggest.journeys)
    expect(new Set(everything.map((trip) => trip.id)).size).toBe(biggest.journeys)
  })

  it('is null (a 404) for an unknown category, an unknown country and a page past the end', async () => {
    expect(await loadCategoryPage(t.db, query({ category: 'gibt-es-nicht' }))).toBeNull()
    expect(await loadCategoryPage(t.db, query({ country: 'atlantis' }))).toBeNull()
    const first = await loadCategoryPage(t.db, query())
    expect(await loadCategoryPage(t.db, query({ page: (first?.paging.pages ?? 1) + 1 }))).toBeNull()
  })

  it('sorts by next date, trips without dates last', async () => {
    const list = await allPages({ sortBy: 'date' })
    const keys = list.map((trip) => trip.nextDates[0]?.dateFrom ?? '9999-12-31')
    expect(keys).toEqual([...keys].sort())
  })

  it('sorts by price both ways, as the cards show it', async () => {
    const asc = (await allPages({ sortBy: 'price' })).map((trip) => trip.priceFrom)
    const priced = asc.filter((p): p is number => p !== null)
    expect(priced).toEqual([...priced].sort((a, b) => a - b))
    expect(asc.slice(priced.length).every((p) => p === null)).toBe(true)
    const desc = (await allPages({ sortBy: 'price', sortDirection: 'desc' })).map((trip) => trip.priceFrom).filter((p): p is number => p !== null)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
  })

  it('sorts by duration and by name', async () => {
    const durations = (await allPages({ sortBy: 'duration', sortDirection: 'desc' })).map((trip) => trip.durationDays)
    expect(durations).toEqual([...durations].sort((a, b) => b - a))
    const names = (await allPages({ sortBy: 'name' })).map((trip) => trip.title)
    const reversed = (await allPages({ sortBy: 'name', sortDirection: 'desc' })).map((trip) => trip.title)
    // Trips with the same title stay together (ordered by id both ways), so compare the runs of titles.
    const runs = (list: string[]) => list.filter((title, i) => title !== list[i - 1])
    expect(runs(reversed)).toEqual(runs(names).reverse())
    expect(names[0]?.localeCompare(names.at(-1) ?? '', 'de')).toBeLessThan(0)
  })

  it('narrows to one travel country', async () => {
    const all = await loadCategoryPage(t.db, query())
    const country = all?.countries[0]
    if (!country) throw new Error('the category has no countries')
    const page = await loadCategoryPage(t.db, query({ country: country.slug, perPage: 100 }))
    expect(page?.country?.slug).toBe(country.slug)
    expect(page?.paging.total).toBe(country.trips)
    const ids = page?.trips.map((trip) => trip.id) ?? []
    const links = await t.db
      .select({ tripId: tripCountries.tripId })
      .from(tripCountries)
      .where(and(inArray(tripCountries.tripId, ids), eq(tripCountries.countryId, page?.country?.id ?? 0)))
    expect(new Set(links.map((l) => l.tripId))).toEqual(new Set(ids))
  })
})

describe('trip detail', () => {
  async function aTripWithDates(): Promise<number> {
    const [row] = await t.db
      .select({ id: trips.id })
      .from(trips)
      .innerJoin(tripDates, eq(tripDates.tripId, trips.id))
      .where(eq(trips.published, true))
      .limit(1)
    if (!row) throw new Error('no trip with dates')
    return row.id
  }

  it('loads a published trip with upcoming dates in order, boarding points and sanitised HTML', async () => {
    const id = await aTripWithDates()
    const trip = await loadTripDetail(t.db, id, today)
    expect(trip?.id).toBe(id)
    const froms = trip?.dates.map((d) => d.dateFrom) ?? []
    expect(froms.every((d) => d >= today)).toBe(true)
    expect(froms).toEqual([...froms].sort())
    expect(trip?.descriptionHtml).not.toMatch(/<script|onerror=|javascript:/i)
    expect(trip?.categories.length).toBeGreaterThan(0)
  })

  it('is null for an unknown or unpublished trip', async () => {
    expect(await loadTripDetail(t.db, 2_000_000_000)).toBeNull()
    const [hidden] = await t.db.select({ id: trips.id }).from(trips).where(eq(trips.published, false)).limit(1)
    if (!hidden) throw new Error('the seed has no unpublished trip')
    expect(await loadTripDetail(t.db, hidden.id)).toBeNull()
  })

  it('resolves the slug and the id-slug spellings to the id', async () => {
    const id = await aTripWithDates()
    const [row] = await t.db.select({ slug: trips.slug }).from(trips).where(eq(trips.id, id))
    const slugRef = parseTripParam(row?.slug ?? '')
    const idRef = parseTripParam(`${id}-${row?.slug ?? ''}`)
    if (!slugRef || !idRef) throw new Error('the slug does not parse')
    expect(await resolveTripRef(t.db, slugRef)).toBe(id)
    expect(await resolveTripRef(t.db, idRef)).toBe(id)
    expect(await resolveTripRef(t.db, { kind: 'slug', slug: 'gibt-es-nicht' })).toBeNull()
  })

  it('writes an .ics file for a date of the trip, and nothing for a date of another trip', async () => {
    const id = await aTripWithDates()
    const [date] = await t.db.select().from(tripDates).where(eq(tripDates.tripId, id)).limit(1)
    if (!date) throw new Error('no date')
    const ics = await tripDateIcs(t.db, id, date.id, { origin: 'https://reisen.example', siteName: 'Sonnenland Reisen' })
    expect(ics?.fileName).toBe(`reise-${id}-termin-${date.id}.ics`)
    expect(ics?.body).toContain('BEGIN:VEVENT')
    expect(ics?.body).toContain(`DTSTART;VALUE=DATE:${date.dateFrom.replaceAll('-', '')}`)
    expect(ics?.body).toContain(`UID:termin-${date.id}@reisen.example`)
    expect(ics?.body).toContain('\r\n')
    expect(await tripDateIcs(t.db, id + 1, date.id, { origin: 'https://reisen.example', siteName: 'x' })).toBeNull()
  })

  it('shows on every trip page of the demo catalogue its own boarding points, the same the booking offers', async () => {
    const published = await t.db.select({ id: trips.id }).from(trips).where(eq(trips.published, true)).orderBy(trips.id)
    const stored = await t.db
      .select({
        tripId: tripBoardingPoints.tripId,
        id: boardingPoints.id,
        name: boardingPoints.name,
        street: boardingPoints.street,
        zip: boardingPoints.zip,
        city: boardingPoints.city,
        departureTime: tripBoardingPoints.departureTime,
        surcharge: tripBoardingPoints.surcharge,
      })
      .from(tripBoardingPoints)
      .innerJoin(boardingPoints, eq(boardingPoints.id, tripBoardingPoints.boardingPointId))
    const byId = (points: TripBoardingPoint[]) => [...points].sort((a, b) => a.id - b.id)
    const shown = new Set<string>()
    let offers = 0
    for (const { id } of published) {
      const own = stored.filter((row) => row.tripId === id).map(({ tripId: _, ...point }) => point)
      const page = await loadTripDetail(t.db, id, today)
      if (!page) throw new Error(`trip ${id} has no page`)
      expect(byId(page.boardingPoints), `trip ${id}`).toEqual(byId(own))
      const times = page.boardingPoints.map((point) => point.departureTime)
      expect(times, `trip ${id}: in the order the coach reaches them`).toEqual([...times].sort())
      shown.add(JSON.stringify(page.boardingPoints))
      // The boarding points belong to the trip: the offer of its first date stands for every date.
      const first = page.dates[0]
      if (first) {
        const offer = await loadOffer(t.db, first.id)
        expect(offer?.boardingPoints, `trip ${id}, date ${first.id}`).toEqual(page.boardingPoints)
        offers++
      }
    }
    expect(published.length).toBeGreaterThan(100)
    expect(offers).toBeGreaterThan(published.length / 2)
    // The catalogue's trips leave from different places: the same list on every page is the defect.
    expect(shown.size).toBeGreaterThan(published.length / 2)
  })
})

describe('travel calendars', () => {
  it('shows three months from this month, every date in its month and not in the past', async () => {
    const page = await loadCalendarPage(t.db, { scope: 'all', today })
    expect(page.months.map((m) => m.key)[0]).toBe(today.slice(0, 7))
    expect(page.months).toHaveLength(3)
    expect(page.months[0]?.label).toMatch(/^[A-ZÄÖÜ][a-zäöü]+ \d{4}$/)
    for (const month of page.months) {
      for (const entry of month.entries) {
        expect(entry.dateFrom.slice(0, 7)).toBe(month.key)
        expect(entry.dateFrom >= today).toBe(true)
      }
    }
    expect(page.months.reduce((n, m) => n + m.entries.length, 0)).toBeGreaterThan(0)
    expect(page.previous).toBeNull()
    expect(page.next).not.toBeNull()
  })

  it('pages to the next three months', async () => {
    const first = await loadCalendarPage(t.db, { scope: 'all', today })
    const second = await loadCalendarPage(t.db, { scope: 'all', today, month: first.next ?? undefined })
    expect(second.months[0]?.key).toBe(first.next)
    expect(second.previous).toBe(first.months[0]?.key)
  })

  it('restricts the flight calendar to flight trips', async () => {
    const page = await loadCalendarPage(t.db, { scope: 'flug', today })
    const ids = [...new Set(page.months.flatMap((m) => m.entries.map((e) => e.tripId)))]
    expect(page.monthOptions.length).toBeGreaterThan(0)
    expect(ids.length).toBeGreaterThan(0)
    const rows = await t.db
      .select({ id: trips.id, transport: trips.transport, kind: categories.kind })
      .from(trips)
      .leftJoin(tripCategories, eq(tripCategories.tripId, trips.id))
      .leftJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(inArray(trips.id, ids))
    for (const id of ids) {
      expect(rows.some((r) => r.id === id && (r.transport === 'flug' || r.kind === 'flug'))).toBe(true)
    }
  })

  it('filters by category and says so when the category is unknown', async () => {
    const all = await loadCalendarPage(t.db, { scope: 'all', today })
    const category = all.categories[0]
    if (!category) throw new Error('no categories to filter by')
    const filtered = await loadCalendarPage(t.db, { scope: 'all', today, category: category.slug })
    expect(filtered.category?.slug).toBe(category.slug)
    const ids = [...new Set(filtered.months.flatMap((m) => m.entries.map((e) => e.tripId)))]
    expect(ids.length).toBeGreaterThan(0)
    const rows = await t.db
      .select({ tripId: tripCategories.tripId })
      .from(tripCategories)
      .innerJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(and(inArray(tripCategories.tripId, ids), eq(categories.slug, category.slug)))
    expect(new Set(rows.map((r) => r.tripId))).toEqual(new Set(ids))
    const unknown = await loadCalendarPage(t.db, { scope: 'all', today, category: 'gibt-es-nicht' })
    expect(unknown.unknownCategory).toBe(true)
    expect(unknown.category).toBeNull()
  })
})

describe('wish list and flight landing page', () => {
  it('resolves ids to cards in list order and reports missing and unpublished trips', async () => {
    const published = await t.db.select({ id: trips.id }).from(trips).where(eq(trips.published, true)).limit(2)
    const [hidden] = await t.db.select({ id: trips.id }).from(trips).where(eq(trips.published, false)).limit(1)
    const [a, b] = published
    if (!a || !b) throw new Error('too few trips')
    const ids = [b.id, 2_000_000_000, a.id, ...(hidden ? [hidden.id] : [])]
    const result = await resolveWishlist(t.db, ids, today)
    expect(result.trips.map((trip) => trip.id)).toEqual([b.id, a.id])
    expect(result.missing).toEqual([2_000_000_000, ...(hidden ? [hidden.id] : [])])
    expect(await resolveWishlist(t.db, [])).toEqual({ trips: [], missing: [] })
  })

  it('shows flight trips and the advantages on the flight landing page', async () => {
    const landing = await loadFlightLanding(t.db, today)
    expect(landing.trips.length).toBeGreaterThan(0)
    expect(landing.category?.slug).toBeTruthy()
    expect(landing.advantages.length).toBeGreaterThan(0)
    const rows = await t.db
      .select({ id: trips.id, transport: trips.transport, kind: categories.kind })
      .from(trips)
      .leftJoin(tripCategories, eq(tripCategories.tripId, trips.id))
      .leftJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(inArray(trips.id, landing.trips.map((trip) => trip.id)))
    for (const trip of landing.trips) {
      expect(rows.some((r) => r.id === trip.id && (r.transport === 'flug' || r.kind === 'flug'))).toBe(true)
    }
  })
})
