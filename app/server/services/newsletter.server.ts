// The newsletter with double opt-in. A sign-up stores a pending subscription with the consent
// wording the person ticked and, in the same transaction, a confirmation mail without any
// advertising; following its link (and pressing the button there) confirms, which is the recorded
// moment of consent. Every newsletter mail carries an unsubscribe link and the List-Unsubscribe
// headers of RFC 8058. Unconfirmed sign-ups are deleted after NEWSLETTER_PENDING_DAYS.
import { randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne, sql, sum } from 'drizzle-orm'
import {
  HONEYPOT_FIELD,
  NEWSLETTER_CONFIRMATION,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  RATE_LIMITED_MESSAGE,
  firstMessageByField,
  newsletterInputSchema,
  newsletterSchema,
  newsletterTokenSchema,
} from '~/lib/forms'
import type { Database } from '../db/database.server'
import { newsletterSubscriptions } from '../db/schema'
import { log } from '../log.server'
import { enqueueMail } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'
import { renderMail } from '../mail/template.server'
import type { MailLine, MailSection, MailSite } from '../mail/template.server'
import { NEWSLETTER_RULE, takeAttempt } from './form-limits.server'

export type NewsletterResult =
  | { ok: true; message: string; mailed: boolean }
  | { ok: false; status: 400 | 429; message: string; errors: Record<string, string>; retryAfterSeconds?: number }

export type NewsletterContext = {
  /** The client as clientKey() makes it. */
  clientKey: string
  /** The public origin the links in the mails point to. */
  origin: string
  site: MailSite
  /** NEWSLETTER_PENDING_DAYS: how long a confirmation link works. */
  pendingDays: number
  now?: Date
}

/**
 * Confirmation mails to one mailbox within 24 hours, however often it is signed up and however its
 * address is spelled (name+tag@ delivers to name@: the column `mailbox`).
 */
export const CONFIRMATION_MAILS_PER_DAY = 3
const DAY_MS = 24 * 60 * 60_000

export function newToken(): string {
  return randomBytes(24).toString('base64url')
}

export const confirmPath = (token: string) => `/newsletter/bestaetigen/${token}/`
export const unsubscribePath = (token: string) => `/newsletter/abmelden/${token}/`

type MailCounter = { confirmationMails: number; confirmationWindowAt: Date | null }

/**
 * Whether another confirmation mail may go to this address now, and its counter after it.
 * `sameMailbox`: the mails counted today for the other spellings of its mailbox.
 */
export function nextConfirmationMail(row: MailCounter, now: Date, sameMailbox = 0): MailCounter | null {
  const next =
    !row.confirmationWindowAt || now.getTime() - row.confirmationWindowAt.getTime() >= DAY_MS
      ? { confirmationMails: 1, confirmationWindowAt: now }
      : { confirmationMails: row.confirmationMails + 1, confirmationWindowAt: row.confirmationWindowAt }
  return next.confirmationMails + sameMailbox > CONFIRMATION_MAILS_PER_DAY ? null : next
}

/**
 * Confirmation mails counted within the last 24 hours for the other addresses of this mailbox.
 * A transaction-scoped advisory lock on the mailbox makes count-then-send one step for all its
 * spellings (each row is locked on its own).
 */
