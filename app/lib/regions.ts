// Region picker list (spec 5): regions filtered by the chosen countries and grouped under country headers.
//
// Decisions where the spec is silent:
// - No country chosen: every region is listed, under all its countries.
// - A region that belongs to several countries appears under each of them.
// - 'Andere Regionen' (regions without any country) comes last and only when no country is
//   chosen: such a region matches no country, so a country filter hides it like any other
//   non-matching region.
// - A region that points at a country missing from the country list gets a group of its own
//   headed 'Reiseland', the same as a country without a name; it is not dropped.
// - Countries with no (remaining) region get no header; a region listed twice under the same
//   country appears once.
// - Headers are sorted with German collation (Ä beside A, Ö beside O); equal headers, e.g. two
//   nameless countries, by country id so the order is stable. Regions inside a group likewise,
//   ties by region id.
import * as z from 'zod/mini'
import { compareGerman } from './format'

export const regionSchema = z.object({
  id_loc_region: z.number().check(z.int()),
  name: z.string(),
  loc_region_countries: z.array(z.object({ id_loc_country: z.number().check(z.int()) })),
})

export const countrySchema = z.object({
  id_loc_country: z.number().check(z.int()),
  name: z.nullable(z.string()),
})

export type Region = z.infer<typeof regionSchema>
export type Country = z.infer<typeof countrySchema>

export type RegionGroup<R extends Region = Region> = {
  header: string
  /** null for the 'Andere Regionen' group. */
  countryId: number | null
  regions: R[]
}

export const OTHER_REGIONS_HEADER = 'Andere Regionen'
export const UNNAMED_COUNTRY_HEADER = 'Reiseland'

/** The header a country shows: its name, or 'Reiseland' when it has none (spec 5). */
export function countryHeader(country: Pick<Country, 'name'> | undefined): string {
  const name = country?.name?.trim() ?? ''
  return name === '' ? UNNAMED_COUNTRY_HEADER : name
}

function byRegionName(a: Region, b: Region): number {
  return compareGerman(a.name.trim(), b.name.trim()) || a.id_loc_region - b.id_loc_region
}

export function groupRegions<R extends Region>(
  regions: readonly R[],
  countries: readonly Country[],
  chosenCountryIds: readonly number[],
): RegionGroup<R>[] {
  const chosen = new Set(chosenCountryIds)
  const filtering = chosen.size > 0
  const countryById = new Map(countries.map((c) => [c.id_loc_country, c]))

  const byCountry = new Map<number, Map<number, R>>()
  const withoutCountry: R[] = []
  for (const region of regions) {
    if (region.loc_region_countries.length === 0) {
      if (!filtering) withoutCountry.push(region)
      continue
    }
    for (const { id_loc_country: countryId } of region.loc_region_countries) {
      if (filtering && !chosen.has(countryId)) continue
      let group = byCountry.get(countryId)
      if (!group) {
        group = new Map()
        byCountry.set(countryId, group)
      }
      group.set(region.id_loc_region, region)
    }
  }

  const countryGroups: RegionGroup<R>[] = [...byCountry].map(([countryId, members]) => ({
    header: countryHeader(countryById.get(countryId)),
    countryId,
    regions: [...members.values()].sort(byRegionName),
  }))
  countryGroups.sort((a, b) => compareGerman(a.header, b.header) || (a.countryId ?? 0) - (b.countryId ?? 0))

  if (withoutCountry.length > 0) {
    countryGroups.push({ header: OTHER_REGIONS_HEADER, countryId: null, regions: withoutCountry.sort(byRegionName) })
  }
  return countryGroups
}
