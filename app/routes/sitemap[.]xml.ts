import { createFileRoute } from '@tanstack/react-router'
import { buildSitemapIndex, chunkCount, tripSitemapPath } from '~/lib/sitemap'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { XML_HEADERS, xmlRoute } from '~/server/http/sitemap-route.server'
import { countPublishedTrips } from '~/server/services/sitemap.server'

/** /sitemap.xml: the sitemap index – the pages sitemap and the trips in files of at most 50,000 URLs. */
export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: xmlRoute('sitemap index', async () => {
        const files = chunkCount(await countPublishedTrips(await getDb()))
        const entries = [{ loc: '/sitemap-pages.xml' }, ...Array.from({ length: files }, (_, i) => ({ loc: tripSitemapPath(i + 1) }))]
        return new Response(buildSitemapIndex(entries, publicOrigin()), { headers: XML_HEADERS })
      }),
    },
  },
})
