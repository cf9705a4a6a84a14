// The site's forms (spec 2 /forms/{form}) as data: fields, labels, masks, options, and the zod
// schema built from them, which the browser (TanStack Form) and the server both validate with.
//
// Decisions where the spec is silent (spec 5 names generic rules but not which ones apply):
// - Required fields say so in German next to the field; optional fields may stay empty, but
//   what is typed into them must still be valid (an optional e-mail address must be one).
// - Phone numbers get no mask (lengths vary too much) but must be digits with + ( ) / - and
//   spaces, at least six digits; a Postleitzahl is five digits through the '#####' mask.
// - Reiseanfrage: the phone number is required (the office calls back about seats and rooms),
//   the message is optional because the trip and the date already say what is wanted.
// - Every form carries a honeypot field that people never see; a filled honeypot is answered
//   like a success but nothing is stored.
// - Spec 5's generic rules (required, email, number, integer, length, pattern) speak German and
//   English (FORM_MESSAGES); every schema takes a locale, German by default. Labels stay German.
// - Single-line fields lose control characters (CR, LF, NUL …) before anything is checked or
//   stored, so no value can start a new mail header line; multi-line fields keep their line breaks.
import * as z from 'zod/mini'
import { MASKS, applyMask, isMaskComplete } from './masks'
import { MAX_ID } from './ids'

export const FORM_KEYS = ['katalog', 'kontakt', 'gruppenanfrage', 'reiseanfrage'] as const
export const formKeySchema = z.enum(FORM_KEYS)
export type FormKey = z.infer<typeof formKeySchema>

/** The hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = 'homepage'

/** `disabled`: shown but not to be chosen now (the field's hint says why). */
export type FieldOption = { value: string; label: string; disabled?: boolean }

type FieldBase = {
  name: string
  label: string
  required: boolean
  /** Shown below the label and read with the field. */
  hint?: string
  /** An HTML autocomplete token ('given-name', 'postal-code' …). */
  autoComplete?: string
  /** Two half-width fields in a row share one line on wider screens. */
  half?: boolean
}

/** The spec's two message languages; the site itself speaks German only. */
export const FORM_LOCALES = ['de', 'en'] as const
export type FormLocale = (typeof FORM_LOCALES)[number]
/** A field's own message (a mask or pattern explained) in both languages. */
export type LocalizedText = Readonly<Record<FormLocale, string>>

export type FormField =
  | (FieldBase & {
      type: 'text'
      minLength?: number
      maxLength?: number
      mask?: string
      maskMessage?: LocalizedText
      pattern?: { regex: RegExp; message: LocalizedText }
    })
  | (FieldBase & { type: 'email' })
  | (FieldBase & { type: 'tel' })
  | (FieldBase & { type: 'textarea'; minLength?: number; maxLength: number })
  | (FieldBase & { type: 'integer'; min: number; max: number })
  | (FieldBase & { type: 'radio'; options: readonly FieldOption[] })
  | (FieldBase & { type: 'checkboxes'; options: readonly FieldOption[] })

export type FormFieldType = FormField['type']

export type FormDefinition = {
  key: FormKey
  /** The page's h1. */
  title: string
  /** One or two sentences above the form. */
  intro: string
  submitLabel: string
  /** Shown after a successful submission unless the mail template brings its own text. */
  confirmation: string
  fields: readonly FormField[]
}

/** A form's values while it is filled in: text for most fields, a list for checkbox groups. */
export type FormValues = Record<string, string | string[]>

const TEXT_MAX = 200
const EMAIL_MAX = 254

export type FormMessages = {
  required: (label: string) => string
  requiredChoice: (label: string) => string
  email: string
  tel: string
  /** Not a number at all ('zehn'). */
  number: string
  /** A number, but not a whole one within the range ('2,5', '0'). */
  integer: (min: number, max: number) => string
  tooShort: (min: number) => string
  tooLong: (max: number) => string
  /** A value that does not fit a field's pattern, when the field brings no message of its own. */
  pattern: string
  option: string
  invalid: string
}

