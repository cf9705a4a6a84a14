// Services of the content pages against a real database: the seeded demo catalogue plus a few
// rows of our own (explicit ids far above the seed's) for the edge cases the seed may not have.
import { and, avg, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BLOG_TYPE, blogQuerySchema } from '~/lib/api'
import { blogEntrySplat, blogSlugFromPath } from '~/lib/blog-path'
import { parseDestinationPath } from '~/lib/destinations'
import type { DestinationPath } from '~/lib/destinations'
import {
  blogEntries,
  contentPages,
  countries,
  faqEntries,
  hotels,
  impressions,
  regionCountries,
  regions,
  ships,
  testimonials,
  tripCountries,
  tripDates,
  tripRegions,
  trips,
} from '~/server/db/schema'
import { addDays } from '~/lib/calendar'
import { findBlogEntry, listBlogEntries } from '~/server/services/blog.server'
import { findContentPage, findContentPageById, listContentPages } from '~/server/services/content.server'
import { findDestination, listDestinations } from '~/server/services/destinations.server'
import { listFaqEntries } from '~/server/services/faq.server'
import { findHotel, listHotels } from '~/server/services/hotels.server'
import { findImpression, listGalleryImages, listImpressions } from '~/server/services/impressions.server'
import { findShip, listShips } from '~/server/services/ships.server'
import { listTestimonials } from '~/server/services/testimonials.server'
import { todayIsoDay } from '~/server/services/trip-cards.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase

const BASE = 900_000
const ID = {
  country: BASE + 1,
  namelessCountry: BASE + 2,
  lakeRegion: BASE + 1,
  riverRegion: BASE + 2,
  ship: BASE + 1,
  hotel: BASE + 1,
  tripSoon: BASE + 1,
  tripHotel: BASE + 2,
  tripDraft: BASE + 3,
  tripNoDates: BASE + 4,
  tripLater: BASE + 5,
  impression: BASE + 1,
  serviceEntry: BASE + 1,
} as const
const BLOG = { plain: 'testbeitrag-herbst', hostile: 'testbeitrag-mit-skript', advantage: 'testvorteil', draft: 'testbeitrag-entwurf' }

const isoDay = (offsetDays: number) => addDays(todayIsoDay(), offsetDays)

const image = (name: string) => ({ src: `/media/seed/${name}.svg`, alt: `Bild ${name}`, width: 1600, height: 1000 })

