// The mails of the forms and the newsletter as data: templates filled from the form's fields,
// addresses from the template's columns, nothing the sender typed in the acknowledgement, and the
// newsletter's unsubscribe headers.
import { describe, expect, it } from 'vitest'
import { FORM_DEFINITIONS, FORM_KEYS, NEWSLETTER_CONSENT_TEXT } from '~/lib/forms'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { senderValue } from '~/server/mail/outbox.server'
import { MAIL_FORM_TEMPLATES } from '~/server/db/seed/content'
import {
  acknowledgementMail,
  defaultTemplate,
  fillTemplate,
  operatorMail,
  placeholderValues,
  templateAddresses,
} from '~/server/services/form-mail.server'
import type { MailFormTemplate } from '~/server/services/form-mail.server'
import { CONFIRMATION_MAILS_PER_DAY, confirmationMail, newsletterMail, nextConfirmationMail } from '~/server/services/newsletter.server'

const site = DEFAULT_SITE_INFO
const receivedAt = new Date('2027-03-04T13:05:00Z')
const trip = { tripId: 12, title: 'Frühling am Gardasee', dateId: 34, dates: '10.05.2027 - 16.05.2027' }
const seeded = (key: string): MailFormTemplate => {
  const row = MAIL_FORM_TEMPLATES.find((t) => t.key === key)
  if (!row) throw new Error(`no template ${key}`)
  return { cc: '', bcc: '', ...row }
}

describe('seeded mail-form templates', () => {
  it('exist for every form and name only fields the form has (or arrival and trip)', () => {
    expect(MAIL_FORM_TEMPLATES.map((t) => t.key).sort()).toEqual([...FORM_KEYS].sort())
    for (const key of FORM_KEYS) {
      const template = seeded(key)
      const values = placeholderValues(FORM_DEFINITIONS[key], {}, { receivedAt, trip: key === 'reiseanfrage' ? trip : null, origin: 'https://x.example' })
      expect(fillTemplate(template.template, values).unknown, key).toEqual([])
      expect(fillTemplate(template.subject, values).unknown, key).toEqual([])
      // …and every field of the form reaches the office.
      for (const field of FORM_DEFINITIONS[key].fields) expect(template.template, `${key}.${field.name}`).toContain(`{{${field.name}}}`)
    }
  })
})

describe('fillTemplate', () => {
  it('fills {{name}} and {{ name }}, reports unknown names once and leaves them empty', () => {
    expect(fillTemplate('Hallo {{name}}, {{ name }}! {{betreff}}{{betreff}}', { name: 'Erika' })).toEqual({ text: 'Hallo Erika, Erika! ', unknown: ['betreff'] })
    expect(fillTemplate('{{toString}} {{__proto__}}', {}).unknown).toEqual(['toString', '__proto__'])
  })
})

describe('operatorMail', () => {
  const data = { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '', nachricht: 'Zeile 1\nZeile 2' }
  const values = placeholderValues(FORM_DEFINITIONS.kontakt, data, { receivedAt, trip: null, origin: 'https://x.example' })

  it('takes subject, addresses and sender from the template and replies to the customer', () => {
    const template = { ...seeded('kontakt'), cc: 'service@sonnenland-reisen.example; chef@sonnenland-reisen.example', bcc: 'archiv@sonnenland-reisen.example' }
    const { mail, problems } = operatorMail(template, values, 'erika@example.de', site)
    expect(problems).toEqual([])
    expect(mail.subject).toBe('Kontaktanfrage von Erika Mustermann')
    expect(mail.to).toEqual(['info@sonnenland-reisen.example'])
    expect(mail.cc).toEqual(['service@sonnenland-reisen.example', 'chef@sonnenland-reisen.example'])
    expect(mail.bcc).toEqual(['archiv@sonnenland-reisen.example'])
    expect(mail.from).toBe('"Sonnenland Reisen" <noreply@sonnenland-reisen.example>')
    expect(mail.headers).toEqual({ 'Reply-To': 'erika@example.de' })
    expect(mail.text).toContain('Telefon: –')
    expect(mail.text).toContain('Eingegangen am 04.03.2027, 14:05 Uhr.')
    expect(mail.html).toContain('Zeile 1<br>Zeile 2')
  })

  it('escapes HTML from the form and keeps a value from breaking the subject', () => {
    const evil = placeholderValues(FORM_DEFINITIONS.kontakt, { ...data, name: '<b>Erika</b>\r\nBcc: x@example.com' }, { receivedAt, trip: null, origin: '' })
    const { mail } = operatorMail(seeded('kontakt'), evil, null, site)
    expect(mail.subject).toBe('Kontaktanfrage von <b>Erika</b> Bcc: x@example.com')
    expect(mail.html).toContain('&lt;b&gt;Erika&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>Erika')
    expect(mail.headers).toEqual({})
  })

  it('a broken template still reaches someone, and says what is wrong (names only)', () => {
    const broken = { ...seeded('kontakt'), email: 'kein-postfach', cc: 'ok@example.com, kaputt', from: 'Niemand <nix>', template: '{{betreff}} {{nachricht}}' }
    const { mail, problems } = operatorMail(broken, values, null, site)
    expect(mail.to).toEqual([site.email])
    expect(mail.cc).toEqual(['ok@example.com'])
    expect(mail.from).toBeUndefined()
    expect(problems).toEqual([
      'unknown placeholder betreff',
      'invalid address in email',
      'invalid address in cc',
      'no valid recipient, sent to the site address',
      'invalid from, sent as MAIL_FROM',
    ])
    expect(problems.join(' ')).not.toContain('Erika')
  })

  it('without a stored template every field goes to the site address', () => {
    const template = defaultTemplate(FORM_DEFINITIONS.reiseanfrage, site)
    const filled = placeholderValues(FORM_DEFINITIONS.reiseanfrage, { ...data, personen: 2 }, { receivedAt, trip, origin: 'https://x.example' })
    const { mail, problems } = operatorMail(template, filled, null, site)
    expect(problems).toEqual([])
    expect(mail.to).toEqual([site.email])
    expect(mail.text).toContain('Reise: Frühling am Gardasee (Nr. 12)')
    expect(mail.text).toContain('Personen: 2')
  })

  it('a template’s sender cannot carry a second address or a header', () => {
    expect(senderValue('Büro <buero@x.de>')).toBe('"Büro" <buero@x.de>')
    expect(senderValue('buero@x.de')).toBe('buero@x.de')
    expect(senderValue('Evil\r\nBcc: a@b.de, "x" <buero@x.de>')).toBe('"Evil Bcc a@b.de x" <buero@x.de>')
    // Whatever stands before the last <…> is only a name: one mailbox, never a list.
    expect(senderValue('a@b.de <c@d.de> <e@f.de>')).toBe('"a@b.de c@d.de" <e@f.de>')
    for (const bad of ['Büro', 'Büro <kein-postfach>', '<>']) expect(() => senderValue(bad)).toThrow(/from/)
  })

  it('splits address lists on commas and semicolons', () => {
    expect(templateAddresses(' a@x.de ;b@x.de,, c ')).toEqual({ valid: ['a@x.de', 'b@x.de'], invalid: 1 })
  })
})