const de: FormMessages = {
  required: (label) => `Bitte füllen Sie das Feld „${label}“ aus.`,
  requiredChoice: (label) => `Bitte wählen Sie bei „${label}“ mindestens eine Angabe aus.`,
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.',
  tel: 'Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + ( ) / - sind erlaubt).',
  number: 'Bitte geben Sie eine Zahl in Ziffern ein, zum Beispiel 12.',
  integer: (min, max) => `Bitte geben Sie eine ganze Zahl von ${min} bis ${max} ein.`,
  tooShort: (min) => `Bitte geben Sie mindestens ${new Intl.NumberFormat('de-DE').format(min)} Zeichen ein.`,
  tooLong: (max) => `Bitte kürzen Sie Ihre Eingabe auf höchstens ${new Intl.NumberFormat('de-DE').format(max)} Zeichen.`,
  pattern: 'Bitte prüfen Sie das Format Ihrer Eingabe.',
  option: 'Bitte wählen Sie eine der angebotenen Möglichkeiten.',
  invalid: 'Diese Eingabe ist ungültig.',
}

const en: FormMessages = {
  required: (label) => `Please fill in the field “${label}”.`,
  requiredChoice: (label) => `Please choose at least one option for “${label}”.`,
  email: 'Please enter a valid e-mail address, for example name@example.com.',
  tel: 'Please enter a valid phone number (digits, spaces and + ( ) / - are allowed).',
  number: 'Please enter a number in digits, for example 12.',
  integer: (min, max) => `Please enter a whole number from ${min} to ${max}.`,
  tooShort: (min) => `Please enter at least ${new Intl.NumberFormat('en-GB').format(min)} characters.`,
  tooLong: (max) => `Please shorten your entry to at most ${new Intl.NumberFormat('en-GB').format(max)} characters.`,
  pattern: 'Please check the format of your entry.',
  option: 'Please choose one of the options offered.',
  invalid: 'This entry is not valid.',
}

/** Spec 5's generic rules in German and English. */
export const FORM_MESSAGES: Readonly<Record<FormLocale, FormMessages>> = { de, en }

/** The German messages: what the site shows everywhere. */
export const MESSAGES = de

const EMAIL = z.email()
const PHONE = /^\+?[0-9 ()/-]+$/

/** An e-mail address as the forms and the booking accept it (trimmed input). */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.safeParse(value).success
}

