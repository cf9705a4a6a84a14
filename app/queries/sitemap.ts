import { queryOptions } from '@tanstack/react-query'
import { fetchHtmlSitemap } from '~/server/sitemap.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const sitemapQueries = {
  html: (page: number) => queryOptions({ queryKey: ['sitemap', 'html', page], queryFn: () => fetchHtmlSitemap({ data: { page } }), staleTime: CATALOGUE_STALE_MS }),
}
