// A real customer session for bench/throughput: the site's mails go to an SMTP server in this
// process (tests/support/smtp-sink.mjs), and Chromium registers a customer, opens the confirmation
// link from the mail and confirms, as a customer would. The browser's cookies then make the signed-in visitor's requests.
import { chromium } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { smtpSink } from '../tests/support/smtp-sink.mjs'

/** The site's mails, kept in memory by an SMTP server on loopback; `stop()` closes it. */
export async function startMailSink() {
  const mails = []
  const server = smtpSink((raw) => mails.push(raw))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: server.server.address().port, mails, stop: () => new Promise((resolve) => server.close(resolve)) }
}

async function confirmationLink(mails, email, deadline) {
  while (Date.now() < deadline) {
    for (const raw of mails) {
      const mail = await simpleParser(raw)
      const to = Array.isArray(mail.to) ? mail.to : [mail.to]
      if (!to.some((address) => address?.text.includes(email))) continue
      const url = /https?:\/\/\S+\/registrierung\/bestaetigen\/\?token=\S+/.exec(mail.text ?? '')?.[0]
      if (url) return url
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('Keine Bestätigungs-Mail angekommen')
}

/**
 * Registers and confirms a customer on the site at `origin` in Chromium; returns the `Cookie`
 * header of the signed-in browser (the session and the header's hint cookie).
 */
export async function signedInCookieHeader(origin, mailSink) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const context = await browser.newContext({ locale: 'de-DE' })
    const page = await context.newPage()
    const hydrated = () => page.waitForFunction(() => globalThis.document.documentElement.dataset.hydrated === 'true')
    const email = `bench.${Date.now()}@example.de`
    await page.goto(`${origin}/registrierung/`)
    await hydrated()
    await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika')
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Messfrau')
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email)
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Mit dem Bus an die Ostsee')
    await page.getByRole('button', { name: 'Kundenkonto anlegen' }).click()
    const link = new URL(await confirmationLink(mailSink.mails, email, Date.now() + 30_000))
    await page.goto(`${origin}${link.pathname}${link.search}`)
    await hydrated()
    await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click()
    await page.waitForURL(/\/konto\/\?hinweis=bestaetigt$/)
    const cookies = await context.cookies(origin)
    if (!cookies.some((cookie) => cookie.name.startsWith('konto'))) throw new Error('Keine Sitzung nach der Bestätigung')
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  } finally {
    await browser.close()
  }
}