beforeAll(async () => {
  t = await openTestDatabase()
  const { db } = t
  await db.insert(countries).values([
    { id: ID.country, name: 'Testland', slug: 'testland' },
    { id: ID.namelessCountry, name: null, slug: 'test-ohne-namen' },
  ])
  await db.insert(regions).values([
    { id: ID.lakeRegion, name: 'Testsee', slug: 'testsee' },
    { id: ID.riverRegion, name: 'Testfluss', slug: 'testfluss' },
  ])
  await db.insert(regionCountries).values({ regionId: ID.lakeRegion, countryId: ID.country })
  await db.insert(ships).values({
    id: ID.ship,
    slug: 'ms-testschiff',
    name: 'MS Testschiff',
    kind: 'fluss',
    description: '<p>Ein Schiff</p><script>alert(1)</script>',
    facts: [
      { label: 'Länge', value: '110 m' },
      { label: 'Passagiere', value: '150' },
    ],
    images: [image('schiff-1'), image('schiff-2')],
  })
  await db.insert(hotels).values({ id: ID.hotel, slug: 'testhotel', name: 'Testhotel am See', city: 'Teststadt', countryId: ID.country, stars: 4 })
  await db.insert(trips).values([
    { id: ID.tripSoon, slug: 'test-bald', title: 'Test: Bald auf dem Fluss', durationDays: 5, transport: 'schiff', shipId: ID.ship, images: [image('reise-1a'), image('reise-1b')] },
    { id: ID.tripHotel, slug: 'test-hotel', title: 'Test: Hoteltage', durationDays: 4, transport: 'hotel', hotelId: ID.hotel, images: [image('reise-2')] },
    { id: ID.tripDraft, slug: 'test-entwurf', title: 'Test: Entwurf', durationDays: 3, transport: 'schiff', shipId: ID.ship, published: false, images: [image('reise-3')] },
    { id: ID.tripNoDates, slug: 'test-ohne-termine', title: 'Test: Aaa ohne Termine', durationDays: 2, transport: 'schiff', shipId: ID.ship },
    { id: ID.tripLater, slug: 'test-spaeter', title: 'Test: Später auf dem Fluss', durationDays: 6, transport: 'schiff', shipId: ID.ship },
  ])
  const date = (tripId: number, offset: number, id: number) => ({
    id: BASE + id,
    tripId,
    dateFrom: isoDay(offset),
    dateTill: isoDay(offset + 4),
    price: 999_000_000,
    capacity: 40,
    code: `T${id}`,
  })
  await db.insert(tripDates).values([date(ID.tripSoon, 10, 1), date(ID.tripLater, 60, 2), date(ID.tripHotel, 20, 3), date(ID.tripDraft, 5, 4)])
  await db.insert(tripCountries).values([
    { tripId: ID.tripSoon, countryId: ID.country },
    { tripId: ID.tripLater, countryId: ID.country },
    { tripId: ID.tripDraft, countryId: ID.country },
    { tripId: ID.tripHotel, countryId: ID.namelessCountry },
  ])
  await db.insert(tripRegions).values([
    { tripId: ID.tripSoon, regionId: ID.lakeRegion },
    { tripId: ID.tripDraft, regionId: ID.lakeRegion },
    { tripId: ID.tripHotel, regionId: ID.riverRegion },
  ])
  const shown = new Date('2026-05-12T08:00:00Z')
  await db.insert(blogEntries).values([
    { id: BASE + 1, idWebBlogType: BLOG_TYPE.post, slug: BLOG.plain, title: 'Testbeitrag Herbst', body: '<p>Herbst</p>', dateShow: shown },
    {
      id: BASE + 2,
      idWebBlogType: BLOG_TYPE.post,
      slug: BLOG.hostile,
      title: 'Testbeitrag mit Skript',
      body: '<p>Vorher</p><script>window.hacked = true</script><img src="https://example.org/x.png" onerror="window.hacked = true" alt="x"><a href="javascript:alert(1)">Link</a><p onclick="x()">Nachher</p>',
      dateShow: shown,
    },
    { id: BASE + 3, idWebBlogType: BLOG_TYPE.advantages, slug: BLOG.advantage, title: 'Testvorteil', dateShow: shown },
    { id: BASE + 4, idWebBlogType: BLOG_TYPE.post, slug: BLOG.draft, title: 'Entwurf', dateShow: shown, published: false },
  ])
  await db.insert(testimonials).values([
    { id: BASE + 1, author: 'Test A.', rating: 5, title: 'Toll', text: 'Sehr schön', tripId: ID.tripSoon, travelledOn: isoDay(-3) },
    { id: BASE + 2, author: 'Test B.', rating: 1, title: 'Nicht gut', text: 'Schade', tripId: ID.tripDraft, travelledOn: isoDay(-2) },
  ])
  await db.insert(impressions).values({
    id: ID.impression,
    slug: 'test-galerie',
    title: 'Testgalerie',
    tripId: ID.tripSoon,
    travelledOn: isoDay(-1),
    // One malformed entry, as a hand-edited row might have: the page must skip it, not fail.
    images: sql`${JSON.stringify([image('galerie-1'), image('galerie-2'), { src: 42 }, image('galerie-3')])}::jsonb`,
  })
  await db.insert(contentPages).values({
    id: ID.serviceEntry,
    slug: 'test-service',
    kind: 'service-entry',
    title: 'Testservice',
    body: '<p>Hilfe</p><iframe src="https://example.org"></iframe>',
    sort: 1_000_000,
  })
  await db.insert(faqEntries).values({ id: BASE + 1, question: 'Test?', answer: '<p>Ja</p><script>x()</script>', topic: 'Test', sort: 1_000_000 })
})

