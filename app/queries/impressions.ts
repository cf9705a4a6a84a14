import { queryOptions } from '@tanstack/react-query'
import { fetchGallery, fetchImpression, fetchImpressions } from '~/server/impressions.functions'

export const impressionQueries = {
  list: (page: number) => queryOptions({ queryKey: ['impressions', 'list', page], queryFn: () => fetchImpressions({ data: { page } }) }),
  detail: (slug: string) => queryOptions({ queryKey: ['impressions', 'detail', slug], queryFn: () => fetchImpression({ data: { slug } }) }),
  gallery: (page: number) => queryOptions({ queryKey: ['impressions', 'gallery', page], queryFn: () => fetchGallery({ data: { page } }) }),
}
