// The forms as data: every definition builds a zod schema that accepts good and refuses bad input in German.
import { describe, expect, it } from 'vitest'
import {
  FORM_DEFINITIONS,
  FORM_KEYS,
  FORM_MESSAGES,
  MESSAGES,
  NEWSLETTER_CONSENT_MESSAGE,
  buildFormSchema,
  defaultValues,
  describeValue,
  fieldSchema,
  firstMessageByField,
  formDefinition,
  formSubmissionInputSchema,
  newsletterSchema,
} from '~/lib/forms'
import type { FormKey, FormValues } from '~/lib/forms'

const VALID: Record<FormKey, FormValues> = {
  katalog: {
    anrede: 'frau',
    vorname: 'Erika',
    nachname: 'Mustermann',
    strasse: 'Heidestraße',
    hausnummer: '17a',
    plz: '01067',
    ort: 'Dresden',
    email: '',
    kataloge: ['flugreisen', 'jahreskatalog'],
  },
  kontakt: { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '', nachricht: 'Gibt es noch Plätze im Mai?' },
  gruppenanfrage: {
    gruppe: 'Gesangverein Harmonie',
    ansprechpartner: 'Hans Meier',
    email: 'hans@example.de',
    telefon: '0521 123456',
    reiseziel: 'Gardasee',
    zeitraum: 'Mai 2027',
    teilnehmer: '42',
    nachricht: '',
  },
  reiseanfrage: { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '+49 (521) 123-456', personen: '2', nachricht: '' },
}

function errorsOf(key: FormKey, values: FormValues): Record<string, string> {
  const result = buildFormSchema(FORM_DEFINITIONS[key]).safeParse(values)
  return result.success ? {} : firstMessageByField(result.error.issues)
}

describe('form definitions', () => {
  it('has the four forms with their fields', () => {
    expect(FORM_KEYS).toEqual(['katalog', 'kontakt', 'gruppenanfrage', 'reiseanfrage'])
    const names = (key: FormKey) => FORM_DEFINITIONS[key].fields.map((f) => f.label)
    expect(names('katalog')).toEqual(['Anrede', 'Vorname', 'Nachname', 'Straße', 'Hausnummer', 'PLZ', 'Ort', 'E-Mail', 'Kataloge'])
    expect(names('kontakt')).toEqual(['Name', 'E-Mail', 'Telefon', 'Nachricht'])
    expect(names('gruppenanfrage')).toEqual(['Verein/Gruppe', 'Ansprechpartner', 'E-Mail', 'Telefon', 'Reiseziel', 'Zeitraum', 'Teilnehmerzahl', 'Nachricht'])
    expect(names('reiseanfrage')).toEqual(['Name', 'E-Mail', 'Telefon', 'Personen', 'Nachricht'])
  })

  it('field names are unique within a form and the PLZ uses the zip mask', () => {
    for (const key of FORM_KEYS) {
      const names = FORM_DEFINITIONS[key].fields.map((f) => f.name)
      expect(new Set(names).size).toBe(names.length)
    }
    const plz = FORM_DEFINITIONS.katalog.fields.find((f) => f.name === 'plz')
    expect(plz?.type === 'text' ? plz.mask : undefined).toBe('#####')
  })

  it('formDefinition knows only the four keys', () => {
    expect(formDefinition('kontakt')?.key).toBe('kontakt')
    expect(formDefinition('unbekannt')).toBeNull()
    expect(formDefinition('__proto__')).toBeNull()
  })

  it('defaultValues are empty and fail the required fields', () => {
    const values = defaultValues(FORM_DEFINITIONS.katalog)
    expect(values.kataloge).toEqual([])
    expect(values.vorname).toBe('')
    const errors = errorsOf('katalog', values)
    expect(Object.keys(errors).sort()).toEqual(['anrede', 'hausnummer', 'kataloge', 'nachname', 'ort', 'plz', 'strasse', 'vorname'])
    expect(errors.vorname).toBe('Bitte füllen Sie das Feld „Vorname“ aus.')
    expect(errors.kataloge).toBe('Bitte wählen Sie bei „Kataloge“ mindestens eine Angabe aus.')
  })
})

describe('schemas accept valid input', () => {
  for (const key of FORM_KEYS) {
    it(`${key}: the example passes`, () => {
      expect(errorsOf(key, VALID[key])).toEqual({})
    })
  }

  it('trims text, turns numbers into numbers, orders checkbox values as the options', () => {
    const data = buildFormSchema(FORM_DEFINITIONS.gruppenanfrage).parse({ ...VALID.gruppenanfrage, gruppe: '  Harmonie  ' })
    expect(data.gruppe).toBe('Harmonie')
    expect(data.teilnehmer).toBe(42)
    const katalog = buildFormSchema(FORM_DEFINITIONS.katalog).parse(VALID.katalog)
    expect(katalog.kataloge).toEqual(['jahreskatalog', 'flugreisen'])
  })

  it('drops keys that are not fields of the form', () => {
    const data = buildFormSchema(FORM_DEFINITIONS.kontakt).parse({ ...VALID.kontakt, admin: 'true' })
    expect(data).not.toHaveProperty('admin')
  })
})

