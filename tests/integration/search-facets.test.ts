// Facet counts and ordered lists from the in-memory facet index (~/lib/search/facet-index) against
// the same made by the database (the SQL of counts.server.ts, pages sorted without kept lists), on
// the demo catalogue: every kind of filter alone and combined, words exact and with typos, date
// ranges, prices, statuses and Ferientermine, every order, and again after the office changed
// trips, dates and names.
import { eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { addDays } from '~/lib/calendar'
import { isoDayToUnix } from '~/lib/search/dates'
import { normalizeSearch } from '~/lib/search/segment'
import type { SearchInput } from '~/lib/search/segment'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import type { Database } from '~/server/db/database.server'
import * as schema from '~/server/db/schema'
import { queryRows } from '~/server/db/query.server'
import { loadFacetIndexAhead } from '~/server/services/search/counts.server'
import { catalogueVersion } from '~/server/services/search/prepare.server'
import { searchTrips } from '~/server/services/search/search.server'
import type { SearchOptions } from '~/server/services/search/search.server'
import { todayIsoDay } from '~/server/services/trip-cards.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayIsoDay()
const unix = (offset: number) => isoDayToUnix(addDays(today, offset)) ?? 0
const DEFAULTS: SearchOptions = { sortBy: 'date', sortDirection: 'asc', page: 1, holidaysOnly: false }

let categories: number[] = []
let countries: number[] = []
let regions: number[] = []

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 300 } })
  const ids = async (table: string) =>
    (await queryRows(t.db, sql`select id from ${sql.identifier(table)} order by id`, z.object({ id: z.number() }))).map((r) => r.id)
  categories = await ids('categories')
  countries = await ids('countries')
  regions = await ids('regions')
})

afterAll(async () => {
  await t?.cleanup()
})

/** Every kind of filter alone and a few together (ids from the catalogue's own lists). */
function searches(): { input: SearchInput; holidaysOnly?: boolean }[] {
  const pick = (list: number[], i: number) => list[i % list.length] ?? 0
  const list: { input: SearchInput; holidaysOnly?: boolean }[] = [{ input: {} }, { input: {}, holidaysOnly: true }]
  for (let i = 0; i < 6; i++) {
    list.push({ input: { categories: [pick(categories, i)] } })
    list.push({ input: { countries: [pick(countries, i * 2)] } })
    list.push({ input: { regions: [pick(regions, i * 3)] } })
    list.push({ input: { categories: [pick(categories, i), pick(categories, i + 3)], countries: [pick(countries, i), pick(countries, i + 1)] } })
    list.push({ input: { bookable: i } })
    list.push({ input: { bookable: i, categories: [pick(categories, i)] } })
  }
  for (const text of ['wien', 'städtereise', 'staedte', 'gardasee', 'gardase', 'ostsee', 'advent', 'rundreise norwegen', 'xylophon']) {
    list.push({ input: { text } })
    list.push({ input: { text, categories: [pick(categories, 1)] } })
    list.push({ input: { text, price: { min: 0, max: 900 } } })
  }
  list.push(
    { input: { duration: { min: 5, max: 8 } } },
    { input: { duration: { min: 1, max: 1 }, countries: [pick(countries, 0)] } },
    { input: { price: { min: 0, max: 800 } } },
    { input: { price: { min: 800, max: 1500 }, bookable: 0 } },
    { input: { price: { min: 1000, max: 1000 } } },
    { input: { start: unix(60), end: unix(90) } },
    { input: { start: unix(0), end: unix(0) } },
    { input: { start: unix(120) } },
    { input: { end: unix(45), categories: [pick(categories, 2)] } },
    { input: { start: unix(30), end: unix(120), text: 'ostsee' } },
    { input: { start: unix(30), end: unix(200), bookable: 1, countries: [pick(countries, 3)] } },
    { input: { countries: [pick(countries, 0)] }, holidaysOnly: true },
    { input: { categories: [pick(categories, 4)], bookable: 0 }, holidaysOnly: true },
    { input: { start: unix(150), end: unix(250), price: { min: 300, max: 2000 } }, holidaysOnly: true },
  )
  return list
}

