import { createFileRoute } from '@tanstack/react-router'
import { buildUrlset } from '~/lib/sitemap'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { XML_HEADERS, xmlRoute } from '~/server/http/sitemap-route.server'
import { pageSitemapEntries } from '~/server/services/sitemap.server'

/** /sitemap-pages.xml: fixed pages, categories, countries and regions, ships, hotels, blog, content pages. */
export const Route = createFileRoute('/sitemap-pages.xml')({
  server: {
    handlers: {
      GET: xmlRoute('pages sitemap', async () => {
        const entries = await pageSitemapEntries(await getDb())
        return new Response(buildUrlset(entries, publicOrigin()), { headers: XML_HEADERS })
      }),
    },
  },
})