describe('schemas refuse invalid input with German messages', () => {
  it('e-mail addresses', () => {
    expect(errorsOf('kontakt', { ...VALID.kontakt, email: 'erika@' }).email).toBe(MESSAGES.email)
    expect(errorsOf('kontakt', { ...VALID.kontakt, email: '' }).email).toBe('Bitte füllen Sie das Feld „E-Mail“ aus.')
    // optional, but what is typed must still be an address
    expect(errorsOf('katalog', { ...VALID.katalog, email: 'keine-adresse' }).email).toBe(MESSAGES.email)
  })

  it('the Postleitzahl through the ##### mask', () => {
    for (const plz of ['3360', '336021', 'abcde', '33 60']) {
      expect(errorsOf('katalog', { ...VALID.katalog, plz }).plz).toMatch(/fünfstellige Postleitzahl/)
    }
  })

  it('phone numbers', () => {
    for (const telefon of ['abc', '123', '0521 12345 ext. 3']) {
      expect(errorsOf('reiseanfrage', { ...VALID.reiseanfrage, telefon }).telefon).toBe(MESSAGES.tel)
    }
    expect(errorsOf('kontakt', { ...VALID.kontakt, telefon: '' })).toEqual({})
  })

  it('whole numbers within the range; words are told to be digits', () => {
    for (const teilnehmer of ['0', '1000', '2,5', '-3', '1.000']) {
      expect(errorsOf('gruppenanfrage', { ...VALID.gruppenanfrage, teilnehmer }).teilnehmer).toBe(MESSAGES.integer(1, 999))
    }
    for (const teilnehmer of ['zehn', '1e3', '12 Personen']) {
      expect(errorsOf('gruppenanfrage', { ...VALID.gruppenanfrage, teilnehmer }).teilnehmer).toBe(MESSAGES.number)
    }
  })

  it('radio and checkbox values must be offered options', () => {
    expect(errorsOf('katalog', { ...VALID.katalog, anrede: 'dr' }).anrede).toBe(MESSAGES.option)
    expect(errorsOf('katalog', { ...VALID.katalog, kataloge: ['gibtsnicht'] }).kataloge).toBe(MESSAGES.option)
  })

  it('text that is too long', () => {
    expect(errorsOf('kontakt', { ...VALID.kontakt, nachricht: 'x'.repeat(5001) }).nachricht).toBe('Bitte kürzen Sie Ihre Eingabe auf höchstens 5.000 Zeichen.')
    expect(errorsOf('kontakt', { ...VALID.kontakt, name: 'x'.repeat(201) }).name).toMatch(/höchstens 200 Zeichen/)
  })

  it('wrong value types', () => {
    expect(errorsOf('katalog', { ...VALID.katalog, kataloge: 'flugreisen' }).kataloge).toBe(MESSAGES.invalid)
    expect(errorsOf('kontakt', { ...VALID.kontakt, name: ['a'] }).name).toBe(MESSAGES.invalid)
  })

  it('reports one message per field', () => {
    const result = fieldSchema({ type: 'email', name: 'email', label: 'E-Mail', required: true }).safeParse('')
    expect(result.success).toBe(false)
    expect(result.error?.issues).toHaveLength(1)
  })
})

