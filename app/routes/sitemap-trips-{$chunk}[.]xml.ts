import { createFileRoute } from '@tanstack/react-router'
import { buildUrlset, chunkRange, parseChunkNumber } from '~/lib/sitemap'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { XML_HEADERS, xmlNotFound, xmlRoute } from '~/server/http/sitemap-route.server'
import { countPublishedTrips, tripSitemapEntries } from '~/server/services/sitemap.server'

/** /sitemap-trips-{n}.xml: the n-th block of at most 50,000 published trips; other numbers are 404. */
export const Route = createFileRoute('/sitemap-trips-{$chunk}.xml')({
  server: {
    handlers: {
      GET: xmlRoute('trip sitemap', async ({ params }) => {
        const n = parseChunkNumber(params.chunk ?? '')
        if (n === null) return xmlNotFound()
        const db = await getDb()
        const range = chunkRange(n, await countPublishedTrips(db))
        if (!range) return xmlNotFound()
        const entries = await tripSitemapEntries(db, range.offset, range.limit)
        return new Response(buildUrlset(entries, publicOrigin()), { headers: XML_HEADERS })
      }),
    },
  },
})
