// Catalogue reference data: categories with their journey counts, menus, regions, countries.
// Spec 7: GET /api/init-data and GET /api/countries (cached after the first fetch).
import { asc, eq, sql } from 'drizzle-orm'
import { countrySchema, initDataSchema } from '~/lib/api'
import type { Country, InitData } from '~/lib/api'
import { menuSchema } from '~/lib/site'
import * as z from 'zod/mini'
import { cachedLoader } from '../cache.server'
import type { Database } from '../db/database.server'
import { categories, countries, menus, regionCountries, regions, tripCategories, trips } from '../db/schema'
import { getDb } from '../runtime.server'

export async function loadInitData(db: Database): Promise<InitData> {
  const [categoryRows, menuRows, regionRows, links] = await Promise.all([
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        kind: categories.kind,
        journeys: sql<number>`count(${trips.id})::int`,
      })
      .from(categories)
      .leftJoin(tripCategories, eq(tripCategories.categoryId, categories.id))
      .leftJoin(trips, sql`${trips.id} = ${tripCategories.tripId} and ${trips.published}`)
      .groupBy(categories.id)
      .orderBy(asc(categories.sort), asc(categories.name)),
    db.select({ key: menus.key, items: menus.items }).from(menus).orderBy(asc(menus.key)),
    db.select({ id: regions.id, name: regions.name, slug: regions.slug }).from(regions).orderBy(asc(regions.name)),
    db.select({ regionId: regionCountries.regionId, countryId: regionCountries.countryId }).from(regionCountries),
  ])
  const byRegion = Map.groupBy(links, (l) => l.regionId)
  return initDataSchema.parse({
    categories: categoryRows,
    menus: z.array(menuSchema).parse(menuRows),
    regions: regionRows.map((r) => ({
      id_loc_region: r.id,
      name: r.name,
      slug: r.slug,
      loc_region_countries: (byRegion.get(r.id) ?? []).map((l) => ({ id_loc_country: l.countryId })),
    })),
  })
}

export async function loadCountries(db: Database): Promise<Country[]> {
  const rows = await db
    .select({ id_loc_country: countries.id, name: countries.name, slug: countries.slug })
    .from(countries)
    .orderBy(asc(countries.name))
  return z.array(countrySchema).parse(rows)
}

export const getInitData = cachedLoader(async () => loadInitData(await getDb()))
export const getCountries = cachedLoader(async () => loadCountries(await getDb()))
