// Form submissions (/forms/{form}): validated again with the form's own schema, stored in
// form_submissions and, in the same transaction, the office's mail (from the form's mail
// template) and the customer's acknowledgement written into the outbox. A client may send each
// form a few times in ten minutes; the same content again within ten minutes is answered like the
// first but stored and sent once.
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm'
import { formatDateRange } from '~/lib/format'
import { mailboxOf } from '~/lib/mailbox'
import { FORM_DEFINITIONS, FORM_KEYS, HONEYPOT_FIELD, RATE_LIMITED_MESSAGE, buildFormSchema, firstMessageByField, formSubmissionInputSchema } from '~/lib/forms'
import type { FormKey } from '~/lib/forms'
import type { Database } from '../db/database.server'
import { formSubmissions, mailFormTemplates, tripDates, trips } from '../db/schema'
import { log } from '../log.server'
import { enqueueMail } from '../mail/outbox.server'
import { mailboxSql } from '../mail/recipient-limit.server'
import type { MailSite } from '../mail/template.server'
import { DUPLICATE_WINDOW_MS, FORM_RULE, dedupeKey, isDuplicate, takeAttempt } from './form-limits.server'
import { acknowledgementMail, defaultTemplate, operatorMail, placeholderValues } from './form-mail.server'
import type { MailFormTemplate, TripRequestContext } from './form-mail.server'

export type { TripRequestContext }

export type SubmitResult =
  /** `stored` is false for a honeypot or a duplicate: both are answered like a success. */
  | { ok: true; message: string; stored: boolean; mailed: boolean }
  | { ok: false; status: 400 | 429; message: string; errors: Record<string, string>; retryAfterSeconds?: number }

export type SubmitContext = {
  /** The client as clientKey() makes it (a keyed hash of its address). */
  clientKey: string
  site: MailSite
  /** The public origin, for the trip link in a Reiseanfrage's mail. */
  origin: string
  now?: Date
}

/** How many acknowledgements one address gets a day, whoever sends the forms. */
export const ACKNOWLEDGEMENTS_PER_DAY = 3
const DAY_MS = 24 * 60 * 60_000

/** The trip (and optionally its date) a Reiseanfrage is about; null when either does not exist. */
export async function loadTripRequestContext(db: Database, tripId: number, dateId: number | undefined): Promise<TripRequestContext | null> {
  const [trip] = await db
    .select({ id: trips.id, title: trips.title })
    .from(trips)
    .where(and(eq(trips.id, tripId), eq(trips.published, true)))
    .limit(1)
  if (!trip) return null
  if (dateId === undefined) return { tripId: trip.id, title: trip.title, dateId: null, dates: null }
  const [date] = await db
    .select({ id: tripDates.id, dateFrom: tripDates.dateFrom, dateTill: tripDates.dateTill })
    .from(tripDates)
    .where(and(eq(tripDates.id, dateId), eq(tripDates.tripId, trip.id)))
    .limit(1)
  if (!date) return null
  return { tripId: trip.id, title: trip.title, dateId: date.id, dates: formatDateRange(date.dateFrom, date.dateTill) }
}

async function loadTemplate(db: Database, form: FormKey): Promise<MailFormTemplate | null> {
  const [template] = await db.select().from(mailFormTemplates).where(eq(mailFormTemplates.key, form)).limit(1)
  return template ?? null
}

/** The text shown after sending: the mail template's confirmation when there is one. */
export async function confirmationMessage(db: Database, form: FormKey): Promise<string> {
  const text = (await loadTemplate(db, form))?.message.trim()
  return text ? text : FORM_DEFINITIONS[form].confirmation
}

const INVALID_MESSAGE = 'Bitte prüfen Sie Ihre Angaben.'

/** Acknowledgements already sent to this address's mailbox today (counted from the stored submissions). */
async function acknowledgementsToday(tx: Database, email: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        // Every form named, so that the (form, created_at) index finds the day's rows.
        inArray(formSubmissions.form, [...FORM_KEYS]),
        gt(formSubmissions.createdAt, new Date(now.getTime() - DAY_MS)),
        sql`${mailboxSql(sql`${formSubmissions.data}->>'email'`)} = ${mailboxOf(email)}`,
      ),
    )
  return row?.n ?? 0
}

