import { queryOptions } from '@tanstack/react-query'
import { fetchContentPage } from '~/server/content.functions'

export const contentQueries = {
  page: (slug: string) => queryOptions({ queryKey: ['content', slug], queryFn: () => fetchContentPage({ data: { slug } }) }),
}
