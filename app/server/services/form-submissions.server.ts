// Form submissions (/forms/{form}): validated again with the form's own schema and stored in
// form_submissions. Sending the mail to the office belongs to the mail issue, which reads these
// rows and the mail_form_templates.
import { and, eq } from 'drizzle-orm'
import { formatDateRange } from '~/lib/format'
import { FORM_DEFINITIONS, HONEYPOT_FIELD, buildFormSchema, firstMessageByField, formSubmissionInputSchema } from '~/lib/forms'
import type { FormKey } from '~/lib/forms'
import type { Database } from '../db/client.server'
import { formSubmissions, mailFormTemplates, tripDates, trips } from '../db/schema'

export type TripRequestContext = {
  tripId: number
  title: string
  dateId: number | null
  /** 'dd.mm.yyyy - dd.mm.yyyy', or null without a date. */
  dates: string | null
}

export type SubmitResult =
  | { ok: true; message: string; stored: boolean }
  | { ok: false; message: string; errors: Record<string, string> }

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

/** The text shown after sending: the mail template's confirmation when there is one. */
export async function confirmationMessage(db: Database, form: FormKey): Promise<string> {
  const [template] = await db.select({ message: mailFormTemplates.message }).from(mailFormTemplates).where(eq(mailFormTemplates.key, form)).limit(1)
  const text = template?.message.trim()
  return text ? text : FORM_DEFINITIONS[form].confirmation
}

const INVALID_MESSAGE = 'Bitte prüfen Sie Ihre Angaben.'

/**
 * Validates and stores one submission. Invalid input stores nothing and answers the first
 * message per field; a filled honeypot answers like a success and stores nothing.
 */
export async function submitForm(db: Database, rawInput: unknown): Promise<SubmitResult> {
  const input = formSubmissionInputSchema.safeParse(rawInput)
  if (!input.success) return { ok: false, message: INVALID_MESSAGE, errors: {} }
  const { form, values, reise, termin } = input.data
  const message = await confirmationMessage(db, form)
  if (input.data[HONEYPOT_FIELD].trim() !== '') return { ok: true, message, stored: false }

  const parsed = buildFormSchema(FORM_DEFINITIONS[form]).safeParse(values)
  if (!parsed.success) return { ok: false, message: INVALID_MESSAGE, errors: firstMessageByField(parsed.error.issues) }

  const data: Record<string, unknown> = { ...parsed.data }
  if (form === 'reiseanfrage') {
    // A trip request without its trip would reach the office as a riddle.
    if (reise === undefined) return { ok: false, message: 'Bitte wählen Sie zuerst eine Reise und einen Termin aus.', errors: {} }
    const trip = await loadTripRequestContext(db, reise, termin)
    if (!trip) return { ok: false, message: 'Diese Reise oder dieser Termin ist nicht mehr verfügbar. Bitte wählen Sie die Reise erneut aus.', errors: {} }
    Object.assign(data, { reise: trip.tripId, reiseTitel: trip.title, termin: trip.dateId, terminDaten: trip.dates })
  }
  await db.insert(formSubmissions).values({ form, data })
  return { ok: true, message, stored: true }
}
