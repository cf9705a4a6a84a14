// Reiseländer: countries and regions with their trip counts, and the trips of one destination.
import { and, eq, sql } from 'drizzle-orm'
import { destinationsOverviewSchema } from '~/lib/destinations'
import type { DestinationPage, DestinationPath, DestinationsOverview, RegionEntry } from '~/lib/destinations'
import { countryHeader } from '~/lib/regions'
import type { Database } from '../db/database.server'
import { countries, regionCountries, regions, tripCountries, tripRegions, trips } from '../db/schema'
import { pageTrips } from './trip-pages.server'

const collator = new Intl.Collator('de')
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => collator.compare(a.name, b.name) || a.id - b.id

async function regionsWithTrips(db: Database): Promise<RegionEntry[]> {
  return db
    .select({ id: regions.id, name: regions.name, slug: regions.slug, trips: sql<number>`count(distinct ${trips.id})::int` })
    .from(regions)
    .innerJoin(tripRegions, eq(tripRegions.regionId, regions.id))
    .innerJoin(trips, and(eq(trips.id, tripRegions.tripId), eq(trips.published, true)))
    .groupBy(regions.id)
}

/** Countries (with at least one published trip) and their regions, for /reiselaender/. */
export async function listDestinations(db: Database): Promise<DestinationsOverview> {
  const [countryRows, regionRows, links] = await Promise.all([
    db
      .select({ id: countries.id, name: countries.name, slug: countries.slug, trips: sql<number>`count(distinct ${trips.id})::int` })
      .from(countries)
      .innerJoin(tripCountries, eq(tripCountries.countryId, countries.id))
      .innerJoin(trips, and(eq(trips.id, tripCountries.tripId), eq(trips.published, true)))
      .groupBy(countries.id),
    regionsWithTrips(db),
    db.select({ regionId: regionCountries.regionId, countryId: regionCountries.countryId }).from(regionCountries),
  ])
  const regionById = new Map(regionRows.map((r) => [r.id, r]))
  const regionsByCountry = Map.groupBy(
    links.flatMap((l) => {
      const region = regionById.get(l.regionId)
      return region ? [{ countryId: l.countryId, region }] : []
    }),
    (l) => l.countryId,
  )
  const withCountry = new Set(links.map((l) => l.regionId))
  return destinationsOverviewSchema.parse({
    countries: countryRows
      .map((c) => ({
        id: c.id,
        name: countryHeader(c),
        slug: c.slug,
        trips: c.trips,
        regions: (regionsByCountry.get(c.id) ?? []).map((l) => l.region).sort(byName),
      }))
      .sort(byName),
    otherRegions: regionRows.filter((r) => !withCountry.has(r.id)).sort(byName),
  })
}

async function findCountry(db: Database, slug: string) {
  const [row] = await db.select({ id: countries.id, name: countries.name, slug: countries.slug }).from(countries).where(eq(countries.slug, slug)).limit(1)
  return row ? { id: row.id, name: countryHeader(row), slug: row.slug } : null
}

async function findRegion(db: Database, slug: string) {
  const [row] = await db.select({ id: regions.id, name: regions.name, slug: regions.slug }).from(regions).where(eq(regions.slug, slug)).limit(1)
  return row ?? null
}

const inCountry = (countryId: number) =>
  sql`exists (select 1 from ${tripCountries} where ${tripCountries.tripId} = ${trips.id} and ${tripCountries.countryId} = ${countryId})`
const inRegion = (regionId: number) =>
  sql`exists (select 1 from ${tripRegions} where ${tripRegions.tripId} = ${trips.id} and ${tripRegions.regionId} = ${regionId})`

/** One destination with a page of its trips; null when the country or region does not exist (or the region is not in that country). */
export async function findDestination(
  db: Database,
  path: DestinationPath,
  options: { page: number; perPage: number; today?: string },
): Promise<DestinationPage | null> {
  if (path.kind === 'country') {
    const country = await findCountry(db, path.country)
    if (!country) return null
    const [withTrips, links, tripPage] = await Promise.all([
      regionsWithTrips(db),
      db.select({ regionId: regionCountries.regionId }).from(regionCountries).where(eq(regionCountries.countryId, country.id)),
      pageTrips(db, inCountry(country.id), options),
    ])
    const own = new Set(links.map((l) => l.regionId))
    return { country, region: null, regions: withTrips.filter((r) => own.has(r.id)).sort(byName), ...tripPage }
  }
  if (path.kind === 'country-region') {
    const [country, region] = await Promise.all([findCountry(db, path.country), findRegion(db, path.region)])
    if (!country || !region) return null
    const [link] = await db
      .select({ regionId: regionCountries.regionId })
      .from(regionCountries)
      .where(and(eq(regionCountries.countryId, country.id), eq(regionCountries.regionId, region.id)))
      .limit(1)
    if (!link) return null
    return { country, region, regions: [], ...(await pageTrips(db, inRegion(region.id), options)) }
  }
  const region = await findRegion(db, path.region)
  if (!region) return null
  return { country: null, region, regions: [], ...(await pageTrips(db, inRegion(region.id), options)) }
}
