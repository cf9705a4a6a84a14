// Forms and the newsletter really send mail: the services against a real database, the outbox
// delivering to a real SMTP server on loopback (smtp-server), each mail read back with mailparser.
import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_CONSENT_VERSION, RATE_LIMITED_MESSAGE } from '~/lib/forms'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { formAttempts, formSubmissions, mailFormTemplates, mailOutbox, newsletterSubscriptions, tripDates, trips } from '~/server/db/schema'
import { MAIL_FORM_TEMPLATES } from '~/server/db/seed/content'
import { deliverDue, smtpTransport } from '~/server/mail/outbox.server'
import type { AttachmentResolver } from '~/server/mail/outbox.server'
import { FORM_RULE, sweepFormLimits } from '~/server/services/form-limits.server'
import { submitForm } from '~/server/services/form-submissions.server'
import {
  confirmSubscription,
  enqueueNewsletter,
  newsletterLinkState,
  subscribeNewsletter,
  sweepPendingSubscriptions,
  unsubscribeNewsletter,
} from '~/server/services/newsletter.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

const MAIL_FROM = 'Sonnenland Reisen <info@sonnenland-reisen.example>'
const ORIGIN = 'https://reisen.example'
const site = DEFAULT_SITE_INFO
const noAttachments: AttachmentResolver = async () => {
  throw new Error('form mails have no attachments')
}

// --- an SMTP server on loopback that keeps what it receives ---

type Received = { parsed: ParsedMail; rcptTo: string[]; mailFrom: string }
type Sink = { url: string; port: number; mails: Received[]; close: () => Promise<void> }

async function startSink(port = 0): Promise<Sink> {
  const mails: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = session.envelope.mailFrom
          mails.push({ parsed, rcptTo: session.envelope.rcptTo.map((a) => a.address), mailFrom: from ? from.address : '' })
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  server.listen(port, '127.0.0.1')
  await once(server.server, 'listening')
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return { url: `smtp://127.0.0.1:${address.port}`, port: address.port, mails, close: () => new Promise((r) => server.close(() => r())) }
}

async function unusedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const address = probe.address()
  await new Promise((r) => probe.close(r))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

let t: TestDatabase
let sink: Sink
beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 20 } })
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  sink = await startSink()
  await t.db.delete(mailOutbox)
  await t.db.delete(formSubmissions)
  await t.db.delete(formAttempts)
  await t.db.delete(newsletterSubscriptions)
  // Tests change templates as the office would; each starts from the seeded ones.
  for (const row of MAIL_FORM_TEMPLATES) await t.db.update(mailFormTemplates).set({ cc: '', bcc: '', ...row }).where(eq(mailFormTemplates.key, row.key))
})
afterEach(async () => {
  await sink.close()
  vi.restoreAllMocks()
})

/** Everything due in the outbox, delivered to the sink. */
async function deliver(url = sink.url) {
  return deliverDue(t.db, smtpTransport(url), { from: MAIL_FROM, resolveAttachment: noAttachments, batch: 100 })
}

let clients = 0
const formContext = (clientKey = `client-${++clients}`, now?: Date) => ({ clientKey, site, origin: ORIGIN, now })
const newsletterContext = (clientKey = `client-${++clients}`, now?: Date) => ({ clientKey, site, origin: ORIGIN, pendingDays: 7, now })
const kontakt = (nachricht = 'Gibt es im Mai noch Plätze am Gardasee?') => ({
  form: 'kontakt',
  values: { name: 'Erika Mustermann', email: 'erika@example.de', telefon: '0521 123456', nachricht },
})
const stored = async () => (await t.db.select({ n: count() }).from(formSubmissions))[0]?.n ?? 0
const outboxRows = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))
const mailTo = (address: string) => sink.mails.filter((m) => m.rcptTo.includes(address))