afterAll(async () => {
  await t?.cleanup()
})

const PAGE = { page: 1, perPage: 12 }

describe('ships', () => {
  it('a ship with its published trips, soonest departure first and trips without dates last', async () => {
    const page = await findShip(t.db, ID.ship, PAGE)
    expect(page?.ship.name).toBe('MS Testschiff')
    expect(page?.ship.facts).toHaveLength(2)
    expect(page?.ship.images).toHaveLength(2)
    expect(page?.ship.description).toBe('<p>Ein Schiff</p>')
    expect(page?.trips.map((trip) => trip.id)).toEqual([ID.tripSoon, ID.tripLater, ID.tripNoDates])
    expect(page?.paging).toEqual({ page: 1, pages: 1, total: 3, perPage: 12 })
  })

  it('pages the trips of a ship', async () => {
    const second = await findShip(t.db, ID.ship, { page: 2, perPage: 2 })
    expect(second?.trips.map((trip) => trip.id)).toEqual([ID.tripNoDates])
    expect(second?.paging.pages).toBe(2)
  })

  it('lists every ship with the count of its published trips', async () => {
    const list = await listShips(t.db)
    const counts = await t.db
      .select({ id: ships.id, n: sql<number>`count(${trips.id})::int` })
      .from(ships)
      .leftJoin(trips, and(eq(trips.shipId, ships.id), eq(trips.published, true)))
      .groupBy(ships.id)
    expect(list).toHaveLength(counts.length)
    for (const ship of list) expect(ship.trips).toBe(counts.find((c) => c.id === ship.id)?.n)
    expect(list.find((s) => s.id === ID.ship)).toMatchObject({ trips: 3, kind: 'fluss', image: image('schiff-1') })
    expect(list.length).toBeGreaterThan(1)
  })

  it('an unknown ship is null', async () => {
    expect(await findShip(t.db, 2_000_000_000, PAGE)).toBeNull()
  })
})

describe('hotels', () => {
  it('a hotel with its trips and country', async () => {
    const page = await findHotel(t.db, ID.hotel, PAGE)
    expect(page?.hotel).toMatchObject({ name: 'Testhotel am See', city: 'Teststadt', stars: 4, country: { name: 'Testland', slug: 'testland' } })
    expect(page?.trips.map((trip) => trip.id)).toEqual([ID.tripHotel])
  })

  it('pages through all hotels without gaps or repeats', async () => {
    const [total] = await t.db.select({ n: count() }).from(hotels)
    const perPage = 7
    const first = await listHotels(t.db, { page: 1, perPage })
    expect(first.paging.total).toBe(total?.n)
    const seen: number[] = []
    for (let page = 1; page <= first.paging.pages; page++) {
      const list = await listHotels(t.db, { page, perPage })
      seen.push(...list.hotels.map((h) => h.id))
    }
    expect(seen).toHaveLength(total?.n ?? -1)
    expect(new Set(seen).size).toBe(seen.length)
    expect(first.hotels.length).toBeGreaterThan(1)
  })

  it('an unknown hotel is null', async () => {
    expect(await findHotel(t.db, 2_000_000_000, PAGE)).toBeNull()
  })
})

