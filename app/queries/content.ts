import { queryOptions } from '@tanstack/react-query'
import {
  fetchArticle,
  fetchContentLinks,
  fetchContentPage,
  fetchFaq,
  fetchFixedPageText,
  fetchServiceEntry,
} from '~/server/content.functions'
import type { FixedPageSlug } from '~/server/content.functions'

export const contentQueries = {
  page: (slug: string) => queryOptions({ queryKey: ['content', 'page', slug], queryFn: () => fetchContentPage({ data: { slug } }) }),
  article: (slug: string) => queryOptions({ queryKey: ['content', 'article', slug], queryFn: () => fetchArticle({ data: { slug } }) }),
  serviceEntry: (id: string) =>
    queryOptions({ queryKey: ['content', 'service-entry', id], queryFn: () => fetchServiceEntry({ data: { id } }) }),
  links: (kind: 'article' | 'service-entry') =>
    queryOptions({ queryKey: ['content', 'links', kind], queryFn: () => fetchContentLinks({ data: { kind } }) }),
  /** The editable text of a page with fixed blocks (null when there is none). */
  fixedPageText: (slug: FixedPageSlug) =>
    queryOptions({ queryKey: ['content', 'fixed', slug], queryFn: () => fetchFixedPageText({ data: { slug } }) }),
  faq: () => queryOptions({ queryKey: ['content', 'faq'], queryFn: () => fetchFaq() }),
}
