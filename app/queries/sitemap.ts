import { queryOptions } from '@tanstack/react-query'
import { fetchHtmlSitemap } from '~/server/sitemap.functions'

export const sitemapQueries = {
  html: (page: number) => queryOptions({ queryKey: ['sitemap', page], queryFn: () => fetchHtmlSitemap({ data: { page } }), staleTime: 5 * 60_000 }),
}
