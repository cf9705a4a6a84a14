// seedDatabase against a real database: a fresh PGlite folder, or the PostgreSQL of DATABASE_URL
// (its public schema is dropped and recreated first by openTestDatabase).
import { count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '~/server/auth/password.server'
import * as schema from '~/server/db/schema'
import { generateCatalogue } from '~/server/db/seed/catalogue'
import { DEMO_AGENCY_PASSWORD, isSeeded, SEED_VERSION, seedDatabase, todayInBerlin } from '~/server/db/seed/seed.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

const TRIPS = 200
const TODAY = todayInBerlin()

let t: TestDatabase
let seededMs = 0

beforeAll(async () => {
  t = await openTestDatabase({ seed: false })
  expect(await isSeeded(t.db)).toBe(false)
  const result = await seedDatabase(t.db, { trips: TRIPS, today: TODAY })
  expect(result.trips).toBe(TRIPS)
  seededMs = result.ms
  console.info(`seedDatabase(${TRIPS} trips, ${t.driver}): ${Math.round(seededMs)} ms`)
})

afterAll(async () => {
  await t?.cleanup()
})

const rows = async (table: PgTable) => Number((await t.db.select({ n: count() }).from(table))[0]?.n ?? 0)

describe('seedDatabase', () => {
  it('writes every table of the generated catalogue', async () => {
    const expected = generateCatalogue({ trips: TRIPS, today: TODAY })
    const ref = expected.reference
    let dates = 0
    let links = 0
    let services = ref.services.length
    for (const chunk of expected.tripChunks()) {
      dates += chunk.tripDates.length
      links += chunk.tripBoardingPoints.length
      services += chunk.services.length
    }
    expect(await rows(schema.trips)).toBe(TRIPS)
    expect(await rows(schema.tripDates)).toBe(dates)
    expect(await rows(schema.tripBoardingPoints)).toBe(links)
    expect(await rows(schema.services)).toBe(services)
    expect(await rows(schema.categories)).toBe(ref.categories.length)
    expect(await rows(schema.countries)).toBe(ref.countries.length)
    expect(await rows(schema.regions)).toBe(ref.regions.length)
    expect(await rows(schema.regionCountries)).toBe(ref.regionCountries.length)
    expect(await rows(schema.seatPlans)).toBe(3)
    expect(await rows(schema.boardingPoints)).toBe(ref.boardingPoints.length)
    expect(await rows(schema.agencies)).toBe(ref.agencies.length)
    expect(await rows(schema.blogEntries)).toBe(ref.blogEntries.length)
    expect(await rows(schema.testimonials)).toBe(40)
    expect(await rows(schema.impressions)).toBe(8)
    expect(await rows(schema.contentPages)).toBe(ref.contentPages.length)
    expect(await rows(schema.menus)).toBe(ref.menus.length)
    expect(await rows(schema.mailFormTemplates)).toBe(4)
    expect(await rows(schema.schoolHolidays)).toBe(60)
    expect(await rows(schema.vouchers)).toBe(ref.vouchers.length)
    expect(await rows(schema.insuranceOffers)).toBe(ref.insuranceOffers.length)
    expect(await rows(schema.transferZones)).toBe(ref.transferZones.length)
    expect(await rows(schema.faqEntries)).toBe(ref.faqEntries.length)
    expect(await rows(schema.ships)).toBe(ref.ships.length)
    expect(await rows(schema.hotels)).toBe(ref.hotels.length)
  })

  it('round-trips prices, JSON columns and dates', async () => {
    const [date] = await t.db.select().from(schema.tripDates).where(eq(schema.tripDates.id, 1))
    expect(date?.tripId).toBe(1)
    expect(typeof date?.price).toBe('number')
    expect((date?.price ?? 0) % 1_000_000).toBe(0)
    expect(date?.dateFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const [trip] = await t.db.select().from(schema.trips).where(eq(schema.trips.id, 1))
    expect(trip?.itinerary.length).toBe(trip?.durationDays)
    expect(trip?.images[0]?.src).toBe('/media/seed/trip-1-1.svg')
    const [zone] = await t.db.select().from(schema.transferZones).limit(1)
    expect(Array.isArray(zone?.zipPrefixes)).toBe(true)
    const [plan] = await t.db.select().from(schema.seatPlans).where(eq(schema.seatPlans.id, 1))
    expect(plan?.layout[0]?.[0]?.kind).toBe('driver')
  })

  it('counts journeys per category as the start page needs them', async () => {
    const journeys = await t.db
      .select({ name: schema.categories.name, kind: schema.categories.kind, journeys: count(schema.tripCategories.tripId) })
      .from(schema.categories)
      .leftJoin(schema.tripCategories, eq(schema.tripCategories.categoryId, schema.categories.id))
      .groupBy(schema.categories.id)
    const silvester = journeys.find((c) => c.name === 'Silvesterreisen')
    expect(Number(silvester?.journeys)).toBe(0)
    for (const c of journeys.filter((c) => c.kind === 'special')) {
      expect(Number(c.journeys)).toBeGreaterThanOrEqual(4)
      expect(Number(c.journeys)).toBeLessThanOrEqual(8)
    }
    const statuses = await t.db.selectDistinct({ bookable: schema.tripDates.bookable }).from(schema.tripDates)
    expect(statuses.map((s) => s.bookable).sort()).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('resets the identity sequences, so inserts without an id work afterwards', async () => {
    const [category] = await t.db
      .insert(schema.categories)
      .values({ slug: 'test-neue-kategorie', name: 'Neue Kategorie', kind: 'bus' })
      .returning({ id: schema.categories.id })
    expect(category?.id).toBe(17)
    const [trip] = await t.db
      .insert(schema.trips)
      .values({ slug: 'test-neue-reise', title: 'Neue Reise', durationDays: 2, transport: 'bus' })
      .returning({ id: schema.trips.id })
    expect(trip?.id).toBe(TRIPS + 1)
    const dates = await rows(schema.tripDates)
    const [date] = await t.db
      .insert(schema.tripDates)
      .values({ tripId: TRIPS + 1, dateFrom: '2030-05-01', dateTill: '2030-05-02', price: 499_000_000, capacity: 10, code: 'TEST' })
      .returning({ id: schema.tripDates.id })
    expect(date?.id).toBe(dates + 1)
    const [booking] = await t.db
      .insert(schema.bookings)
      .values({
        bookingNumber: 'TEST-1',
        tripDateId: date?.id ?? 0,
        status: 'test',
        gesamtpreis: 0,
        paymentMethod: 'rechnung',
        idempotencyKey: 'test-1',
      })
      .returning({ id: schema.bookings.id })
    expect(booking?.id).toBe(1)
    const services = await rows(schema.services)
    const [service] = await t.db
      .insert(schema.services)
      .values({ name: 'Test-Zusatzleistung', price: 1_000_000, per: 'person' })
      .returning({ id: schema.services.id })
    expect(service?.id).toBe(services + 1)
    const testimonials = await rows(schema.testimonials)
    const [testimonial] = await t.db
      .insert(schema.testimonials)
      .values({ author: 'Test T.', rating: 5, title: 'Test', text: 'Test' })
      .returning({ id: schema.testimonials.id })
    expect(testimonial?.id).toBe(testimonials + 1)
  })

  it('marks the database as seeded and refuses to seed twice', async () => {
    expect(await isSeeded(t.db)).toBe(true)
    const meta = await t.db.select().from(schema.appMeta)
    const byKey = new Map(meta.map((m) => [m.key, m.value]))
    expect(byKey.get('seed_version')).toBe(SEED_VERSION)
    expect(Number.isNaN(Date.parse(byKey.get('seeded_at') ?? ''))).toBe(false)
    expect(byKey.get('seed_trips')).toBe(String(TRIPS))
    const tripsBefore = await rows(schema.trips)
    await expect(seedDatabase(t.db, { trips: 5, today: TODAY })).rejects.toThrow(/bereits/)
    expect(await rows(schema.trips)).toBe(tripsBefore)
  })

  it('stores a working password hash for the demo agency logins', async () => {
    const agencies = await t.db.select().from(schema.agencies).where(sql`${schema.agencies.login} is not null`)
    expect(agencies.map((a) => a.login).sort()).toEqual(['agentur-demo', 'reisebuero-sonne'])
    for (const a of agencies) {
      expect(await verifyPassword(DEMO_AGENCY_PASSWORD, a.passwordHash ?? '')).toBe(true)
      expect(await verifyPassword('falsch', a.passwordHash ?? '')).toBe(false)
    }
  })
})
