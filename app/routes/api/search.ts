import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { searchApiQuerySchema } from '~/lib/api'
import { parseSegment } from '~/lib/search/segment'
import { apiRoute, parseQuery } from '~/server/http/api.server'
import { getDb } from '~/server/runtime.server'
import { searchOptionsOf, searchTrips } from '~/server/services/search/search.server'

// GET /api/search: the query schema (searchApiQuerySchema) sits with the other API queries in lib/api.
export const Route = createFileRoute('/api/search')({
  server: {
    handlers: {
      GET: apiRoute('search', async ({ request }) => {
        const query = parseQuery(request, searchApiQuerySchema)
        if (!query.ok) return query.response
        const { segment, ...options } = query.data
        const result = await searchTrips(await getDb(), parseSegment(segment), searchOptionsOf(options))
        // Results follow bookings (statuses) closely: cacheable briefly, like the other public lists.
        return Response.json(result, { headers: { 'Cache-Control': 'public, max-age=30' } })
      }),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
