import { queryOptions } from '@tanstack/react-query'
import { fetchNewsletterLinkState } from '~/server/newsletter.functions'

export const newsletterQueries = {
  /** The subscription behind a mail's link: pending, confirmed, unsubscribed or unknown. */
  link: (token: string) => queryOptions({ queryKey: ['newsletter', 'link', token], queryFn: () => fetchNewsletterLinkState({ data: { token } }) }),
}
