// Server functions of the trip search: results for a segment, suggestions for the text field,
// and the country list of the search form.
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import type { SearchResult } from '~/lib/search/results'
import { parseSegment } from '~/lib/search/segment'
import { searchParamsSchema } from '~/lib/search/sort'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { getCountries } from './services/catalogue.server'
import { searchOptionsOf, searchTrips } from './services/search/search.server'
import { suggest } from './services/search/suggest.server'

/**
 * Longer segments are cut before parsing: the text keeps at most 100 characters anyway, and the
 * id lists of a real search are short. Nothing in a segment is refused, so this never fails.
 */
const MAX_SEGMENT_LENGTH = 2_000

const searchTripsInputSchema = z.object({
  /** The raw segment as it stands in the URL (decoded); parsed leniently, garbage is an empty search. */
  segment: z.pipe(z.string(), z.transform((s) => s.slice(0, MAX_SEGMENT_LENGTH))),
  params: searchParamsSchema,
})

export type SearchPage = SearchResult & {
  /** Public origin for the canonical link. */
  origin: string
}

export const fetchSearchResults = createServerFn({ method: 'GET' })
  .validator(searchTripsInputSchema)
  .handler(async ({ data }): Promise<SearchPage> => {
    const result = await searchTrips(await getDb(), parseSegment(data.segment), searchOptionsOf(data.params))
    return { ...result, origin: publicOrigin() }
  })

export const fetchSuggestions = createServerFn({ method: 'GET' })
  .validator(z.object({ prefix: z.string().check(z.maxLength(200)) }))
  .handler(async ({ data }) => suggest(await getDb(), data.prefix))

/** The countries for the form's country list and the region groups (cached per instance). */
export const fetchSearchCountries = createServerFn({ method: 'GET' }).handler(() => getCountries())