/**
 * Validates, limits and stores one submission with its mails. Invalid input stores nothing and
 * answers the first message per field (400); a client over the limit gets 429 with a German
 * message; a filled honeypot and a resend of the same content are answered like a success and
 * store nothing. Every request that reaches the limit check counts, valid or not.
 */
export async function submitForm(db: Database, rawInput: unknown, context: SubmitContext): Promise<SubmitResult> {
  const input = formSubmissionInputSchema.safeParse(rawInput)
  if (!input.success) return { ok: false, status: 400, message: INVALID_MESSAGE, errors: {} }
  const { form, values, reise, termin } = input.data
  const definition = FORM_DEFINITIONS[form]
  const now = context.now ?? new Date()
  const honeypot = input.data[HONEYPOT_FIELD].trim() !== ''
  const parsed = buildFormSchema(definition).safeParse(values)

  const result = await db.transaction(async (tx): Promise<SubmitResult> => {
    const attempt = await takeAttempt(tx, `form:${form}`, context.clientKey, FORM_RULE, now)
    if (!attempt.ok) return { ok: false, status: 429, message: RATE_LIMITED_MESSAGE, errors: {}, retryAfterSeconds: attempt.retryAfterSeconds }

    const stored = await loadTemplate(tx, form)
    const template = stored ?? defaultTemplate(definition, context.site)
    const message = template.message.trim() || definition.confirmation
    if (honeypot) return { ok: true, message, stored: false, mailed: false }
    if (!parsed.success) return { ok: false, status: 400, message: INVALID_MESSAGE, errors: firstMessageByField(parsed.error.issues) }

    const data: Record<string, unknown> = { ...parsed.data }
    let trip: TripRequestContext | null = null
    if (form === 'reiseanfrage') {
      // A trip request without its trip would reach the office as a riddle.
      if (reise === undefined) return { ok: false, status: 400, message: 'Bitte wählen Sie zuerst eine Reise und einen Termin aus.', errors: {} }
      trip = await loadTripRequestContext(tx, reise, termin)
      if (!trip) {
        return { ok: false, status: 400, message: 'Diese Reise oder dieser Termin ist nicht mehr verfügbar. Bitte wählen Sie die Reise erneut aus.', errors: {} }
      }
      Object.assign(data, { reise: trip.tripId, reiseTitel: trip.title, termin: trip.dateId, terminDaten: trip.dates })
    }

    const key = dedupeKey(context.clientKey, form, data)
    if (await isDuplicate(tx, key, now)) return { ok: true, message, stored: false, mailed: false }

    const email = typeof data.email === 'string' && data.email !== '' ? data.email : null
    const acknowledge = email !== null && (await acknowledgementsToday(tx, email, now)) < ACKNOWLEDGEMENTS_PER_DAY
    const [row] = await tx.insert(formSubmissions).values({ form, data, dedupeKey: key, createdAt: now }).returning({ id: formSubmissions.id })

    const values = placeholderValues(definition, data, { receivedAt: now, trip, origin: context.origin })
    const office = operatorMail(template, values, email, context.site)
    await enqueueMail(tx, office.mail)
    if (acknowledge && email) await enqueueMail(tx, acknowledgementMail(definition, template, email, { receivedAt: now, trip, site: context.site }))

    // Names and kinds only: the log never carries what someone typed.
    if (!stored) log('error', 'mail form template missing, default used', { form })
    if (office.problems.length) log('error', 'mail form template has problems', { form, problems: office.problems })
    if (email !== null && !acknowledge) log('info', 'form acknowledgement not sent', { form, reason: 'daily limit for the address' })
    log('info', 'form submitted', { form, submissionId: row?.id })
    return { ok: true, message, stored: true, mailed: true }
  })

  if (!result.ok && result.status === 429) log('info', 'form rate limited', { form })
  else if (result.ok && !result.stored && !honeypot) log('info', 'form duplicate answered without storing', { form, windowMinutes: DUPLICATE_WINDOW_MS / 60_000 })
  return result
}
