import { createFileRoute } from '@tanstack/react-router'
import { buildRobotsTxt } from '~/lib/sitemap'
import { publicOrigin } from '~/server/origin.server'

/** /robots.txt: crawl everything except search results, wish list, booking, payment, /test/ and the API; names the sitemap. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: () =>
        new Response(buildRobotsTxt(publicOrigin()), {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
        }),
    },
  },
})