describe('blog', () => {
  const LIST_TYPES = [BLOG_TYPE.post, BLOG_TYPE.frontpage]
  const query = (page: number, limit = 9) => blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $page: page, $limit: limit })

  it('lists ordinary and front-page posts, newest first, without advantages or drafts', async () => {
    const all = await listBlogEntries(t.db, blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC'], $paginate: 'false' }), { types: LIST_TYPES })
    expect(all.data.length).toBeGreaterThan(2)
    expect(all.data.every((e) => e.id_web_blog_type === 1 || e.id_web_blog_type === 2)).toBe(true)
    expect(all.data.some((e) => e.id_web_blog_type === 2)).toBe(true)
    const slugs = all.data.map((e) => e.slug)
    expect(slugs).toContain(BLOG.plain)
    expect(slugs).not.toContain(BLOG.advantage)
    expect(slugs).not.toContain(BLOG.draft)
    const shown = all.data.map((e) => e.date_show)
    expect(shown).toEqual([...shown].sort().reverse())
  })

  it('pages: page 2 continues page 1', async () => {
    const all = await listBlogEntries(t.db, query(1, 100), { types: LIST_TYPES })
    const first = await listBlogEntries(t.db, query(1, 3), { types: LIST_TYPES })
    const second = await listBlogEntries(t.db, query(2, 3), { types: LIST_TYPES })
    expect(first.total).toBe(all.total)
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.data.slice(0, 6).map((e) => e.id))
  })

  it('resolves a multi-segment path by its last segment', async () => {
    const path = blogSlugFromPath(`2026/05/${BLOG.plain}/`)
    expect(path).toBe(BLOG.plain)
    const found = await findBlogEntry(t.db, path ?? '', LIST_TYPES)
    expect(found?.entry.title).toBe('Testbeitrag Herbst')
    expect(blogEntrySplat(found?.entry ?? { slug: '', date_show: '' })).toBe(`2026/05/${BLOG.plain}`)
    const short = await findBlogEntry(t.db, blogSlugFromPath(`irgendwas/${BLOG.plain}`) ?? '', LIST_TYPES)
    expect(short?.entry.id).toBe(found?.entry.id)
  })

  it('unknown slugs, drafts and advantages are not blog entries', async () => {
    expect(await findBlogEntry(t.db, 'gibt-es-nicht', LIST_TYPES)).toBeNull()
    expect(await findBlogEntry(t.db, BLOG.draft, LIST_TYPES)).toBeNull()
    expect(await findBlogEntry(t.db, BLOG.advantage, LIST_TYPES)).toBeNull()
  })

  it('newer and older neighbours follow the list order', async () => {
    const all = await listBlogEntries(t.db, query(1, 100), { types: LIST_TYPES })
    const ids = all.data.map((e) => e.slug)
    for (const index of [0, 1, Math.floor(ids.length / 2), ids.length - 1]) {
      const found = await findBlogEntry(t.db, ids[index] ?? '', LIST_TYPES)
      expect(found?.newer?.slug ?? null).toBe(index > 0 ? ids[index - 1] : null)
      expect(found?.older?.slug ?? null).toBe(ids[index + 1] ?? null)
    }
  })

  it('never hands out script, event handlers or javascript: links from a body', async () => {
    const found = await findBlogEntry(t.db, BLOG.hostile, LIST_TYPES)
    const body = found?.entry.body ?? ''
    expect(body).toContain('<p>Vorher</p>')
    expect(body).toContain('Nachher')
    expect(body).not.toMatch(/<script/i)
    expect(body).not.toMatch(/onerror|onclick/i)
    expect(body).not.toMatch(/javascript:/i)
    expect(body).not.toContain('window.hacked')
    const listed = await listBlogEntries(t.db, query(1, 100), { types: LIST_TYPES })
    expect(listed.data.find((e) => e.slug === BLOG.hostile)?.body).toBe(body)
  })
})