/** A phone number: digits, spaces and + ( ) / -, at least six digits. */
export function isPhone(value: string): boolean {
  return value.length <= 30 && PHONE.test(value) && value.replace(/\D/g, '').length >= 6
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
// The same without LF: a text area keeps its line breaks.
const CONTROLS_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g

/** A single-line value: every run of control characters (CR, LF, TAB, NUL …) becomes one space. */
export function singleLine(value: string): string {
  return value.replace(CONTROLS, ' ')
}

/** A value typed piece by piece (the booking draft's autosave): control characters are dropped. */
export function withoutControls(value: string): string {
  return value.replace(CONTROLS, '')
}

/** A multi-line value: CR LF and CR become LF, the Unicode separators LF, other controls a space. */
export function multiLine(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(CONTROLS_BUT_LF, ' ')
}

/** The zod schema of one field: cleans and trims text and reports at most one message. */
export function fieldSchema(field: FormField, locale: FormLocale = 'de'): z.ZodMiniType<string | number | string[] | null, string | string[]> {
  const m = FORM_MESSAGES[locale]
  switch (field.type) {
    case 'checkboxes': {
      const allowed = new Set(field.options.map((o) => o.value))
      return z.pipe(
        z.array(z.string(m.invalid), m.invalid).check(z.maxLength(field.options.length, m.option), z.superRefine((values, ctx) => {
          if (values.some((v) => !allowed.has(v))) ctx.addIssue({ code: 'custom', message: m.option })
          else if (field.required && values.length === 0) ctx.addIssue({ code: 'custom', message: m.requiredChoice(field.label) })
        })),
        z.transform((values) => field.options.map((o) => o.value).filter((v) => values.includes(v))),
      )
    }
    case 'integer':
      return z.pipe(
        z.string(m.invalid).check(z.overwrite(singleLine), z.trim(), z.superRefine((value, ctx) => {
          if (value === '') {
            if (field.required) ctx.addIssue({ code: 'custom', message: m.required(field.label) })
            return
          }
          // Anything written as a number ('-3', '2,5', '1.000') is told the range; anything else
          // that it must be digits.
          if (!/^[+-]?[0-9]+([.,][0-9]+)*$/.test(value)) {
            ctx.addIssue({ code: 'custom', message: m.number })
            return
          }
          const n = /^[0-9]{1,9}$/.test(value) ? Number(value) : Number.NaN
          if (!(n >= field.min && n <= field.max)) ctx.addIssue({ code: 'custom', message: m.integer(field.min, field.max) })
        })),
        z.transform((value) => (value === '' ? null : Number(value))),
      )
    default:
      return z
        .string(m.invalid)
        .check(z.overwrite(field.type === 'textarea' ? multiLine : singleLine), z.trim(), z.superRefine((value, ctx) => {
          const message = textProblem(field, value, locale)
          if (message) ctx.addIssue({ code: 'custom', message })
        }))
  }
}

function textProblem(field: Exclude<FormField, { type: 'checkboxes' | 'integer' }>, value: string, locale: FormLocale): string | null {
  const m = FORM_MESSAGES[locale]
  if (value === '') {
    if (!field.required) return null
    return field.type === 'radio' ? m.requiredChoice(field.label) : m.required(field.label)
  }
  switch (field.type) {
    case 'email':
      return isEmail(value) ? null : m.email
    case 'tel':
      return isPhone(value) ? null : m.tel
    case 'radio':
      return field.options.some((o) => o.value === value) ? null : m.option
    case 'textarea':
      if (value.length > field.maxLength) return m.tooLong(field.maxLength)
      return field.minLength && value.length < field.minLength ? m.tooShort(field.minLength) : null
    case 'text': {
      const max = field.maxLength ?? TEXT_MAX
      if (value.length > max) return m.tooLong(max)
      if (field.minLength && value.length < field.minLength) return m.tooShort(field.minLength)
      if (field.mask && (applyMask(field.mask, value) !== value || !isMaskComplete(field.mask, value))) {
        return field.maskMessage?.[locale] ?? m.pattern
      }
      if (field.pattern && !field.pattern.regex.test(value)) return field.pattern.message[locale]
      return null
    }
  }
}

/** The schema of a whole form; keys that are not fields of the form are dropped. */
export function buildFormSchema(definition: FormDefinition, locale: FormLocale = 'de') {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = {}
  for (const field of definition.fields) shape[field.name] = fieldSchema(field, locale)
  return z.object(shape)
}

/** Empty values for every field of the form. */
export function defaultValues(definition: FormDefinition): FormValues {
  const values: FormValues = {}
  for (const field of definition.fields) values[field.name] = field.type === 'checkboxes' ? [] : ''
  return values
}

/** The first message per field, from zod issues (for the error summary and the server's answer). */
export function firstMessageByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path[0]
    if (typeof key === 'string' && !(key in out)) out[key] = issue.message
  }
  return out
}

/** A field's value in a submission as text, for confirmation mails and the office's overview. */
export function describeValue(field: FormField, value: unknown): string {
  if (field.type === 'checkboxes' || field.type === 'radio') {
    const list = Array.isArray(value) ? value : [value]
    return list
      .map((v) => field.options.find((o) => o.value === v)?.label ?? '')
      .filter(Boolean)
      .join(', ')
  }
  return value === null || value === undefined ? '' : String(value)
}

// ------------------------------------------------------------------------------------------
// The forms
// ------------------------------------------------------------------------------------------

const ZIP_MESSAGE: LocalizedText = {
  de: 'Bitte geben Sie eine fünfstellige Postleitzahl ein, zum Beispiel 33602.',
  en: 'Please enter a five-digit postcode, for example 33602.',
}

const nameField: FormField = { type: 'text', name: 'name', label: 'Name', required: true, autoComplete: 'name' }
const emailField = (isRequired: boolean): FormField => ({
  type: 'email',
  name: 'email',
  label: 'E-Mail',
  required: isRequired,
  autoComplete: 'email',
  half: true,
})
const phoneField = (isRequired: boolean): FormField => ({
  type: 'tel',
  name: 'telefon',
  label: 'Telefon',
  required: isRequired,
  autoComplete: 'tel',
  half: true,
  hint: 'Für Rückfragen, zum Beispiel 0521 123456.',
})

