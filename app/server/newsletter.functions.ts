// The newsletter boundary: the sign-up (double opt-in mail), and the state and actions behind the
// links of the mails (confirm, unsubscribe), which the link pages use.
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import type { newsletterInputSchema } from '~/lib/forms'
import { config } from './config.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { answerSubmission, requestClientKey } from './services/forms-runtime.server'
import type { FormAnswer } from './services/forms-runtime.server'
import { newsletterLinkState, subscribeNewsletter } from './services/newsletter.server'
import type { LinkState } from './services/newsletter.server'
import { siteInfo } from './site.server'

/** Newsletter sign-up: a pending subscription and its confirmation mail; the same answer for every valid address. */
export const signUpForNewsletter = createServerFn({ method: 'POST' })
  .validator((data: z.input<typeof newsletterInputSchema>) => data)
  .handler(async ({ data }): Promise<FormAnswer> => {
    const result = await subscribeNewsletter(await getDb(), data, {
      clientKey: await requestClientKey(),
      origin: publicOrigin(),
      site: siteInfo(),
      pendingDays: config().NEWSLETTER_PENDING_DAYS,
    })
    return answerSubmission(result)
  })

/** What the page behind a mail's link shows: a button, a done message, or an invalid link. */
export const fetchNewsletterLinkState = createServerFn({ method: 'GET' })
  .validator(z.object({ token: z.string().check(z.maxLength(200)) }))
  .handler(async ({ data }): Promise<LinkState> => newsletterLinkState(await getDb(), data.token, config().NEWSLETTER_PENDING_DAYS))