describe('acknowledgementMail', () => {
  it('says which form arrived when, with the template’s thanks, and repeats nothing the sender typed', () => {
    const mail = acknowledgementMail(FORM_DEFINITIONS.reiseanfrage, seeded('reiseanfrage'), 'erika@example.de', { receivedAt, trip, site })
    expect(mail.to).toBe('erika@example.de')
    expect(mail.subject).toBe('Eingangsbestätigung: Reiseanfrage')
    expect(mail.text).toContain('am 04.03.2027, 14:05 Uhr bei uns eingegangen')
    expect(mail.text).toContain(seeded('reiseanfrage').message)
    expect(mail.text).toContain('Frühling am Gardasee')
    expect(mail.headers).toEqual({ 'Reply-To': 'reservierung@sonnenland-reisen.example', 'Auto-Submitted': 'auto-generated' })
    expect(mail.html).not.toMatch(/<img|https?:\/\/[^"]*\.(png|jpe?g|gif)/i)
  })
})

describe('newsletter mails', () => {
  const context = { origin: 'https://reisen.example', site, pendingDays: 7 }

  it('the confirmation mail carries the link and the consent wording, and no unsubscribe headers', () => {
    const mail = confirmationMail('erika@example.de', 'T'.repeat(32), context)
    expect(mail.text).toContain(`Anmeldung bestätigen: https://reisen.example/newsletter/bestaetigen/${'T'.repeat(32)}/`)
    expect(mail.text).toContain(NEWSLETTER_CONSENT_TEXT)
    expect(mail.text).toContain('Der Link gilt 7 Tage.')
    expect(mail.headers).toBeUndefined()
  })

  it('every newsletter mail has an unsubscribe link and the RFC 8058 headers', () => {
    const mail = newsletterMail({ subject: 'Neues', heading: 'Neues', paragraphs: ['Text'] }, { email: 'erika@example.de', token: 'T'.repeat(32) }, context.origin, site)
    const url = `https://reisen.example/newsletter/abmelden/${'T'.repeat(32)}/`
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(mail.text).toContain(`Newsletter abbestellen: ${url}`)
    expect(mail.html).toContain(`href="${url}"`)
  })

  it('at most three confirmation mails to one address in 24 hours', () => {
    const now = new Date('2027-03-04T12:00:00Z')
    let counter = { confirmationMails: 0, confirmationWindowAt: null as Date | null }
    for (let i = 1; i <= CONFIRMATION_MAILS_PER_DAY; i++) {
      const next = nextConfirmationMail(counter, new Date(now.getTime() + i * 60_000))
      expect(next?.confirmationMails).toBe(i)
      if (next) counter = next
    }
    expect(nextConfirmationMail(counter, new Date(now.getTime() + 60 * 60_000))).toBeNull()
    expect(nextConfirmationMail(counter, new Date(now.getTime() + 24 * 60 * 60_000 + 60_000))).toMatchObject({ confirmationMails: 1 })
  })

  it('counts the other spellings of the mailbox in', () => {
    const now = new Date('2027-03-04T12:00:00Z')
    const fresh = { confirmationMails: 0, confirmationWindowAt: null }
    expect(nextConfirmationMail(fresh, now, CONFIRMATION_MAILS_PER_DAY - 1)).toMatchObject({ confirmationMails: 1 })
    expect(nextConfirmationMail(fresh, now, CONFIRMATION_MAILS_PER_DAY)).toBeNull()
  })
})
