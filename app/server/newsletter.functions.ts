import { createServerFn } from '@tanstack/react-start'
import { newsletterInputSchema } from '~/lib/forms'
import { getDb } from './runtime.server'
import { subscribeNewsletter } from './services/newsletter.server'

/** Newsletter sign-up: a pending subscription; the double opt-in mail belongs to the mail issue. */
export const signUpForNewsletter = createServerFn({ method: 'POST' })
  .validator(newsletterInputSchema)
  .handler(async ({ data }) => subscribeNewsletter(await getDb(), data))
