// What a search answers (one page of trips, the total, the facet counts) and what the text field
// suggests. One schema for the server function, the JSON API and the page.
import * as z from 'zod/mini'
import { bookableSchema } from '../bookable'
import { tripCardSchema } from '../trip-card'

/** Trips per result page: 2, 3 and 4 cards per row all fill the last row. */
export const SEARCH_PAGE_SIZE = 24
export const MAX_SEARCH_PAGE_SIZE = 100

const facetValueSchema = z.object({ id: z.number().check(z.int()), name: z.nullable(z.string()), count: z.number().check(z.int()) })

/**
 * Counts for the filter lists. Each list ignores its own filter (the categories list counts the
 * trips that match everything except the chosen categories), so that choosing one category
 * does not make the others look empty: the numbers say what ticking another box would add.
 */
export const searchFacetsSchema = z.object({
  categories: z.array(facetValueSchema),
  countries: z.array(facetValueSchema),
  bookable: z.array(z.object({ status: bookableSchema, count: z.number().check(z.int()) })),
})
export type SearchFacets = z.infer<typeof searchFacetsSchema>
export type FacetValue = z.infer<typeof facetValueSchema>

/** One page of a search: what the results page shows and GET /api/search answers. */
export const searchResultSchema = z.object({
  total: z.number().check(z.int()),
  page: z.number().check(z.int(), z.describe('Die gezeigte Seite: die erbetene oder die letzte, wenn die erbetene dahinter liegt.')),
  pageCount: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  trips: z.array(tripCardSchema),
  // Pure like every z.* call (the bundler knows that of z.* only): the browser build drops this schema.
  facets: /* @__PURE__ */ searchFacetsSchema.check(z.describe('Anzahlen je Filterwert; jede Liste ohne ihren eigenen Filter gezählt.')),
  fuzzy: z.boolean().check(z.describe('true, wenn kein Treffer alle Wörter enthielt und dies die Reisen mit ähnlichen Wörtern sind.')),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const SUGGESTION_KINDS = ['trip', 'region', 'country'] as const
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number]

export const MAX_SUGGESTIONS = 8
/** Fewer letters than this suggest nothing: two letters already narrow 100,000 titles well. */
export const MIN_SUGGEST_LENGTH = 2

export const suggestionSchema = z.object({
  label: z.string(),
  kind: z.enum(SUGGESTION_KINDS),
  /** Trip id, region id or country id. */
  id: z.number().check(z.int()),
  /** The trip page, or the search for the region or country. */
  href: z.string(),
})
export type Suggestion = z.infer<typeof suggestionSchema>

export const SUGGESTION_KIND_LABELS = {
  trip: 'Reise',
  region: 'Region',
  country: 'Reiseland',
} as const satisfies Record<SuggestionKind, string>