describe('a form submission', () => {
  it('arrives at the office with the template’s subject, cc and bcc, and the customer gets a short acknowledgement', async () => {
    // The template is data: what the office changes in the database is what the mail does.
    await t.db
      .update(mailFormTemplates)
      .set({
        from: 'Website Sonnenland <formulare@sonnenland-reisen.example>',
        cc: 'service@sonnenland-reisen.example',
        bcc: 'archiv@sonnenland-reisen.example',
        subject: 'Neue Kontaktanfrage: {{name}}',
      })
      .where(eq(mailFormTemplates.key, 'kontakt'))

    const result = await submitForm(t.db, kontakt('Gibt es im Mai noch Plätze?\r\nViele Grüße'), formContext())
    expect(result).toMatchObject({ ok: true, stored: true })
    expect(await deliver()).toEqual({ sent: 2, failed: 0 })

    const office = mailTo('info@sonnenland-reisen.example')
    expect(office).toHaveLength(1)
    const mail = office[0]
    expect(mail?.parsed.subject).toBe('Neue Kontaktanfrage: Erika Mustermann')
    expect(mail?.parsed.cc && !Array.isArray(mail.parsed.cc) ? mail.parsed.cc.text : '').toBe('service@sonnenland-reisen.example')
    expect(mail?.rcptTo.sort()).toEqual(['archiv@sonnenland-reisen.example', 'info@sonnenland-reisen.example', 'service@sonnenland-reisen.example'])
    expect(mail?.parsed.headers.has('bcc')).toBe(false)
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Website Sonnenland', address: 'formulare@sonnenland-reisen.example' }])
    expect(mail?.parsed.replyTo?.text).toBe('erika@example.de')
    expect(mail?.parsed.text).toContain('Name: Erika Mustermann')
    expect(mail?.parsed.text).toContain('Telefon: 0521 123456')
    expect(mail?.parsed.text).toContain('Gibt es im Mai noch Plätze?\nViele Grüße')
    expect(mail?.parsed.html).toMatch(/<h1[^>]*>Neue Kontaktanfrage: Erika Mustermann<\/h1>/)
    expect(mail?.parsed.html).toContain('Gibt es im Mai noch Plätze?<br>Viele Grüße')
    expect(mail?.parsed.html).not.toMatch(/<img\b/i)
    // The operator's details from the site configuration.
    expect(mail?.parsed.text).toContain(`${site.street}, ${site.zip} ${site.city}`)

    const ack = mailTo('erika@example.de')
    expect(ack).toHaveLength(1)
    expect(ack[0]?.parsed.subject).toBe('Eingangsbestätigung: Kontakt')
    expect(ack[0]?.parsed.from?.text).toContain('info@sonnenland-reisen.example')
    expect(ack[0]?.parsed.replyTo?.text).toBe('info@sonnenland-reisen.example')
    expect(ack[0]?.parsed.text).toContain('Vielen Dank für Ihre Nachricht!')
    expect(ack[0]?.parsed.text).not.toContain('Gardasee')
    expect(ack[0]?.parsed.text).not.toContain('Erika')
  })

  it('writes the submission and its mails in one transaction, with the seeded template of each form', async () => {
    const [date] = await t.db
      .select({ id: tripDates.id, tripId: tripDates.tripId, title: trips.title })
      .from(tripDates)
      .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
      .orderBy(asc(tripDates.id))
      .limit(1)
    if (!date) throw new Error('no trip date')
    const request = { form: 'reiseanfrage', values: { name: 'Hans Meier', email: '', telefon: '0521 123456', personen: '3', nachricht: '' }, reise: date.tripId, termin: date.id }
    // An address is optional in no trip request, so a missing one is refused before anything is written.
    expect(await submitForm(t.db, request, formContext())).toMatchObject({ ok: false, status: 400 })
    expect(await outboxRows()).toHaveLength(0)

    const ok = await submitForm(t.db, { ...request, values: { ...request.values, email: 'hans@example.de' } }, formContext())
    expect(ok).toMatchObject({ ok: true, stored: true })
    await deliver()
    const office = mailTo('reservierung@sonnenland-reisen.example')[0]
    expect(office?.parsed.subject).toBe(`Reiseanfrage: ${date.title}, ${office?.parsed.text?.match(/Termin: (.+?) \(Nr\./)?.[1]}`)
    expect(office?.parsed.text).toContain(`Reiseseite: ${ORIGIN}/reise/${date.tripId}/`)
    expect(office?.parsed.text).toContain('Personen: 3')
    expect(office?.parsed.text).toContain('Nachricht:\n–')
    expect(mailTo('hans@example.de')[0]?.parsed.text).toContain(date.title)

    // The catalogue order's address is optional: without it only the office hears of it.
    const katalog = {
      form: 'katalog',
      values: { anrede: 'frau', vorname: 'Erika', nachname: 'Muster', strasse: 'Lindenweg', hausnummer: '3a', plz: '33602', ort: 'Bielefeld', email: '', kataloge: ['advent', 'flugreisen'] },
    }
    await t.db.delete(mailOutbox)
    expect(await submitForm(t.db, katalog, formContext())).toMatchObject({ ok: true, stored: true })
    const rows = await outboxRows()
    expect(rows.map((r) => r.to)).toEqual(['kataloge@sonnenland-reisen.example'])
    expect(rows[0]?.text).toContain('Kataloge: Flugreisen, Advents- und Silvesterreisen')
    expect(rows[0]?.text).toContain('Anrede: Frau')
  })

  it('strips control characters from single-line fields before storing, and no header carries them', async () => {
    const result = await submitForm(
      t.db,
      { form: 'kontakt', values: { name: 'Erika\r\nBcc: evil@example.com\u0000', email: 'erika@example.de', telefon: '', nachricht: 'Hallo\u0000 Welt' } },
      formContext(),
    )
    expect(result.ok).toBe(true)
    const [row] = await t.db.select().from(formSubmissions)
    expect(row?.data).toMatchObject({ name: 'Erika Bcc: evil@example.com', nachricht: 'Hallo  Welt' })
    await deliver()
    const office = mailTo('info@sonnenland-reisen.example')[0]
    expect(office?.parsed.subject).toBe('Kontaktanfrage von Erika Bcc: evil@example.com')
    expect(sink.mails.flatMap((m) => m.rcptTo)).not.toContain('evil@example.com')
  })

  it('answers a honeypot like a success and neither stores nor sends anything', async () => {
    const result = await submitForm(t.db, { ...kontakt(), homepage: 'http://spam.example' }, formContext())
    expect(result).toMatchObject({ ok: true, stored: false })
    expect(await stored()).toBe(0)
    expect(await outboxRows()).toHaveLength(0)
  })

  it('stores and sends the same content from the same client once within ten minutes', async () => {
    const now = new Date()
    const client = 'same-client'
    expect(await submitForm(t.db, kontakt(), formContext(client, now))).toMatchObject({ ok: true, stored: true })
    const again = await submitForm(t.db, kontakt(), formContext(client, new Date(now.getTime() + 60_000)))
    expect(again).toMatchObject({ ok: true, stored: false })
    // The answer is the same confirmation the first one got.
    expect(again.ok && again.message).toBe('Vielen Dank für Ihre Nachricht! Wir melden uns in der Regel innerhalb eines Werktags bei Ihnen.')
    // Another client, or other content, is a new request.
    expect(await submitForm(t.db, kontakt(), formContext('other-client', now))).toMatchObject({ stored: true })
    expect(await submitForm(t.db, kontakt('Und im Juni?'), formContext(client, now))).toMatchObject({ stored: true })
    // After the window the same content counts again.
    expect(await submitForm(t.db, kontakt(), formContext(client, new Date(now.getTime() + 11 * 60_000)))).toMatchObject({ stored: true })
    expect(await stored()).toBe(4)

    // The sweeper forgets the key once the window has passed, so nothing links the row to its client.
    await sweepFormLimits(t.db, new Date(now.getTime() + 30 * 60_000))
    const keys = await t.db.select({ key: formSubmissions.dedupeKey }).from(formSubmissions)
    expect(keys.every((k) => k.key === null)).toBe(true)
    expect(await t.db.select().from(formAttempts)).toHaveLength(0)
  })

  it('counts the three acknowledgements a day per mailbox: name+tag@ is name@ (issue 42, finding 7)', async () => {
    const now = new Date()
    for (let i = 1; i <= 5; i++) {
      const input = { form: 'kontakt', values: { name: 'Erika Mustermann', email: `Erika.Tag+${i}@example.de`, telefon: '0521 123456', nachricht: `Frage ${i}` } }
      expect(await submitForm(t.db, input, formContext(`tag-client-${i}`, now))).toMatchObject({ ok: true })
    }
    const acknowledgements = (await outboxRows()).filter((row) => row.to.toLowerCase().startsWith('erika.tag+'))
    expect(acknowledgements).toHaveLength(3)
  })

  it('limits a client to five requests per form in ten minutes: 429 with a German message, and what was stored stays', async () => {
    const now = new Date()
    const client = 'busy-client'
    const results = []
    for (let i = 0; i < 8; i++) results.push(await submitForm(t.db, kontakt(`Frage Nummer ${i}`), formContext(client, new Date(now.getTime() + i * 1000))))
    expect(results.slice(0, FORM_RULE.limit).every((r) => r.ok)).toBe(true)
    for (const r of results.slice(FORM_RULE.limit)) {
      expect(r).toMatchObject({ ok: false, status: 429, message: RATE_LIMITED_MESSAGE })
      if (!r.ok) expect(r.retryAfterSeconds).toBeGreaterThan(500)
    }
    expect(await stored()).toBe(5)
    expect((await outboxRows()).length).toBe(5 + 3) // five to the office, three acknowledgements (the daily limit per address)

    // Other forms and other clients are not affected; after ten minutes the client may send again.
    expect(await submitForm(t.db, kontakt('Von woanders'), formContext('quiet-client', now))).toMatchObject({ ok: true })
    const gruppe = { form: 'gruppenanfrage', values: { gruppe: 'Chor', ansprechpartner: 'Hans', email: 'hans@example.de', telefon: '0521 123456', reiseziel: 'Wien', zeitraum: 'Mai', teilnehmer: '30', nachricht: '' } }
    expect(await submitForm(t.db, gruppe, formContext(client, now))).toMatchObject({ ok: true })
    expect(await submitForm(t.db, kontakt('Später'), formContext(client, new Date(now.getTime() + 10 * 60_000 + 1000)))).toMatchObject({ ok: true })
  })

  it('counts requests from several instances together (concurrent submissions of one client)', async () => {
    const now = new Date()
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => submitForm(t.db, kontakt(`Parallel ${i}`), formContext('parallel-client', now))))
    expect(results.filter((r) => r.ok)).toHaveLength(FORM_RULE.limit)
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(12 - FORM_RULE.limit)
    expect(await stored()).toBe(FORM_RULE.limit)
  })

  it('stays in the outbox while the SMTP server is down and is delivered once it is back', async () => {
    const logged = [vi.spyOn(console, 'log').mockImplementation(() => {}), vi.spyOn(console, 'error').mockImplementation(() => {})]
    const port = await unusedPort()
    await submitForm(t.db, kontakt(), formContext())
    expect(await deliver(`smtp://127.0.0.1:${port}`)).toEqual({ sent: 0, failed: 2 })
    expect((await outboxRows()).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ])
    // As if the backoff had passed.
    await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 minute'` })
    const back = await startSink(port)
    try {
      expect(await deliverDue(t.db, smtpTransport(back.url), { from: MAIL_FROM, resolveAttachment: noAttachments })).toEqual({ sent: 2, failed: 0 })
      expect(back.mails.map((m) => m.parsed.subject).sort()).toEqual(['Eingangsbestätigung: Kontakt', 'Kontaktanfrage von Erika Mustermann'])
      expect(await deliverDue(t.db, smtpTransport(back.url), { from: MAIL_FROM, resolveAttachment: noAttachments })).toEqual({ sent: 0, failed: 0 })
    } finally {
      await back.close()
    }
    const output = logged.flatMap((spy) => spy.mock.calls.flat()).join('\n')
    expect(output).not.toContain('erika@example.de')
    expect(output).not.toContain('Erika')
    for (const line of output.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow()
  })
})

