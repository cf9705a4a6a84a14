// Query factories of the trip search: results of a segment, suggestions, the form's countries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { SearchParams } from '~/lib/search/sort'
import { searchCountriesFn, searchTripsFn, suggestFn } from '~/server/search.functions'

export const searchQueries = {
  /** Keyed by the canonical segment, so two spellings of one search share their cache entry. */
  results: (segment: string, params: SearchParams) =>
    queryOptions({
      queryKey: ['search', segment, params.sortBy, params.sortDirection, params.page, params.ferien],
      queryFn: () => searchTripsFn({ data: { segment, params } }),
      staleTime: 30_000,
    }),
  suggestions: (prefix: string) =>
    queryOptions({
      queryKey: ['search-suggestions', prefix],
      queryFn: () => suggestFn({ data: { prefix } }),
      staleTime: 5 * 60_000,
      // While the next letters load, the list of the previous ones stays (no flicker).
      placeholderData: keepPreviousData,
    }),
  countries: () =>
    queryOptions({ queryKey: ['search-countries'], queryFn: () => searchCountriesFn(), staleTime: 5 * 60_000 }),
}
