// Query factories of the trip search: results of a segment, suggestions, the form's countries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { SearchParams } from '~/lib/search/sort'
import { fetchSearchCountries, fetchSearchResults, fetchSuggestions } from '~/server/search.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const searchQueries = {
  /** Keyed by the canonical segment, so two spellings of one search share their cache entry. */
  results: (segment: string, params: SearchParams) =>
    queryOptions({
      queryKey: ['search', 'results', segment, params.sortBy, params.sortDirection, params.page, params.ferien],
      queryFn: ({ signal }) => fetchSearchResults({ data: { segment, params }, signal }),
      staleTime: 30_000,
    }),
  suggestions: (prefix: string) =>
    queryOptions({
      queryKey: ['search', 'suggestions', prefix],
      // A letter typed after this one cancels this request (React Query aborts the signal).
      queryFn: ({ signal }) => fetchSuggestions({ data: { prefix }, signal }),
      staleTime: CATALOGUE_STALE_MS,
      // While the next letters load, the list of the previous ones stays (no flicker).
      placeholderData: keepPreviousData,
    }),
  countries: () =>
    queryOptions({ queryKey: ['search', 'countries'], queryFn: () => fetchSearchCountries(), staleTime: CATALOGUE_STALE_MS }),
}