/** A header as it was sent (mailparser folds List-* headers into one structured 'list' entry). */
function headerLine(mail: Received | undefined, name: string): string | undefined {
  const line = mail?.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line?.slice(line.indexOf(':') + 1).trim()
}

/** The token of the first link to `path` in a mail's text. */
function linkToken(mail: Received | undefined, path: string): string {
  const match = new RegExp(`${ORIGIN}${path}([A-Za-z0-9_-]+)/`).exec(mail?.parsed.text ?? '')
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`)
  return match[1]
}

describe('the newsletter', () => {
  it('sends a confirmation without advertising; its link confirms and records the consent; the unsubscribe link unsubscribes', async () => {
    const signedUpAt = new Date()
    const result = await subscribeNewsletter(t.db, { email: 'Leser@Example.de', consent: true }, newsletterContext(undefined, signedUpAt))
    expect(result).toMatchObject({ ok: true, mailed: true })
    await deliver()
    const confirmation = mailTo('leser@example.de')
    expect(confirmation).toHaveLength(1)
    expect(confirmation[0]?.parsed.subject).toBe('Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Sonnenland Reisen')
    expect(headerLine(confirmation[0], 'List-Unsubscribe')).toBeUndefined()
    expect(confirmation[0]?.parsed.text).toContain(NEWSLETTER_CONSENT_TEXT)
    // No advertising: no trips, prices or offers, only the request to confirm.
    expect(confirmation[0]?.parsed.text?.replace(NEWSLETTER_CONSENT_TEXT, '')).not.toMatch(/Angebot|€|Rabatt|\/reise\//i)
    const token = linkToken(confirmation[0], '/newsletter/bestaetigen/')

    // The link's page offers the confirmation; nothing is confirmed by looking at it.
    expect(await newsletterLinkState(t.db, token, 7)).toBe('pending')
    const confirmedAt = new Date(signedUpAt.getTime() + 60 * 60_000)
    expect(await confirmSubscription(t.db, token, { origin: ORIGIN, site, pendingDays: 7, now: confirmedAt })).toBe('confirmed')
    expect(await confirmSubscription(t.db, token, { origin: ORIGIN, site, pendingDays: 7 })).toBe('already')
    const [row] = await t.db.select().from(newsletterSubscriptions)
    expect(row).toMatchObject({ status: 'confirmed', consentText: NEWSLETTER_CONSENT_TEXT, consentVersion: NEWSLETTER_CONSENT_VERSION })
    expect(row?.confirmedAt?.getTime()).toBe(confirmedAt.getTime())

    // The welcome mail is the first newsletter mail: unsubscribe link and RFC 8058 headers.
    await deliver()
    const welcome = mailTo('leser@example.de')[1]
    expect(welcome?.parsed.subject).toBe('Willkommen beim Newsletter von Sonnenland Reisen')
    const unsubscribeUrl = `${ORIGIN}/newsletter/abmelden/${token}/`
    expect(headerLine(welcome, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(headerLine(welcome, 'List-Unsubscribe')).toBe(`<${unsubscribeUrl}>`)
    expect(linkToken(welcome, '/newsletter/abmelden/')).toBe(token)

    // An issue goes to confirmed subscribers only, each with its own link.
    await subscribeNewsletter(t.db, { email: 'wartet@example.de', consent: true }, newsletterContext())
    expect(await enqueueNewsletter(t.db, { subject: 'Neue Reisen im Mai', heading: 'Neu im Mai', paragraphs: ['Fünf neue Reisen.'] }, { origin: ORIGIN, site })).toBe(1)
    await deliver()
    const issue = sink.mails.find((m) => m.parsed.subject === 'Neue Reisen im Mai')
    expect(issue?.rcptTo).toEqual(['leser@example.de'])
    expect(headerLine(issue, 'List-Unsubscribe')).toBe(`<${unsubscribeUrl}>`)
    expect(headerLine(issue, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')

    expect(await unsubscribeNewsletter(t.db, linkToken(issue, '/newsletter/abmelden/'))).toBe('unsubscribed')
    expect(await unsubscribeNewsletter(t.db, token)).toBe('already')
    expect(await unsubscribeNewsletter(t.db, 'x'.repeat(32))).toBe('unknown')
    const [after] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'leser@example.de'))
    expect(after).toMatchObject({ status: 'unsubscribed', consentVersion: NEWSLETTER_CONSENT_VERSION })
    expect(after?.unsubscribedAt).toBeInstanceOf(Date)
    expect(await enqueueNewsletter(t.db, { subject: 'Noch mehr', heading: 'Noch mehr', paragraphs: ['x'] }, { origin: ORIGIN, site })).toBe(0)
  })

  it('sends at most three confirmation mails to one address a day; a confirmed address gets none', async () => {
    const now = new Date()
    for (let i = 0; i < 5; i++) {
      const result = await subscribeNewsletter(t.db, { email: 'oft@example.de', consent: true }, newsletterContext(`client-oft-${i}`, new Date(now.getTime() + i * 1000)))
      expect(result).toMatchObject({ ok: true, mailed: i < 3 })
    }
    await deliver()
    const mails = mailTo('oft@example.de')
    expect(mails).toHaveLength(3)
    // The latest link works; a fourth sign-up did not replace it.
    const latest = linkToken(mails.at(-1), '/newsletter/bestaetigen/')
    expect(await newsletterLinkState(t.db, latest, 7)).toBe('pending')
    expect(await newsletterLinkState(t.db, linkToken(mails[0], '/newsletter/bestaetigen/'), 7)).toBe('unknown')
    // A day later it may go again.
    expect(await subscribeNewsletter(t.db, { email: 'oft@example.de', consent: true }, newsletterContext(undefined, new Date(now.getTime() + 25 * 60 * 60_000)))).toMatchObject({ mailed: true })

    await t.db.update(newsletterSubscriptions).set({ status: 'confirmed' }).where(eq(newsletterSubscriptions.email, 'oft@example.de'))
    expect(await subscribeNewsletter(t.db, { email: 'oft@example.de', consent: true }, newsletterContext())).toMatchObject({ ok: true, mailed: false })
  })

  it('counts the three confirmation mails a day per mailbox: name+tag@ is name@', async () => {
    const now = new Date()
    const spellings = ['postfach+reisen@example.de', 'Postfach@example.de', 'postfach+a@example.de', 'postfach+b@example.de']
    const results = []
    for (const [i, email] of spellings.entries()) {
      results.push(await subscribeNewsletter(t.db, { email, consent: true }, newsletterContext(`client-postfach-${i}`, new Date(now.getTime() + i * 1000))))
    }
    expect(results.map((r) => r.ok && r.mailed)).toEqual([true, true, true, false])
    // Another mailbox of the same domain is not affected; a day later the mailbox may get mail again.
    expect(await subscribeNewsletter(t.db, { email: 'nachbar+x@example.de', consent: true }, newsletterContext('client-nachbar', now))).toMatchObject({ mailed: true })
    const later = new Date(now.getTime() + 25 * 60 * 60_000)
    expect(await subscribeNewsletter(t.db, { email: 'postfach+c@example.de', consent: true }, newsletterContext('client-postfach-later', later))).toMatchObject({ mailed: true })
  })

  it('limits one client to five sign-ups in ten minutes', async () => {
    const now = new Date()
    const results = []
    for (let i = 0; i < 7; i++) results.push(await subscribeNewsletter(t.db, { email: `leser${i}@example.de`, consent: true }, newsletterContext('newsletter-client', now)))
    expect(results.filter((r) => r.ok)).toHaveLength(5)
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429, message: RATE_LIMITED_MESSAGE })
  })

  it('deletes a sign-up nobody confirmed after the configured days; its link stops working before that', async () => {
    const now = new Date()
    await subscribeNewsletter(t.db, { email: 'vergessen@example.de', consent: true }, newsletterContext(undefined, now))
    await subscribeNewsletter(t.db, { email: 'bestaetigt@example.de', consent: true }, newsletterContext(undefined, now))
    await deliver()
    const token = linkToken(mailTo('bestaetigt@example.de')[0], '/newsletter/bestaetigen/')
    expect(await confirmSubscription(t.db, token, { origin: ORIGIN, site, pendingDays: 7, now })).toBe('confirmed')
    const forgotten = linkToken(mailTo('vergessen@example.de')[0], '/newsletter/bestaetigen/')

    const later = new Date(now.getTime() + 7 * 24 * 60 * 60_000 + 60_000)
    expect(await newsletterLinkState(t.db, forgotten, 7, later)).toBe('unknown')
    expect(await confirmSubscription(t.db, forgotten, { origin: ORIGIN, site, pendingDays: 7, now: later })).toBe('unknown')
    expect(await sweepPendingSubscriptions(t.db, 7, new Date(now.getTime() + 6 * 24 * 60 * 60_000))).toBe(0)
    expect(await sweepPendingSubscriptions(t.db, 7, later)).toBe(1)
    const left = await t.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions)
    expect(left).toEqual([{ email: 'bestaetigt@example.de' }])
  })
})

describe('migration 0007', () => {
  // What migration 0001's seed wrote into every database seeded before 0007.
  const FIRST_SEED = {
    katalog: {
      message: 'Vielen Dank für Ihre Bestellung! Ihr Katalog ist in wenigen Tagen bei Ihnen.',
      template:
        'Neue Katalogbestellung\n\nKataloge: {{kataloge}}\n\nName: {{anrede}} {{vorname}} {{nachname}}\nAnschrift: {{strasse}} {{hausnummer}}, {{plz}} {{ort}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNewsletter gewünscht: {{newsletter}}',
    },
    kontakt: {
      subject: 'Kontaktanfrage: {{betreff}}',
      template:
        'Neue Kontaktanfrage\n\nBetreff: {{betreff}}\nName: {{anrede}} {{vorname}} {{nachname}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\nRückruf gewünscht: {{rueckruf}}\n\nNachricht:\n{{nachricht}}',
    },
    gruppenanfrage: {
      template:
        'Neue Gruppenanfrage\n\nGruppe/Verein: {{gruppe}}\nAnsprechperson: {{anrede}} {{vorname}} {{nachname}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nReiseziel: {{reiseziel}}\nZeitraum: {{zeitraum}}\nTeilnehmende: {{teilnehmer}}\nReisedauer: {{dauer}}\nAbfahrtsort: {{abfahrtsort}}\n\nWünsche:\n{{nachricht}}',
    },
  } as const

  async function runMigration0007() {
    const text = readFileSync(resolve(process.cwd(), 'app/server/db/migrations/0007_form_mail_templates.sql'), 'utf8')
    for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))
  }

  it('turns the first seed’s templates into exactly what the seed writes now, and leaves edited columns alone', async () => {
    const seededNow = await t.db.select().from(mailFormTemplates).orderBy(asc(mailFormTemplates.key))
    expect(seededNow).toEqual(
      [...MAIL_FORM_TEMPLATES].sort((a, b) => a.key.localeCompare(b.key)).map((row) => ({ cc: '', bcc: '', ...row })),
    )

    // A database as the first seed left it, where the office has since changed the kontakt recipient and katalog subject.
    await t.db.delete(mailFormTemplates).where(eq(mailFormTemplates.key, 'reiseanfrage'))
    for (const [key, columns] of Object.entries(FIRST_SEED)) await t.db.update(mailFormTemplates).set(columns).where(eq(mailFormTemplates.key, key))
    await t.db.update(mailFormTemplates).set({ email: 'buero@reisen.example' }).where(eq(mailFormTemplates.key, 'kontakt'))
    await t.db.update(mailFormTemplates).set({ subject: 'Katalog!' }).where(eq(mailFormTemplates.key, 'katalog'))

    await runMigration0007()
    const migrated = await t.db.select().from(mailFormTemplates).orderBy(asc(mailFormTemplates.key))
    const expected = seededNow.map((row) =>
      row.key === 'kontakt' ? { ...row, email: 'buero@reisen.example' } : row.key === 'katalog' ? { ...row, subject: 'Katalog!' } : row,
    )
    expect(migrated).toEqual(expected)

    // A second run changes nothing; restore the seed for the other tests.
    await runMigration0007()
    expect(await t.db.select().from(mailFormTemplates).orderBy(asc(mailFormTemplates.key))).toEqual(expected)
    for (const row of seededNow) await t.db.update(mailFormTemplates).set(row).where(eq(mailFormTemplates.key, row.key))
  })
})