export const CATALOGUE_OPTIONS: readonly FieldOption[] = [
  { value: 'jahreskatalog', label: 'Jahreskatalog Bus- und Gruppenreisen' },
  { value: 'flugreisen', label: 'Flugreisen' },
  { value: 'kreuzfahrten', label: 'Fluss- und Hochseekreuzfahrten' },
  { value: 'tagesfahrten', label: 'Tagesfahrten' },
  { value: 'advent', label: 'Advents- und Silvesterreisen' },
]

export const FORM_DEFINITIONS: Readonly<Record<FormKey, FormDefinition>> = {
  katalog: {
    key: 'katalog',
    title: 'Kataloge bestellen',
    intro: 'Wir schicken Ihnen unsere Kataloge kostenlos und unverbindlich per Post. Bitte wählen Sie aus, welche Kataloge Sie erhalten möchten.',
    submitLabel: 'Kataloge kostenlos bestellen',
    confirmation: 'Vielen Dank für Ihre Bestellung! Ihre Kataloge sind in wenigen Tagen bei Ihnen.',
    fields: [
      {
        type: 'radio',
        name: 'anrede',
        label: 'Anrede',
        required: true,
        options: [
          { value: 'frau', label: 'Frau' },
          { value: 'herr', label: 'Herr' },
          { value: 'keine', label: 'Keine Anrede' },
        ],
      },
      { type: 'text', name: 'vorname', label: 'Vorname', required: true, autoComplete: 'given-name', half: true },
      { type: 'text', name: 'nachname', label: 'Nachname', required: true, autoComplete: 'family-name', half: true },
      { type: 'text', name: 'strasse', label: 'Straße', required: true, autoComplete: 'address-line1', half: true },
      {
        type: 'text',
        name: 'hausnummer',
        label: 'Hausnummer',
        required: true,
        half: true,
        maxLength: 10,
        pattern: {
          regex: /^[0-9]/,
          message: {
            de: 'Bitte geben Sie eine Hausnummer ein, die mit einer Ziffer beginnt, zum Beispiel 12a.',
            en: 'Please enter a house number that starts with a digit, for example 12a.',
          },
        },
      },
      {
        type: 'text',
        name: 'plz',
        label: 'PLZ',
        required: true,
        autoComplete: 'postal-code',
        half: true,
        mask: MASKS.zip,
        maskMessage: ZIP_MESSAGE,
      },
      { type: 'text', name: 'ort', label: 'Ort', required: true, autoComplete: 'address-level2', half: true },
      { ...emailField(false), half: false, hint: 'Freiwillig – für eine Versandbestätigung.' },
      { type: 'checkboxes', name: 'kataloge', label: 'Kataloge', required: true, options: CATALOGUE_OPTIONS },
    ],
  },
  kontakt: {
    key: 'kontakt',
    title: 'Kontakt',
    intro: 'Sie haben eine Frage zu einer Reise, einer Buchung oder unserem Service? Schreiben Sie uns – wir antworten in der Regel innerhalb eines Werktags.',
    submitLabel: 'Nachricht senden',
    confirmation: 'Vielen Dank für Ihre Nachricht! Wir melden uns so bald wie möglich bei Ihnen.',
    fields: [nameField, emailField(true), phoneField(false), { type: 'textarea', name: 'nachricht', label: 'Nachricht', required: true, maxLength: 5000 }],
  },
  gruppenanfrage: {
    key: 'gruppenanfrage',
    title: 'Gruppenanfrage',
    intro: 'Ob Verein, Chor, Kegelclub oder Kollegium: Wir planen Ihre Gruppenreise nach Ihren Wünschen. Erzählen Sie uns, wohin es gehen soll – Sie erhalten ein unverbindliches Angebot.',
    submitLabel: 'Gruppenanfrage senden',
    confirmation: 'Vielen Dank für Ihre Gruppenanfrage! Wir erstellen Ihr Angebot und melden uns innerhalb von zwei Werktagen.',
    fields: [
      { type: 'text', name: 'gruppe', label: 'Verein/Gruppe', required: true, autoComplete: 'organization' },
      { type: 'text', name: 'ansprechpartner', label: 'Ansprechpartner', required: true, autoComplete: 'name' },
      emailField(true),
      phoneField(true),
      { type: 'text', name: 'reiseziel', label: 'Reiseziel', required: true, hint: 'Zum Beispiel Gardasee oder „Städtereise, Ziel noch offen“.' },
      { type: 'text', name: 'zeitraum', label: 'Zeitraum', required: true, half: true, hint: 'Zum Beispiel Mai 2027 oder 12.05.–18.05.2027.' },
      { type: 'integer', name: 'teilnehmer', label: 'Teilnehmerzahl', required: true, half: true, min: 1, max: 999 },
      { type: 'textarea', name: 'nachricht', label: 'Nachricht', required: false, maxLength: 5000, hint: 'Wünsche zu Hotel, Programm, Zustieg oder Budget.' },
    ],
  },
  reiseanfrage: {
    key: 'reiseanfrage',
    title: 'Reiseanfrage',
    intro: 'Fragen Sie diese Reise unverbindlich an. Wir prüfen die Verfügbarkeit und melden uns bei Ihnen.',
    submitLabel: 'Reise unverbindlich anfragen',
    confirmation: 'Vielen Dank für Ihre Anfrage! Wir prüfen die Verfügbarkeit und melden uns innerhalb eines Werktags bei Ihnen.',
    fields: [
      nameField,
      emailField(true),
      phoneField(true),
      { type: 'integer', name: 'personen', label: 'Personen', required: true, min: 1, max: 99, hint: 'Wie viele Personen reisen mit?' },
      { type: 'textarea', name: 'nachricht', label: 'Nachricht', required: false, maxLength: 5000 },
    ],
  },
}

