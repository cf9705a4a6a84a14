// The two mails of a form submission: the office's, built from the form's mail template (spec 3:
// from, email, cc, bcc, subject, template; editable in the database), and the short
// acknowledgement to the address the customer gave. Both go through the one mail template.
//
// The acknowledgement repeats nothing the sender typed (not even the name): otherwise anyone could
// make the site mail their text to a stranger's address. It says which form arrived when, and for
// a trip request the trip from the database.
import * as z from 'zod/mini'
import { formatDateTime } from '~/lib/format'
import { describeValue } from '~/lib/forms'
import type { FormDefinition } from '~/lib/forms'
import { tripPath } from '~/lib/trip-detail'
import type { mailFormTemplates } from '../db/schema'
import { headerValue, senderValue } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'
import { renderMail } from '../mail/template.server'
import type { MailSite } from '../mail/template.server'

export type MailFormTemplate = typeof mailFormTemplates.$inferSelect

export type TripRequestContext = {
  tripId: number
  title: string
  dateId: number | null
  /** 'dd.mm.yyyy - dd.mm.yyyy', or null without a date. */
  dates: string | null
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g
const EMPTY = '–'
const SUBJECT_MAX = 200
const emailSchema = z.email()

/** Replaces `{{name}}` with its value; names without a value become empty and are reported. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): { text: string; unknown: string[] } {
  const unknown: string[] = []
  const filled = text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined
    if (value === undefined) {
      if (!unknown.includes(name)) unknown.push(name)
      return ''
    }
    return value
  })
  return { text: filled, unknown }
}

/** What the placeholders stand for: each field as the customer saw it, plus arrival and trip. */
export function placeholderValues(
  definition: FormDefinition,
  data: Readonly<Record<string, unknown>>,
  extra: { receivedAt: Date; trip: TripRequestContext | null; origin: string },
): Record<string, string> {
  const values: Record<string, string> = { formular: definition.title, eingang: formatDateTime(extra.receivedAt) }
  for (const field of definition.fields) values[field.name] = describeValue(field, data[field.name]) || EMPTY
  if (extra.trip) {
    values.reise = String(extra.trip.tripId)
    values.reiseTitel = extra.trip.title
    values.termin = extra.trip.dateId === null ? EMPTY : String(extra.trip.dateId)
    values.terminDaten = extra.trip.dates ?? EMPTY
    values.reiseLink = `${extra.origin}${tripPath(extra.trip.tripId)}`
  }
  return values
}

/** The template used when a form has no row in mail_form_templates: every field, to the office's address. */
export function defaultTemplate(definition: FormDefinition, site: MailSite): MailFormTemplate {
  const trip = definition.key === 'reiseanfrage' ? ['Reise: {{reiseTitel}} (Nr. {{reise}})', 'Termin: {{terminDaten}}', ''] : []
  return {
    key: definition.key,
    from: '',
    email: site.email,
    cc: '',
    bcc: '',
    subject: `${definition.title} über die Website`,
    message: definition.confirmation,
    template: [...trip, ...definition.fields.map((f) => `${f.label}: {{${f.name}}}`), '', 'Eingegangen am {{eingang}}.'].join('\n'),
  }
}

/** A template's address list ('a@x.de, b@x.de'; semicolons too): the valid ones, and how many were not. */
export function templateAddresses(list: string): { valid: string[]; invalid: number } {
  const entries = list
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean)
  const valid = entries.filter((a) => emailSchema.safeParse(a).success)
  return { valid, invalid: entries.length - valid.length }
}

function shortSubject(text: string): string {
  const clean = headerValue(text)
  return clean.length > SUBJECT_MAX ? `${clean.slice(0, SUBJECT_MAX - 1)}…` : clean
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '')
}

export type OperatorMail = {
  mail: OutboxMail
  /** What is wrong with the template, for the log (no values, only names and kinds). */
  problems: string[]
}

/**
 * The office's mail: subject and body from the template, To/Cc/Bcc/From from its columns, and
 * Reply-To the customer's address, so that answering goes to the customer. A template without a
 * valid recipient sends to the site's address instead, so no request is lost to a typo.
 */
export function operatorMail(
  template: MailFormTemplate,
  values: Readonly<Record<string, string>>,
  customerEmail: string | null,
  site: MailSite,
): OperatorMail {
  const problems: string[] = []
  const subject = fillTemplate(template.subject, values)
  const body = fillTemplate(template.template, values)
  for (const name of new Set([...subject.unknown, ...body.unknown])) problems.push(`unknown placeholder ${name}`)

  const to = templateAddresses(template.email)
  const cc = templateAddresses(template.cc)
  const bcc = templateAddresses(template.bcc)
  if (to.invalid) problems.push('invalid address in email')
  if (cc.invalid) problems.push('invalid address in cc')
  if (bcc.invalid) problems.push('invalid address in bcc')
  if (to.valid.length === 0) problems.push('no valid recipient, sent to the site address')

  let from: string | undefined
  if (template.from.trim() !== '') {
    try {
      from = senderValue(template.from)
    } catch {
      problems.push('invalid from, sent as MAIL_FROM')
    }
  }

  const heading = shortSubject(subject.text) || 'Neue Anfrage über die Website'
  const rendered = renderMail({ heading, paragraphs: paragraphs(body.text), site })
  return {
    mail: {
      from,
      to: to.valid.length ? to.valid : [site.email],
      cc: cc.valid,
      bcc: bcc.valid,
      subject: heading,
      ...rendered,
      headers: customerEmail ? { 'Reply-To': customerEmail } : {},
    },
    problems,
  }
}

/** The customer's acknowledgement: which form arrived when, the template's thanks, nothing they typed. */
export function acknowledgementMail(
  definition: FormDefinition,
  template: MailFormTemplate,
  to: string,
  options: { receivedAt: Date; trip: TripRequestContext | null; site: MailSite },
): OutboxMail {
  const { site, trip } = options
  const thanks = template.message.trim() || definition.confirmation
  const replyTo = templateAddresses(template.email).valid[0] ?? site.email
  const rendered = renderMail({
    preheader: thanks,
    heading: 'Vielen Dank für Ihre Anfrage',
    paragraphs: [
      'Guten Tag,',
      `Ihre Angaben aus dem Formular „${definition.title}“ auf unserer Website sind am ${formatDateTime(options.receivedAt)} bei uns eingegangen.`,
      thanks,
    ],
    sections: trip
      ? [{ heading: 'Ihre Reise', lines: [trip.title, ...(trip.dates ? [`Termin: ${trip.dates}`] : [])] }]
      : undefined,
    closing: [
      'Sie haben dieses Formular nicht ausgefüllt? Dann hat jemand Ihre E-Mail-Adresse angegeben; Sie brauchen nichts zu tun.',
      '',
      'Mit freundlichen Grüßen',
      `Ihr Team von ${site.name}`,
    ],
    site,
  })
  return {
    to,
    subject: `Eingangsbestätigung: ${definition.title}`,
    ...rendered,
    headers: { 'Reply-To': replyTo, 'Auto-Submitted': 'auto-generated' },
  }
}
