// The category overview (/reiseuebersicht/{category}/…): one sorted page of a category's published
// trips, optionally narrowed to one travel country, and the countries the category travels to.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import * as z from 'zod/mini'
import { BOOKABLE_STATUSES, bookableAction } from '~/lib/bookable'
import { TRIPS_PER_PAGE } from '~/lib/paging'
import { isPageInRange, pagedSchema } from '~/lib/paging'
import { UNNAMED_COUNTRY_HEADER } from '~/lib/regions'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { tripCardSchema } from '~/lib/trip-card'
import type { Database } from '../db/database.server'
import { categories, countries, tripCategories, tripCountries, tripDates, trips } from '../db/schema'
import { sanitize } from './sanitize.server'
import { todayIsoDay } from './trip-cards.server'
import { germanSortKey, pageTrips } from './trip-pages.server'

export const categoryPageSchema = z.object({
  category: z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.string(), kind: z.string(), descriptionHtml: z.string(), image: z.nullable(z.string()) }),
  country: z.nullable(z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.string() })),
  /** The travel countries of the category's published trips, with how many trips go there. */
  countries: z.array(z.object({ slug: z.string(), name: z.string(), trips: z.number().check(z.int()) })),
  trips: z.array(tripCardSchema),
  paging: pagedSchema,
})
export type CategoryPage = z.infer<typeof categoryPageSchema>

export type CategoryPageQuery = {
  category: string
  country: string | null
  page: number
  sortBy: SortBy
  sortDirection: SortDirection
  perPage?: number
  today?: string
}

const OPEN_STATUSES = BOOKABLE_STATUSES.filter((s) => bookableAction(s) !== 'none')

/**
 * The ORDER BY of a sort key. Date and price look at upcoming dates only, as the cards do: the next
 * departure, and the lowest price of a date that can still be booked or requested (else of any
 * upcoming date). Trips without upcoming dates come last either way.
 */
export function tripOrder(sortBy: SortBy, direction: SortDirection, today: string): SQL[] {
  const dir = direction === 'desc' ? sql.raw('desc') : sql.raw('asc')
  const upcoming = sql`${tripDates.tripId} = ${trips.id} and ${tripDates.dateFrom} >= ${today}`
  const open = sql`${tripDates.bookable} in (${sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`
  const tieBreak = [germanSortKey(trips.title), asc(trips.id)]
  switch (sortBy) {
    case 'date':
      return [sql`(select min(${tripDates.dateFrom}) from ${tripDates} where ${upcoming}) ${dir} nulls last`, ...tieBreak]
    case 'price':
      return [
        sql`coalesce((select min(${tripDates.price}) from ${tripDates} where ${upcoming} and ${open}), (select min(${tripDates.price}) from ${tripDates} where ${upcoming})) ${dir} nulls last`,
        ...tieBreak,
      ]
    case 'duration':
      return [direction === 'desc' ? desc(trips.durationDays) : asc(trips.durationDays), ...tieBreak]
    case 'name':
      return [sql`${germanSortKey(trips.title)} ${dir}`, asc(trips.id)]
  }
}

/** null when the category or the country does not exist, or the page lies beyond the last one. */
export async function loadCategoryPage(db: Database, query: CategoryPageQuery): Promise<CategoryPage | null> {
  const today = query.today ?? todayIsoDay()
  const perPage = query.perPage ?? TRIPS_PER_PAGE
  // The category and the country are looked up by slug independently; the lists need both ids.
  const [[category], [countryRow]] = await Promise.all([
    db.select().from(categories).where(eq(categories.slug, query.category)).limit(1),
    query.country === null ? [] : db.select().from(countries).where(eq(countries.slug, query.country)).limit(1),
  ])
  if (!category) return null
  if (query.country !== null && !countryRow) return null
  const country: CategoryPage['country'] = countryRow
    ? { id: countryRow.id, slug: countryRow.slug, name: countryRow.name ?? UNNAMED_COUNTRY_HEADER }
    : null

  const inCategory = sql`exists (select 1 from ${tripCategories} where ${tripCategories.tripId} = ${trips.id} and ${tripCategories.categoryId} = ${category.id})`
  const inCountry = countryRow
    ? sql`exists (select 1 from ${tripCountries} where ${tripCountries.tripId} = ${trips.id} and ${tripCountries.countryId} = ${countryRow.id})`
    : undefined
  const [countryList, page] = await Promise.all([
    db
      .select({ id: countries.id, slug: countries.slug, name: countries.name, trips: count() })
      .from(tripCountries)
      .innerJoin(trips, and(eq(trips.id, tripCountries.tripId), eq(trips.published, true), inCategory))
      .innerJoin(countries, eq(countries.id, tripCountries.countryId))
      .groupBy(countries.id)
      .orderBy(sql`lower(unaccent(coalesce(${countries.name}, ${UNNAMED_COUNTRY_HEADER})))`, asc(countries.id)),
    pageTrips(db, and(inCategory, inCountry), {
      page: query.page,
      perPage,
      today,
      order: tripOrder(query.sortBy, query.sortDirection, today),
    }),
  ])
  // A page beyond the last one read no trips (so no cards were loaded) and is a 404.
  if (!isPageInRange(query.page, page.paging.total, perPage)) return null

  return {
    category: {
      id: category.id,
      slug: category.slug,
      name: category.name,
      kind: category.kind,
      descriptionHtml: sanitize(category.description),
      image: category.image,
    },
    country,
    countries: countryList.map((c) => ({ slug: c.slug, name: c.name ?? UNNAMED_COUNTRY_HEADER, trips: c.trips })),
    trips: page.trips,
    paging: page.paging,
  }
}