describe('Reiseländer', () => {
  it('lists countries with their published trip counts, the nameless one as Reiseland', async () => {
    const overview = await listDestinations(t.db)
    const expected = await t.db
      .select({ id: countries.id, n: sql<number>`count(distinct ${trips.id})::int` })
      .from(countries)
      .innerJoin(tripCountries, eq(tripCountries.countryId, countries.id))
      .innerJoin(trips, and(eq(trips.id, tripCountries.tripId), eq(trips.published, true)))
      .groupBy(countries.id)
    expect(overview.countries.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b))
    for (const c of overview.countries) expect(c.trips).toBe(expected.find((e) => e.id === c.id)?.n)

    expect(overview.countries.find((c) => c.id === ID.country)).toMatchObject({
      name: 'Testland',
      trips: 2,
      regions: [{ id: ID.lakeRegion, name: 'Testsee', trips: 1 }],
    })
    expect(overview.countries.find((c) => c.id === ID.namelessCountry)).toMatchObject({ name: 'Reiseland', trips: 1 })
    expect(overview.otherRegions.map((r) => r.id)).toContain(ID.riverRegion)
    expect(overview.countries.length).toBeGreaterThan(3)
  })

  it('sorts countries with German collation', async () => {
    const { countries: list } = await listDestinations(t.db)
    const names = list.map((c) => c.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare))
  })

  const find = async (splat: string) => {
    const path = parseDestinationPath(splat)
    return path ? findDestination(t.db, path, PAGE) : null
  }

  it('a country with its regions and trips', async () => {
    const page = await find('testland/')
    expect(page?.country?.name).toBe('Testland')
    expect(page?.region).toBeNull()
    expect(page?.regions.map((r) => r.slug)).toEqual(['testsee'])
    expect(page?.trips.map((trip) => trip.id)).toEqual([ID.tripSoon, ID.tripLater])
  })

  it('a region of a country, and a region without a country', async () => {
    const lake = await find('testland/testsee/')
    expect(lake?.region?.name).toBe('Testsee')
    expect(lake?.trips.map((trip) => trip.id)).toEqual([ID.tripSoon])
    const river = await find('region/testfluss')
    expect(river?.country).toBeNull()
    expect(river?.trips.map((trip) => trip.id)).toEqual([ID.tripHotel])
  })

  it('a seeded region of a seeded country shows exactly its published trips', async () => {
    const [link] = await t.db
      .select({ country: countries.slug, region: regions.slug, regionId: regions.id })
      .from(regionCountries)
      .innerJoin(countries, eq(countries.id, regionCountries.countryId))
      .innerJoin(regions, eq(regions.id, regionCountries.regionId))
      .innerJoin(tripRegions, eq(tripRegions.regionId, regions.id))
      .where(sql`${regions.id} < ${BASE}`)
      .limit(1)
    expect(link).toBeTruthy()
    const page = await find(`${link?.country}/${link?.region}/`)
    const [n] = await t.db
      .select({ n: count() })
      .from(tripRegions)
      .innerJoin(trips, eq(trips.id, tripRegions.tripId))
      .where(and(eq(tripRegions.regionId, link?.regionId ?? 0), eq(trips.published, true)))
    expect(page?.paging.total).toBe(n?.n)
  })

  it('unknown places and a region outside its country are null', async () => {
    const paths: DestinationPath[] = [
      { kind: 'country', country: 'atlantis' },
      { kind: 'country-region', country: 'testland', region: 'testfluss' },
      { kind: 'country-region', country: 'testland', region: 'atlantis' },
      { kind: 'region', region: 'atlantis' },
    ]
    for (const path of paths) expect(await findDestination(t.db, path, PAGE)).toBeNull()
  })
})

describe('Kundenstimmen', () => {
  it('averages all ratings and counts the distribution', async () => {
    const page = await listTestimonials(t.db, { page: 1, perPage: 10 })
    const [expected] = await t.db.select({ n: count(), avg: avg(testimonials.rating) }).from(testimonials)
    expect(page.summary.count).toBe(expected?.n)
    expect(page.summary.average).toBeCloseTo(Number(expected?.avg), 10)
    expect(page.summary.distribution.map((d) => d.stars)).toEqual([5, 4, 3, 2, 1])
    expect(page.summary.distribution.reduce((sum, d) => sum + d.count, 0)).toBe(expected?.n)
    expect(page.summary.distribution.find((d) => d.stars === 1)?.count).toBeGreaterThanOrEqual(1)
  })

  it('newest journey first; a trip link only for published trips', async () => {
    const page = await listTestimonials(t.db, { page: 1, perPage: 10 })
    const days = page.testimonials.map((x) => x.travelledOn ?? '')
    expect(days).toEqual([...days].sort().reverse())
    expect(page.testimonials.find((x) => x.id === BASE + 1)?.trip).toEqual({ id: ID.tripSoon, title: 'Test: Bald auf dem Fluss' })
    expect(page.testimonials.find((x) => x.id === BASE + 2)?.trip).toBeNull()
    const second = await listTestimonials(t.db, { page: 2, perPage: 10 })
    expect(second.testimonials.map((x) => x.id)).not.toContain(page.testimonials[0]?.id)
  })
})