describe('the same rules in English', () => {
  const errorsEn = (key: FormKey, values: FormValues) => {
    const result = buildFormSchema(FORM_DEFINITIONS[key], 'en').safeParse(values)
    return result.success ? {} : firstMessageByField(result.error.issues)
  }

  it('German is the default, English is chosen by the locale argument', () => {
    const values = { ...VALID.kontakt, name: '', email: 'erika@' }
    expect(errorsOf('kontakt', values)).toEqual({ name: 'Bitte füllen Sie das Feld „Name“ aus.', email: MESSAGES.email })
    expect(errorsEn('kontakt', values)).toEqual({ name: 'Please fill in the field “Name”.', email: FORM_MESSAGES.en.email })
  })

  it('required, email, number, integer, length and pattern each have an English message', () => {
    const katalog = { ...VALID.katalog, kataloge: [], plz: '336', hausnummer: 'a12', email: 'x' }
    expect(errorsEn('katalog', katalog)).toEqual({
      kataloge: 'Please choose at least one option for “Kataloge”.',
      plz: 'Please enter a five-digit postcode, for example 33602.',
      hausnummer: 'Please enter a house number that starts with a digit, for example 12a.',
      email: 'Please enter a valid e-mail address, for example name@example.com.',
    })
    expect(errorsEn('gruppenanfrage', { ...VALID.gruppenanfrage, teilnehmer: 'zehn' }).teilnehmer).toBe('Please enter a number in digits, for example 12.')
    expect(errorsEn('gruppenanfrage', { ...VALID.gruppenanfrage, teilnehmer: '2,5' }).teilnehmer).toBe('Please enter a whole number from 1 to 999.')
    expect(errorsEn('kontakt', { ...VALID.kontakt, nachricht: 'x'.repeat(5001) }).nachricht).toBe('Please shorten your entry to at most 5,000 characters.')
    expect(errorsEn('reiseanfrage', { ...VALID.reiseanfrage, telefon: 'abc' }).telefon).toBe(FORM_MESSAGES.en.tel)
  })

  it('both languages have every rule, and a minimum length speaks both', () => {
    expect(Object.keys(FORM_MESSAGES.en).sort()).toEqual(Object.keys(FORM_MESSAGES.de).sort())
    const field = { type: 'textarea', name: 'n', label: 'Nachricht', required: true, minLength: 10, maxLength: 100 } as const
    expect(fieldSchema(field).safeParse('kurz').error?.issues[0]?.message).toBe('Bitte geben Sie mindestens 10 Zeichen ein.')
    expect(fieldSchema(field, 'en').safeParse('kurz').error?.issues[0]?.message).toBe('Please enter at least 10 characters.')
    const plain = { type: 'text', name: 'c', label: 'Code', required: true, mask: '##-##' } as const
    expect(fieldSchema(plain).safeParse('1').error?.issues[0]?.message).toBe(MESSAGES.pattern)
    expect(fieldSchema(plain, 'en').safeParse('1').error?.issues[0]?.message).toBe(FORM_MESSAGES.en.pattern)
  })
})

describe('control characters', () => {
  it('single-line fields lose CR, LF, NUL and other controls before they are checked or stored', () => {
    const data = buildFormSchema(FORM_DEFINITIONS.kontakt).parse({
      ...VALID.kontakt,
      name: 'Erika\r\nBcc: evil@example.com\u0000\u2028Mustermann\t',
      email: ' erika@example.de\r\n',
    })
    expect(data.name).toBe('Erika Bcc: evil@example.com Mustermann')
    expect(data.email).toBe('erika@example.de')
  })

  it('a message keeps its line breaks (as LF) but loses the other controls', () => {
    const data = buildFormSchema(FORM_DEFINITIONS.kontakt).parse({ ...VALID.kontakt, nachricht: 'Zeile 1\r\nZeile 2\rZeile\u00003\u2029Ende' })
    expect(data.nachricht).toBe('Zeile 1\nZeile 2\nZeile 3\nEnde')
  })

  it('an e-mail address with a line break inside is refused, not repaired', () => {
    expect(errorsOf('kontakt', { ...VALID.kontakt, email: 'erika@example.de\nBcc: x@example.com' }).email).toBe(MESSAGES.email)
  })
})

describe('submission input', () => {
  it('accepts a form key, values and an empty honeypot', () => {
    const parsed = formSubmissionInputSchema.parse({ form: 'kontakt', values: VALID.kontakt })
    expect(parsed.homepage).toBe('')
  })

  it('refuses unknown forms and oversized payloads', () => {
    expect(formSubmissionInputSchema.safeParse({ form: 'admin', values: {} }).success).toBe(false)
    expect(formSubmissionInputSchema.safeParse({ form: 'kontakt', values: { nachricht: 'x'.repeat(20_001) } }).success).toBe(false)
  })
})

describe('describeValue', () => {
  it('shows option labels instead of values', () => {
    const kataloge = FORM_DEFINITIONS.katalog.fields.find((f) => f.name === 'kataloge')
    const anrede = FORM_DEFINITIONS.katalog.fields.find((f) => f.name === 'anrede')
    if (!kataloge || !anrede) throw new Error('fields missing')
    expect(describeValue(kataloge, ['flugreisen', 'advent'])).toBe('Flugreisen, Advents- und Silvesterreisen')
    expect(describeValue(anrede, 'herr')).toBe('Herr')
  })
})

describe('newsletterSchema', () => {
  it('needs an e-mail address and the consent', () => {
    expect(newsletterSchema.safeParse({ email: 'erika@example.de', consent: true }).success).toBe(true)
    const noConsent = newsletterSchema.safeParse({ email: 'erika@example.de', consent: false })
    expect(noConsent.error?.issues[0]?.message).toBe(NEWSLETTER_CONSENT_MESSAGE)
    const badMail = newsletterSchema.safeParse({ email: 'erika', consent: true })
    expect(badMail.error?.issues[0]?.message).toBe(MESSAGES.email)
    const empty = newsletterSchema.safeParse({ email: ' ', consent: true })
    expect(empty.error?.issues[0]?.message).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.')
  })
})