async function compareAll(): Promise<{ found: number; withFacets: number }> {
  let found = 0
  let withFacets = 0
  const orders: [SortBy, SortDirection][] = [['date', 'asc'], ['price', 'asc'], ['duration', 'asc'], ['name', 'asc'], ['price', 'desc']]
  for (const [i, { input, holidaysOnly }] of searches().entries()) {
    const search = normalizeSearch(input)
    const [sortBy, sortDirection] = orders[i % orders.length] ?? ['date', 'asc']
    const options = { ...DEFAULTS, sortBy, sortDirection, holidaysOnly: holidaysOnly ?? false }
    const byIndex = await searchTrips(t.db, search, options, { today })
    const bySql = await searchTrips(t.db, search, options, { today, counts: 'sql', plan: { orderedLists: false, fromIndex: false } })
    const label = JSON.stringify({ input, holidaysOnly, sortBy, sortDirection })
    expect({ label, total: byIndex.total, facets: byIndex.facets, fuzzy: byIndex.fuzzy }).toEqual({
      label,
      total: bySql.total,
      facets: bySql.facets,
      fuzzy: bySql.fuzzy,
    })
    expect(byIndex.trips.map((trip) => trip.id), label).toEqual(bySql.trips.map((trip) => trip.id))
    // Pages from the facet index in other orders and further on: descending by date or price
    // (with date filters sorted from the index's dates), by name and duration both ways.
    const more = [['date', 1, 'desc'], ['price', 2, 'desc'], ['name', 2, 'desc'], ['duration', 1, 'desc'], ['name', 3, 'asc'], ['date', 2, 'asc']] as const
    for (const [by, page, direction] of more) {
      const other = { ...options, sortBy: by, sortDirection: direction, page, pageSize: 5 }
      const otherLabel = JSON.stringify({ input, holidaysOnly, sortBy: by, sortDirection: direction, page })
      const fromIndex = await searchTrips(t.db, search, other, { today })
      const fromSql = await searchTrips(t.db, search, other, { today, counts: 'sql', plan: { orderedLists: false, fromIndex: false } })
      expect(fromIndex.trips.map((trip) => trip.id), otherLabel).toEqual(fromSql.trips.map((trip) => trip.id))
    }
    if (byIndex.total > 0) found++
    if (byIndex.facets.categories.length > 1 && byIndex.facets.bookable.length > 1) withFacets++
  }
  return { found, withFacets }
}

describe('facet counts from the facet index', () => {
  it('are the counts of the database for every kind of filter', async () => {
    const { found, withFacets } = await compareAll()
    // The comparison means something only if most searches find trips in several categories.
    expect(found).toBeGreaterThan(50)
    expect(withFacets).toBeGreaterThan(30)
  })

  it('follow the catalogue when the office changes trips, dates and names', async () => {
    const [trip] = await queryRows(
      t.db,
      sql`select trip_id from trip_search where published and next_date >= ${today}::date order by trip_id limit 1`,
      z.object({ trip_id: z.number() }),
    )
    const id = trip?.trip_id ?? 0
    // Counted once, so that the index of this catalogue version is loaded and kept.
    await compareAll()
    await t.db.delete(schema.tripCategories).where(eq(schema.tripCategories.tripId, id))
    await t.db.insert(schema.tripCategories).values({ tripId: id, categoryId: categories[0] ?? 0 })
    await t.db.update(schema.tripDates).set({ bookable: 5, price: 123_000_000 }).where(eq(schema.tripDates.tripId, id))
    await t.db.update(schema.categories).set({ name: 'Umbenannt' }).where(eq(schema.categories.id, categories[0] ?? 0))
    await t.db.update(schema.trips).set({ published: false }).where(eq(schema.trips.id, id + 1))
    const after = await searchTrips(t.db, normalizeSearch({ bookable: 5, price: { min: 123, max: 123 } }), DEFAULTS, { today })
    expect(after.trips.map((found) => found.id)).toContain(id)
    expect(after.facets.categories.find((c) => c.id === categories[0])).toMatchObject({ name: 'Umbenannt' })
    await compareAll()
  })

  it('leave the search working from the database when the index cannot be loaded', async () => {
    // The same database, but the statements loading the facet index fail (a new object: caches of its own).
    const dialect = new PgDialect()
    const failing = new Proxy(t.db, {
      get(target, property) {
        if (property !== 'execute') return Reflect.get(target, property, target)
        return (statement: SQL) =>
          /name_rank|from trip_dates d where d\.date_from >=/.test(dialect.sqlToQuery(statement).sql)
            ? Promise.reject(new Error('facet index load failed'))
            : target.execute(statement)
      },
    }) as Database
    await expect(loadFacetIndexAhead(failing, await catalogueVersion(t.db), today)).rejects.toThrow('facet index load failed')
    const dated = normalizeSearch({ start: unix(30), end: unix(120), categories: [categories[1] ?? 0] })
    for (const [search, sortBy, sortDirection] of [
      [normalizeSearch({}), 'date', 'asc'],
      [normalizeSearch({ categories: [categories[2] ?? 0] }), 'price', 'asc'],
      [dated, 'price', 'desc'],
    ] as const) {
      const options = { ...DEFAULTS, sortBy, sortDirection }
      const found = await searchTrips(failing, search, options, { today })
      const bySql = await searchTrips(t.db, search, options, { today, counts: 'sql', plan: { orderedLists: false, fromIndex: false } })
      expect(found.total).toBeGreaterThan(0)
      expect({ total: found.total, facets: found.facets, ids: found.trips.map((trip) => trip.id) }).toEqual({
        total: bySql.total,
        facets: bySql.facets,
        ids: bySql.trips.map((trip) => trip.id),
      })
    }
  })
})
