// The Reisekarte (/map/): the Reiseländer overview (countries and regions with trip counts) with
// a position for each country, so the map can plot it.
import { inArray } from 'drizzle-orm'
import { countryCentre } from '~/lib/geo-plot'
import type { CountryEntry, RegionEntry } from '~/lib/destinations'
import type { Database } from '../db/database.server'
import { countries } from '../db/schema'
import { listDestinations } from './destinations.server'

export type MapCountry = CountryEntry & {
  /** Null when the country's position is unknown (it is listed, not plotted). */
  lat: number | null
  lng: number | null
}

export type TravelMap = { countries: MapCountry[]; otherRegions: RegionEntry[] }

export async function loadTravelMap(db: Database): Promise<TravelMap> {
  const overview = await listDestinations(db)
  const ids = overview.countries.map((c) => c.id)
  const codes = ids.length ? await db.select({ id: countries.id, iso2: countries.iso2 }).from(countries).where(inArray(countries.id, ids)) : []
  const isoById = new Map(codes.map((c) => [c.id, c.iso2]))
  return {
    countries: overview.countries.map((c) => {
      const centre = countryCentre(isoById.get(c.id))
      return { ...c, lat: centre?.lat ?? null, lng: centre?.lng ?? null }
    }),
    otherRegions: overview.otherRegions,
  }
}
