// The newsletter boundary: the sign-up (double opt-in mail), and the state and actions behind the
// links of the mails (confirm, unsubscribe), which the link pages use.
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { z } from 'zod'
import type { newsletterInputSchema } from '~/lib/forms'
import { config } from './config.server'
import { kickOutbox } from './mail/worker-runtime.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { requestClientKey } from './services/forms-runtime.server'
import { newsletterLinkState, subscribeNewsletter } from './services/newsletter.server'
import type { LinkState } from './services/newsletter.server'
import { siteInfo } from './site.server'

export type NewsletterAnswer = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> }

/** Newsletter sign-up: a pending subscription and its confirmation mail; the same answer for every valid address. */
export const signUpForNewsletter = createServerFn({ method: 'POST' })
  .validator((data: z.input<typeof newsletterInputSchema>) => data)
  .handler(async ({ data }): Promise<NewsletterAnswer> => {
    const result = await subscribeNewsletter(await getDb(), data, {
      clientKey: await requestClientKey(),
      origin: publicOrigin(),
      site: siteInfo(),
      pendingDays: config().NEWSLETTER_PENDING_DAYS,
    })
    if (result.ok) {
      if (result.mailed) kickOutbox()
      return { ok: true, message: result.message }
    }
    setResponseStatus(result.status)
    if (result.retryAfterSeconds !== undefined) setResponseHeader('Retry-After', String(result.retryAfterSeconds))
    return { ok: false, message: result.message, errors: result.errors }
  })

/** What the page behind a mail's link shows: a button, a done message, or an invalid link. */
export const fetchNewsletterLinkState = createServerFn({ method: 'GET' })
  .validator(z.object({ token: z.string().max(200) }))
  .handler(async ({ data }): Promise<LinkState> => newsletterLinkState(await getDb(), data.token, config().NEWSLETTER_PENDING_DAYS))
