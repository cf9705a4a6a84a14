import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { MAX_PAGE } from '~/lib/paging'
import { MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from '~/lib/search/results'
import { parseSegment } from '~/lib/search/segment'
import { SORT_BY, SORT_DIRECTIONS } from '~/lib/search/sort'
import { apiRoute, parseQuery } from '~/server/http/api.server'
import { getDb } from '~/server/runtime.server'
import { searchTrips } from '~/server/services/search.server'

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/**
 * GET /api/search (spec 7 lists the search call as "not shown"; this is ours): the segment of
 * /reiseuebersicht/search/{segment}/ and the page's query. Unlike the page, which reads anything,
 * the API says what is wrong: an unknown parameter or a bad value is a 400. The segment itself
 * is read leniently like the page's (garbage is an empty search).
 */
const searchApiQuerySchema = z
  .object({
    segment: z.string().max(2_000).default(''),
    sortBy: z.enum(SORT_BY).default('date'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    ferien: boolParam.default(false),
  })
  .strict()

export const Route = createFileRoute('/api/search')({
  server: {
    handlers: {
      GET: apiRoute('search', async ({ request }) => {
        const query = parseQuery(request, searchApiQuerySchema)
        if (!query.ok) return query.response
        const { segment, ...options } = query.data
        const result = await searchTrips(await getDb(), parseSegment(segment), options)
        // Results follow bookings (statuses) closely: cacheable briefly, like the other public lists.
        return Response.json(result, { headers: { 'Cache-Control': 'public, max-age=30' } })
      }),
    },
  },
})
