// Newsletter sign-up: a 'pending' subscription with a random token. The double opt-in mail with
// the confirmation link belongs to the mail issue (it reads the pending rows and their tokens).
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { HONEYPOT_FIELD, NEWSLETTER_CONFIRMATION, firstMessageByField, newsletterInputSchema, newsletterSchema } from '~/lib/forms'
import type { Database } from '../db/client.server'
import { newsletterSubscriptions } from '../db/schema'

export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string> }

export function newToken(): string {
  return randomBytes(24).toString('base64url')
}

/**
 * Stores a pending subscription. Every valid address gets the same answer, whether it was new,
 * pending, confirmed or unsubscribed, so the form never tells who is subscribed.
 * - new address: a pending row with a fresh token;
 * - pending: a fresh token (the mail issue sends a new link; the old one stops working);
 * - unsubscribed: pending again with a fresh token, so it takes a new confirmation;
 * - confirmed: unchanged.
 */
export async function subscribeNewsletter(db: Database, rawInput: unknown): Promise<NewsletterResult> {
  const input = newsletterInputSchema.safeParse(rawInput)
  if (!input.success) return { ok: false, message: 'Bitte prüfen Sie Ihre Angaben.', errors: {} }
  if (input.data[HONEYPOT_FIELD].trim() !== '') return { ok: true, message: NEWSLETTER_CONFIRMATION }
  const parsed = newsletterSchema.safeParse({ email: input.data.email, consent: input.data.consent })
  if (!parsed.success) return { ok: false, message: 'Bitte prüfen Sie Ihre Angaben.', errors: firstMessageByField(parsed.error.issues) }

  // E-mail addresses are compared without case: Erika@Example.de and erika@example.de are one subscriber.
  const email = parsed.data.email.toLowerCase()
  await db
    .insert(newsletterSubscriptions)
    .values({ email, status: 'pending', token: newToken() })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: {
        status: sql`case when ${newsletterSubscriptions.status} = 'confirmed' then 'confirmed' else 'pending' end`,
        token: sql`case when ${newsletterSubscriptions.status} = 'confirmed' then ${newsletterSubscriptions.token} else excluded.token end`,
      },
    })
  return { ok: true, message: NEWSLETTER_CONFIRMATION }
}