async function otherSpellingsToday(tx: Database, row: { id: number; mailbox: string | null }, now: Date): Promise<number> {
  if (row.mailbox === null) return 0
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`newsletter mailbox ${row.mailbox}`}, 0))`)
  const [counted] = await tx
    .select({ mails: sum(newsletterSubscriptions.confirmationMails).mapWith(Number) })
    .from(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.mailbox, row.mailbox),
        ne(newsletterSubscriptions.id, row.id),
        gt(newsletterSubscriptions.confirmationWindowAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
  return counted?.mails ?? 0
}

const INVALID_MESSAGE = 'Bitte prüfen Sie Ihre Angaben.'

/**
 * Signs an address up. Every valid address gets the same answer, whether it was new, pending,
 * confirmed or unsubscribed, so the form never tells who is subscribed:
 * - new, pending or unsubscribed: pending with a fresh token (an older link stops working) and a
 *   confirmation mail, at most CONFIRMATION_MAILS_PER_DAY a day; beyond that nothing changes;
 * - confirmed: unchanged, no mail.
 */
export async function subscribeNewsletter(db: Database, rawInput: unknown, context: NewsletterContext): Promise<NewsletterResult> {
  const input = newsletterInputSchema.safeParse(rawInput)
  if (!input.success) return { ok: false, status: 400, message: INVALID_MESSAGE, errors: {} }
  const now = context.now ?? new Date()
  const parsed = newsletterSchema.safeParse({ email: input.data.email, consent: input.data.consent })

  const result = await db.transaction(async (tx): Promise<NewsletterResult> => {
    const attempt = await takeAttempt(tx, 'newsletter', context.clientKey, NEWSLETTER_RULE, now)
    if (!attempt.ok) return { ok: false, status: 429, message: RATE_LIMITED_MESSAGE, errors: {}, retryAfterSeconds: attempt.retryAfterSeconds }
    if (input.data[HONEYPOT_FIELD].trim() !== '') return { ok: true, message: NEWSLETTER_CONFIRMATION, mailed: false }
    if (!parsed.success) return { ok: false, status: 400, message: INVALID_MESSAGE, errors: firstMessageByField(parsed.error.issues) }

    // E-mail addresses are compared without case: Erika@Example.de and erika@example.de are one subscriber.
    const email = parsed.data.email.toLowerCase()
    await tx
      .insert(newsletterSubscriptions)
      .values({ email, status: 'pending', token: newToken(), createdAt: now, requestedAt: now })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
    const [row] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).for('update')
    if (!row) throw new Error('newsletter subscription vanished')
    if (row.status === 'confirmed') return { ok: true, message: NEWSLETTER_CONFIRMATION, mailed: false }

    const counter = nextConfirmationMail(row, now, await otherSpellingsToday(tx, row, now))
    if (!counter) {
      log('info', 'newsletter confirmation not sent', { reason: 'daily limit for the mailbox' })
      return { ok: true, message: NEWSLETTER_CONFIRMATION, mailed: false }
    }
    const token = newToken()
    await tx
      .update(newsletterSubscriptions)
      .set({ status: 'pending', token, requestedAt: now, consentText: NEWSLETTER_CONSENT_TEXT, consentVersion: NEWSLETTER_CONSENT_VERSION, ...counter })
      .where(eq(newsletterSubscriptions.id, row.id))
    await enqueueMail(tx, confirmationMail(email, token, context))
    log('info', 'newsletter sign-up', { subscriptionId: row.id })
    return { ok: true, message: NEWSLETTER_CONFIRMATION, mailed: true }
  })
  if (!result.ok && result.status === 429) log('info', 'newsletter rate limited', {})
  return result
}

/** The double opt-in mail: the link, what was agreed to, and no advertising at all. */
export function confirmationMail(email: string, token: string, context: Pick<NewsletterContext, 'origin' | 'site' | 'pendingDays'>): OutboxMail {
  const { site } = context
  const link = `${context.origin}${confirmPath(token)}`
  const rendered = renderMail({
    preheader: 'Bitte bestätigen Sie Ihre Anmeldung zum Newsletter.',
    heading: 'Bitte bestätigen Sie Ihre Anmeldung',
    paragraphs: [
      'Guten Tag,',
      `auf unserer Website wurde diese E-Mail-Adresse für den Newsletter von ${site.name} angemeldet. Erst wenn Sie die Anmeldung bestätigen, senden wir Ihnen den Newsletter.`,
      { text: 'Anmeldung bestätigen', href: link },
      `Der Link gilt ${context.pendingDays === 1 ? 'einen Tag' : `${context.pendingDays} Tage`}. Sie haben sich nicht angemeldet? Dann brauchen Sie nichts zu tun: Ohne Bestätigung erhalten Sie keinen Newsletter, und wir löschen Ihre Adresse danach.`,
    ],
    sections: [{ heading: 'Ihre Einwilligung', paragraphs: [`„${NEWSLETTER_CONSENT_TEXT}“`] }],
    closing: ['Mit freundlichen Grüßen', `Ihr Team von ${site.name}`],
    site,
  })
  return { to: email, subject: `Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei ${site.name}`, ...rendered }
}

export type NewsletterIssue = {
  subject: string
  heading: string
  preheader?: string
  paragraphs: readonly MailLine[]
  sections?: readonly MailSection[]
}

/**
 * A mail to a subscriber: the content, then how to unsubscribe, with List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058), so that mail programs offer a one-click unsubscribe that
 * POSTs to the same address. (RFC 8058 also wants both headers covered by a DKIM signature: that
 * is the sending mail server's part.)
 */
export function newsletterMail(issue: NewsletterIssue, subscriber: { email: string; token: string }, origin: string, site: MailSite): OutboxMail {
  const unsubscribe = `${origin}${unsubscribePath(subscriber.token)}`
  const rendered = renderMail({
    preheader: issue.preheader,
    heading: issue.heading,
    paragraphs: issue.paragraphs,
    sections: [
      ...(issue.sections ?? []),
      {
        heading: 'Newsletter abbestellen',
        paragraphs: [
          `Sie erhalten diese E-Mail, weil Sie den Newsletter von ${site.name} mit dieser Adresse bestellt und bestätigt haben. Sie können ihn jederzeit abbestellen:`,
          { text: 'Newsletter abbestellen', href: unsubscribe },
        ],
      },
    ],
    site,
  })
  return {
    to: subscriber.email,
    subject: issue.subject,
    ...rendered,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** Writes one issue for every confirmed subscriber into the outbox (one transaction); returns how many. */
export async function enqueueNewsletter(db: Database, issue: NewsletterIssue, context: { origin: string; site: MailSite }): Promise<number> {
  return db.transaction(async (tx) => {
    const subscribers = await tx
      .select({ email: newsletterSubscriptions.email, token: newsletterSubscriptions.token })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.status, 'confirmed'))
    for (const s of subscribers) await enqueueMail(tx, newsletterMail(issue, s, context.origin, context.site))
    return subscribers.length
  })
}

function welcomeIssue(site: MailSite): NewsletterIssue {
  return {
    subject: `Willkommen beim Newsletter von ${site.name}`,
    heading: 'Ihre Anmeldung ist bestätigt',
    paragraphs: [
      'Guten Tag,',
      'vielen Dank für Ihre Bestätigung. Ab jetzt erhalten Sie unseren Newsletter an diese Adresse.',
    ],
  }
}

export type LinkState = 'pending' | 'confirmed' | 'unsubscribed' | 'unknown'

function expired(row: { status: string; requestedAt: Date }, now: Date, pendingDays: number): boolean {
  return row.status === 'pending' && now.getTime() - row.requestedAt.getTime() > pendingDays * DAY_MS
}

/** What a link's page should offer; an unknown, malformed or lapsed token is 'unknown'. */
export async function newsletterLinkState(db: Database, token: string, pendingDays: number, now: Date = new Date()): Promise<LinkState> {
  if (!newsletterTokenSchema.safeParse(token).success) return 'unknown'
  const [row] = await db
    .select({ status: newsletterSubscriptions.status, requestedAt: newsletterSubscriptions.requestedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.token, token))
  if (!row || expired(row, now, pendingDays)) return 'unknown'
  return row.status
}

/**
 * The confirmation: a pending subscription becomes confirmed, confirmed_at records the moment of
 * consent (the wording and its version were stored at sign-up), and a welcome mail with the
 * unsubscribe link goes out in the same transaction.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  context: Pick<NewsletterContext, 'origin' | 'site' | 'pendingDays' | 'now'>,
): Promise<'confirmed' | 'already' | 'unknown'> {
  if (!newsletterTokenSchema.safeParse(token).success) return 'unknown'
  const now = context.now ?? new Date()
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.token, token)).for('update')
    if (!row || row.status === 'unsubscribed' || expired(row, now, context.pendingDays)) return 'unknown'
    if (row.status === 'confirmed') return 'already'
    await tx.update(newsletterSubscriptions).set({ status: 'confirmed', confirmedAt: now }).where(eq(newsletterSubscriptions.id, row.id))
    await enqueueMail(tx, newsletterMail(welcomeIssue(context.site), row, context.origin, context.site))
    log('info', 'newsletter confirmed', { subscriptionId: row.id, consentVersion: row.consentVersion })
    return 'confirmed'
  })
}

/**
 * Unsubscribes by the token of the mails' link: no further question, as RFC 8058 demands of the
 * one-click POST. The row stays as 'unsubscribed' with the consent it had, as proof for the mails
 * sent before; a new sign-up needs a new confirmation. A pending sign-up has no unsubscribe link
 * (it gets no newsletter) and is 'already': it ends by itself when it is not confirmed.
 */
export async function unsubscribeNewsletter(db: Database, token: string, now: Date = new Date()): Promise<'unsubscribed' | 'already' | 'unknown'> {
  if (!newsletterTokenSchema.safeParse(token).success) return 'unknown'
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where(and(eq(newsletterSubscriptions.token, token), eq(newsletterSubscriptions.status, 'confirmed')))
    .returning({ id: newsletterSubscriptions.id })
  if (row) {
    log('info', 'newsletter unsubscribed', { subscriptionId: row.id })
    return 'unsubscribed'
  }
  const [known] = await db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.token, token))
  return known ? 'already' : 'unknown'
}

/** Deletes sign-ups that were not confirmed within the given days; returns how many. */
export async function sweepPendingSubscriptions(db: Database, pendingDays: number, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.status, 'pending'), lt(newsletterSubscriptions.requestedAt, new Date(now.getTime() - pendingDays * DAY_MS))))
    .returning({ id: newsletterSubscriptions.id })
  return deleted.length
}
