import { queryOptions } from '@tanstack/react-query'
import { fetchServiceEntries, fetchServicePageText } from '~/server/service-hub.functions'
import type { SERVICE_PAGE_TEXTS } from '~/server/service-hub.functions'

export const serviceQueries = {
  entries: () => queryOptions({ queryKey: ['service-entries'], queryFn: () => fetchServiceEntries(), staleTime: 5 * 60_000 }),
  /** The optional intro text of a service page (null when there is none). */
  pageText: (slug: (typeof SERVICE_PAGE_TEXTS)[number]) =>
    queryOptions({ queryKey: ['service-page-text', slug], queryFn: () => fetchServicePageText({ data: { slug } }), staleTime: 5 * 60_000 }),
}
