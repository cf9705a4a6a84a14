// Typed query of the results route (?sortBy=&sortDirection=&page=&ferien=): sorting, paging and
// the Ferientermine flag. Every key falls back to its default, so a hand-edited URL never fails.
import * as z from 'zod/mini'

export const SORT_BY = ['date', 'price', 'duration', 'name'] as const
export const SORT_DIRECTIONS = ['asc', 'desc'] as const

/** Spec 5: sorting defaults to date, ascending. */
export const SEARCH_PARAMS_DEFAULTS = {
  sortBy: 'date',
  sortDirection: 'asc',
  page: 1,
  ferien: false,
} as const

/** The sort keys, read alike by the search results, the category overview and the search form. */
export function sortParams() {
  return {
    sortBy: z.catch(z._default(z.enum(SORT_BY), SEARCH_PARAMS_DEFAULTS.sortBy), SEARCH_PARAMS_DEFAULTS.sortBy),
    sortDirection: z.catch(z._default(z.enum(SORT_DIRECTIONS), SEARCH_PARAMS_DEFAULTS.sortDirection), SEARCH_PARAMS_DEFAULTS.sortDirection),
  }
}

// The router JSON-reads query values (page=2 is a number, ferien=true a boolean), but a link
// typed by hand or built elsewhere may quote them ("2", "true"), so both spellings are read.
// Built on first use, as every route's search schema is (DECISIONS: Performance).
export const searchParamsSchema = z.lazy(() =>
  z.object({
    ...sortParams(),
    page: z.catch(z._default(z.coerce.number().check(z.int(), z.positive()), SEARCH_PARAMS_DEFAULTS.page), SEARCH_PARAMS_DEFAULTS.page),
    /** Only trips on dates within school holidays (Ferientermine). */
    ferien: z.catch(z._default(z.union([z.boolean(), z.stringbool()]), SEARCH_PARAMS_DEFAULTS.ferien), SEARCH_PARAMS_DEFAULTS.ferien),
  }),
)

export type SearchParams = z.infer<typeof searchParamsSchema>
export type SortBy = SearchParams['sortBy']
export type SortDirection = SearchParams['sortDirection']