describe('Reiseimpressionen and gallery', () => {
  it('lists galleries with cover and image count (invalid image entries dropped)', async () => {
    const [total] = await t.db.select({ n: count() }).from(impressions)
    const list = await listImpressions(t.db, { page: 1, perPage: 100 })
    expect(list.impressions).toHaveLength(total?.n ?? -1)
    expect(list.impressions.find((i) => i.id === ID.impression)).toMatchObject({
      cover: image('galerie-1'),
      imageCount: 3,
      trip: { id: ID.tripSoon },
    })
  })

  it('one gallery by slug, null for unknown', async () => {
    const gallery = await findImpression(t.db, 'test-galerie')
    expect(gallery?.images.map((i) => i.src)).toEqual(['galerie-1', 'galerie-2', 'galerie-3'].map((n) => image(n).src))
    expect(await findImpression(t.db, 'gibt-es-nicht')).toBeNull()
  })

  it('the gallery pages through the photos of published trips only', async () => {
    const [expected] = await t.db
      .select({ n: sql<number>`coalesce(sum(jsonb_array_length(${trips.images})), 0)::int` })
      .from(trips)
      .where(eq(trips.published, true))
    const first = await listGalleryImages(t.db, { page: 1, perPage: 24 })
    const second = await listGalleryImages(t.db, { page: 2, perPage: 24 })
    expect(first.paging.total).toBe(expected?.n)
    expect(first.images).toHaveLength(Math.min(24, expected?.n ?? 0))
    const key = (i: { trip: { id: number }; image: { src: string } }) => `${i.trip.id}:${i.image.src}`
    const firstKeys = new Set(first.images.map(key))
    expect(second.images.some((i) => firstKeys.has(key(i)))).toBe(false)
    const all = await listGalleryImages(t.db, { page: 1, perPage: 100_000 })
    expect(all.images.some((i) => i.trip.id === ID.tripDraft)).toBe(false)
    expect(all.images.filter((i) => i.trip.id === ID.tripSoon).map((i) => i.image.src)).toEqual([image('reise-1a').src, image('reise-1b').src])
  })
})

describe('articles, service entries, FAQ', () => {
  it('finds a service entry by id and by slug, sanitised', async () => {
    const byId = await findContentPageById(t.db, ID.serviceEntry, 'service-entry')
    const bySlug = await findContentPage(t.db, 'test-service', 'service-entry')
    expect(byId?.title).toBe('Testservice')
    expect(bySlug).toEqual(byId)
    expect(byId?.body).toBe('<p>Hilfe</p>')
    expect(await findContentPageById(t.db, ID.serviceEntry, 'article')).toBeNull()
  })

  it('lists articles and service entries of the seed in the operator order', async () => {
    // The operator's order is the sort column, ties by id; worked out here from the rows.
    for (const kind of ['article', 'service-entry'] as const) {
      const listed = await listContentPages(t.db, kind)
      expect(listed.length, kind).toBeGreaterThan(0)
      const rows = await t.db.select({ id: contentPages.id, sort: contentPages.sort }).from(contentPages).where(eq(contentPages.kind, kind))
      const expected = rows.sort((a, b) => a.sort - b.sort || a.id - b.id).map((r) => r.id)
      expect(listed.map((p) => p.id), kind).toEqual(expected)
    }
    // Our entry's sort number is above any of the seed's: it comes last.
    expect((await listContentPages(t.db, 'service-entry')).at(-1)?.slug).toBe('test-service')
  })

  it('FAQ answers are sanitised', async () => {
    const entries = await listFaqEntries(t.db)
    expect(entries.find((e) => e.id === BASE + 1)?.answer).toBe('<p>Ja</p>')
    expect(entries.length).toBeGreaterThan(1)
  })
})
