// The names behind the ids of a search (for the screen-reader summary and the filter chips).
import type { Country, InitData } from '../api'
import type { SearchNames } from './describe'

export function searchNames(initData: Pick<InitData, 'categories' | 'regions'>, countries: readonly Country[]): SearchNames {
  return {
    categories: new Map(initData.categories.map((c) => [c.id, c.name])),
    // A country without a name is left out: describeSearch and the chips say 'Reiseland' (spec 5).
    countries: new Map(countries.flatMap((c) => (c.name ? [[c.id_loc_country, c.name] as const] : []))),
    regions: new Map(initData.regions.map((r) => [r.id_loc_region, r.name])),
  }
}