export function formDefinition(key: string): FormDefinition | null {
  const parsed = formKeySchema.safeParse(key)
  return parsed.success ? FORM_DEFINITIONS[parsed.data] : null
}

/** What the browser sends to the server: the form, its raw values, the honeypot and, for a trip request, the trip. */
export const formSubmissionInputSchema = z.object({
  form: formKeySchema,
  values: z.record(z.string().check(z.maxLength(50)), z.union([z.string().check(z.maxLength(20_000)), z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50))])),
  [HONEYPOT_FIELD]: z._default(z.string().check(z.maxLength(2000)), ''),
  reise: z.optional(z.number().check(z.int(), z.positive(), z.lte(MAX_ID))),
  termin: z.optional(z.number().check(z.int(), z.positive(), z.lte(MAX_ID))),
})
export type FormSubmissionInput = z.input<typeof formSubmissionInputSchema>

/** The answer to a client that sent one form too often (HTTP 429). */
export const RATE_LIMITED_MESSAGE =
  'Sie haben dieses Formular in kurzer Zeit sehr oft gesendet. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut – oder rufen Sie uns an.'

// ------------------------------------------------------------------------------------------
// Newsletter
// ------------------------------------------------------------------------------------------

export const NEWSLETTER_CONSENT_MESSAGE = 'Bitte bestätigen Sie, dass Sie den Newsletter erhalten möchten.'

export const newsletterSchema = z.object({
  email: z
    .string(MESSAGES.email)
    .check(z.trim(), z.superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' })
      else if (value.length > EMAIL_MAX || !EMAIL.safeParse(value).success) ctx.addIssue({ code: 'custom', message: MESSAGES.email })
    })),
  consent: z.boolean(NEWSLETTER_CONSENT_MESSAGE).check(z.refine((v) => v, NEWSLETTER_CONSENT_MESSAGE)),
})
export type NewsletterValues = z.input<typeof newsletterSchema>

export const newsletterInputSchema = z.object({
  email: z.string().check(z.maxLength(1000)),
  consent: z.boolean(),
  [HONEYPOT_FIELD]: z._default(z.string().check(z.maxLength(2000)), ''),
})

export const NEWSLETTER_CONFIRMATION = 'Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail, die wir Ihnen senden.'

/**
 * The consent the sign-up form asks for, word for word: stored with the subscription and quoted in
 * the confirmation mail. Change the version whenever the text changes, so that every stored
 * consent still says which wording the person agreed to.
 */
export const NEWSLETTER_CONSENT_TEXT =
  'Ja, ich möchte den Newsletter mit Reiseideen und Angeboten per E-Mail erhalten. Die Einwilligung kann ich jederzeit über den Abmeldelink im Newsletter widerrufen.'
export const NEWSLETTER_CONSENT_VERSION = '2026-11-1'

/** A newsletter link's token as the sign-up makes it (24 random bytes, base64url); anything else is unknown. */
export const newsletterTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/))
