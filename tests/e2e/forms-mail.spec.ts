// Forms and the newsletter over HTTP against the production build: a storm of submissions meets
// the per-client limit (on a server of its own, so the suite's other tests keep their limits), a
// form sent in the browser reaches the office's mailbox, and the newsletter's links work as the
// mails carry them, including the one-click unsubscribe POST of RFC 8058.
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page, Request } from '@playwright/test'
import { asc } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import type { ParsedMail } from 'mailparser'
import { fromCrossJSON, toJSONAsync } from 'seroval'
import { SMTPServer } from 'smtp-server'
import { freePort, startServer, stopServer } from '../../bench/support'
import { RATE_LIMITED_MESSAGE } from '../../app/lib/forms'
import { openDatabase } from '../../app/server/db/client.server'
import { formSubmissions, mailOutbox } from '../../app/server/db/schema'
import { expectNoSeriousAxeViolations, gotoHydrated, mailsWith, serverFunctionIds } from './support'

const ENTRY = join(process.env.BUILD_OUT_DIR ?? '.output', 'server/index.mjs')

type Answer = { ok: boolean; message: string }

/** The browser's own sendForm request, sent once through the page, to replay with other content. */
async function sendFormOnce(page: Page, base: string, nachricht: string): Promise<Request> {
  await gotoHydrated(page, `${base}/forms/kontakt/`)
  const form = page.getByRole('form', { name: 'Kontakt' })
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Erika Sturm')
  await form.getByLabel('E-Mail').fill('sturm@example.de')
  await form.getByLabel('Nachricht').fill(nachricht)
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Nachricht senden' }).click(),
  ])
  await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible()
  return response.request()
}

/** POSTs the kontakt form as the browser does (same URL and headers, seroval body); JSON answer. */
function replay(request: APIRequestContext, captured: Request, nachricht: string, forwardedFor?: string) {
  const data = { form: 'kontakt', values: { name: 'Erika Sturm', email: 'sturm@example.de', telefon: '', nachricht }, homepage: '' }
  return post(request, captured, data, forwardedFor)
}

async function post(request: APIRequestContext, captured: Request, data: unknown, forwardedFor?: string) {
  const headers: Record<string, string> = { ...(await captured.allHeaders()), accept: 'application/json', 'content-type': 'application/json' }
  for (const name of Object.keys(headers)) if (name.startsWith(':') || name === 'content-length' || name === 'cookie') delete headers[name]
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor
  const response = await request.post(captured.url(), { headers, data: JSON.stringify(await toJSONAsync({ data })) })
  // The server answers in seroval's cross-reference JSON: { result } around the function's value.
  const { result: answer } = fromCrossJSON(await response.json(), { refs: new Map() }) as { result: Answer }
  return { status: response.status(), retryAfter: response.headers()['retry-after'], answer }
}

test.describe('Formular-Sturm gegen den Produktions-Build', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 })

  test('200 schnelle Anfragen eines Clients: ab der sechsten 429 mit deutscher Meldung, Gespeichertes bleibt', async ({ page, request }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reisen-e2e-sturm-'))
    const received: ParsedMail[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail)
          callback()
        }, callback)
      },
    })
    smtp.listen(0, '127.0.0.1')
    await once(smtp.server, 'listening')
    const smtpAddress = smtp.server.address()
    const smtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0
    const port = await freePort()
    // One address for the browser and the request context (localhost may be ::1 for one and 127.0.0.1 for the other).
    const base = `http://127.0.0.1:${port}`
    const logFile = join(dataDir, 'server.log')
    const env = { DATA_DIR: dataDir, SEED_TRIPS: '5', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SITE_URL: base, LOG_LEVEL: 'info', DATABASE_URL: undefined, TRUSTED_PROXY: undefined }
    let server = await startServer({ entry: ENTRY, port, env, logFile })
    try {
      const captured = await sendFormOnce(page, base, 'Frage 0')
      // 199 more at once, half of them with a forged X-Forwarded-For: no proxy is trusted, so it changes nothing.
      const storm = await Promise.all(
        Array.from({ length: 199 }, (_, i) => replay(request, captured, `Frage ${i + 1}`, i % 2 ? `198.51.100.${i % 250}` : undefined)),
      )
      const accepted = storm.filter((r) => r.status === 200)
      const limited = storm.filter((r) => r.status === 429)
      expect(accepted).toHaveLength(4)
      expect(limited).toHaveLength(195)
      expect(accepted.every((r) => r.answer.ok)).toBe(true)
      for (const r of limited) {
        expect(r.answer).toEqual({ ok: false, message: RATE_LIMITED_MESSAGE, errors: {} })
        expect(Number(r.retryAfter)).toBeGreaterThan(500)
      }

      // The browser shows the same German message when it is over the limit.
      await gotoHydrated(page, `${base}/forms/kontakt/`)
      const form = page.getByRole('form', { name: 'Kontakt' })
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Erika Sturm')
      await form.getByLabel('E-Mail').fill('sturm@example.de')
      await form.getByLabel('Nachricht').fill('Noch eine Frage')
      await form.getByRole('button', { name: 'Nachricht senden' }).click()
      await expect(page.getByRole('alert').filter({ hasText: RATE_LIMITED_MESSAGE })).toBeVisible()

      // Five office mails arrive, and three acknowledgements (the daily limit per address).
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(8)
      expect(received.filter((m) => m.subject === 'Kontaktanfrage von Erika Sturm')).toHaveLength(5)
      expect(received.filter((m) => m.subject === 'Eingangsbestätigung: Kontakt')).toHaveLength(3)
      await stopServer(server)

      // Behind a trusted proxy each forwarded client has its own limit, and what a client forges
      // left of the proxy's entry is ignored.
      server = await startServer({ entry: ENTRY, port, env: { ...env, TRUSTED_PROXY: '127.0.0.1,::1' }, logFile })
      const proxied = await Promise.all(Array.from({ length: 7 }, (_, i) => replay(request, captured, `Über den Proxy ${i}`, `203.0.113.${7 + (i % 2)}`)))
      expect(proxied.filter((r) => r.status === 200)).toHaveLength(7)
      const forged = await Promise.all(Array.from({ length: 6 }, (_, i) => replay(request, captured, `Gefälscht ${i}`, `10.9.9.${i}, 203.0.113.7`)))
      // 203.0.113.7 had 4 of its 5 already.
      expect(forged.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429])
      // Input of the wrong shape is a 400 with a German message, never a 500.
      for (const data of [{ form: 'admin', values: {} }, { form: 'kontakt', values: 'kaputt' }, 'kaputt']) {
        const bad = await post(request, captured, data, '203.0.113.99')
        expect(bad.status).toBe(400)
        expect(bad.answer).toMatchObject({ ok: false, message: 'Bitte prüfen Sie Ihre Angaben.' })
      }
      await stopServer(server)

      // Every log line of the app is one JSON object, and nothing in the log names the sender, the
      // address or a client. (srvx writes its own start and stop banners, which are not JSON.)
      const log = readFileSync(logFile, 'utf8')
      expect(log).not.toMatch(/sturm@example|Erika|Frage \d|198\.51\.100|203\.0\.113|127\.0\.0\.1/)
      const lines = log.split('\n').flatMap((line) => {
        const start = line.indexOf('{"time"')
        if (start < 0) {
          expect(line.trim() === '' || /Listening on|Stopping server|Server closed/.test(line), line).toBe(true)
          return []
        }
        return [line.slice(start)]
      })
      expect(lines.length).toBeGreaterThan(200)
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
      expect(lines.filter((l) => l.includes('"form rate limited"')).length).toBeGreaterThanOrEqual(195)

      // What was stored stays: exactly the accepted submissions, each once, as they were sent.
      const opened = await openDatabase({ dataDir, seed: false })
      try {
        const rows = await opened.db.select().from(formSubmissions).orderBy(asc(formSubmissions.id))
        expect(rows).toHaveLength(5 + 7 + 1)
        const first = rows.slice(0, 5).map((r) => r.data.nachricht)
        expect(first[0]).toBe('Frage 0')
        expect(new Set(first).size).toBe(5)
        expect(rows.every((r) => r.data.name === 'Erika Sturm' && r.data.email === 'sturm@example.de')).toBe(true)
        const outbox = await opened.db.select({ status: mailOutbox.status }).from(mailOutbox)
        expect(outbox.filter((m) => m.status === 'sent').length).toBeGreaterThanOrEqual(8)
      } finally {
        await opened.close()
      }
    } finally {
      await stopServer(server)
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

/** The newest mail in the suite's SMTP sink that contains the text, parsed. */
async function mailContaining(text: string): Promise<ParsedMail> {
  await expect.poll(() => mailsWith(text).length, { timeout: 20_000 }).toBeGreaterThan(0)
  return simpleParser(mailsWith(text).at(-1) ?? '')
}

function link(mail: ParsedMail, path: string): string {
  const url = new RegExp(`https?://[^\\s]+${path}[A-Za-z0-9_-]+/`).exec(mail.text ?? '')?.[0]
  if (!url) throw new Error(`no ${path} link in "${mail.subject}"`)
  return new URL(url).pathname
}

/** The welcome mail to this address (the first newsletter mail it gets). */
async function welcomeMail(address: string): Promise<ParsedMail> {
  const find = () => mailsWith('Willkommen beim Newsletter').find((raw) => raw.includes(address))
  await expect.poll(() => find() !== undefined, { timeout: 20_000 }).toBe(true)
  return simpleParser(find() ?? '')
}

function headerLine(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line
  return line?.slice(line.indexOf(':') + 1).trim()
}

test.describe('Formulare und Newsletter senden E-Mails', () => {
  test('Kontaktformular: die Nachricht kommt beim Büro an, die Kundin erhält eine Eingangsbestätigung', async ({ page }) => {
    const marker = `Anfrage-${Date.now()}`
    await gotoHydrated(page, '/forms/kontakt/')
    const form = page.getByRole('form', { name: 'Kontakt' })
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Erika Browser')
    await form.getByLabel('E-Mail').fill('erika.browser@example.de')
    await form.getByLabel('Nachricht').fill(`Gibt es noch Plätze? ${marker}`)
    await form.getByRole('button', { name: 'Nachricht senden' }).click()
    await expect(page.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible()

    const office = await mailContaining(marker)
    expect(office.subject).toBe('Kontaktanfrage von Erika Browser')
    expect(office.to && !Array.isArray(office.to) ? office.to.text : '').toBe('info@sonnenland-reisen.example')
    expect(office.replyTo?.text).toBe('erika.browser@example.de')
    await expect.poll(() => mailsWith('erika.browser@example.de').length, { timeout: 20_000 }).toBe(2)
    const both = await Promise.all(mailsWith('erika.browser@example.de').map((raw) => simpleParser(raw)))
    const ack = both.find((m) => m.subject === 'Eingangsbestätigung: Kontakt')
    expect(ack?.to && !Array.isArray(ack.to) ? ack.to.text : '').toBe('erika.browser@example.de')
    expect(ack?.text).not.toContain(marker)
  })

  test('Newsletter: höchstens drei Bestätigungsmails am Tag je Postfach, auch mit name+zusatz@', async ({ request }) => {
    const id = serverFunctionIds().get('signUpForNewsletter') ?? ''
    const signUp = async (email: string) => {
      const response = await request.post(`/_serverFn/${id}`, {
        headers: { 'content-type': 'application/json', 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin' },
        data: JSON.stringify(await toJSONAsync({ data: { email, consent: true, homepage: '' } })),
      })
      expect(response.status(), email).toBe(200)
    }
    const box = `postfach-${Date.now()}`
    for (const email of [`${box}@example.de`, `${box}+reisen@example.de`, `${box.toUpperCase()}+urlaub@example.de`, `${box}+noch-einmal@example.de`]) await signUp(email)
    // A mail to another address after them: once it has arrived, every mail written before it has too.
    const after = `danach-${Date.now()}@example.de`
    await signUp(after)
    await expect.poll(() => mailsWith(after).length, { timeout: 20_000 }).toBe(1)
    const toBox = mailsWith('@example.de').filter((raw) => raw.toLowerCase().includes(box))
    expect(toBox).toHaveLength(3)
  })

  test('Newsletter: Bestätigungslink, Abmeldelink mit Knopf und One-Click-POST', async ({ page, request }) => {
    const address = `leser-${Date.now()}@example.de`
    await gotoHydrated(page, '/newsletter/')
    await page.getByLabel('E-Mail-Adresse').fill(address)
    await page.getByRole('checkbox', { name: /Ja, ich möchte den Newsletter/ }).check()
    await page.getByRole('button', { name: 'Newsletter abonnieren' }).click()
    await expect(page.getByText('Bitte bestätigen Sie Ihre Anmeldung über den Link in der E-Mail')).toBeVisible()

    const confirmation = await mailContaining(address)
    expect(confirmation.subject).toMatch(/^Bitte bestätigen Sie Ihre Newsletter-Anmeldung/)
    expect(headerLine(confirmation, 'List-Unsubscribe')).toBeUndefined()
    const confirmPath = link(confirmation, '/newsletter/bestaetigen/')

    // Opening the link confirms nothing yet (link scanners open links too); the button does.
    await gotoHydrated(page, confirmPath)
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter-Anmeldung bestätigen' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung bestätigt' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${confirmPath}$`))

    const mine = await welcomeMail(address)
    expect(headerLine(mine, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribePath = link(mine, '/newsletter/abmelden/')
    expect(headerLine(mine, 'List-Unsubscribe')).toMatch(new RegExp(`^<http://localhost:\\d+${unsubscribePath}>$`))
    expect(mine.html || '').not.toMatch(/<img\b/i)

    // GET shows a button and changes nothing.
    await gotoHydrated(page, unsubscribePath)
    await expect(page.getByRole('button', { name: 'Newsletter abbestellen' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    // The mail program's one-click POST unsubscribes without anything else (no cookie, no origin).
    const oneClick = await request.post(unsubscribePath, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status()).toBe(200)
    expect(await oneClick.text()).toBe('Sie sind vom Newsletter abgemeldet.')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletter abbestellt' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Newsletter abbestellen' })).toHaveCount(0)

    // Unknown tokens are a clear German page, never an error.
    const unknown = await page.goto('/newsletter/abmelden/unbekannt/')
    expect(unknown?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Link ungültig' })).toBeVisible()
    const post = await request.post('/newsletter/bestaetigen/unbekannt/', { maxRedirects: 0 })
    expect(post.status()).toBe(303)
  })

  test('Newsletter: die Knöpfe der Linkseiten wirken auch ohne JavaScript', async ({ page, browser }) => {
    const address = `knopf-${Date.now()}@example.de`
    await gotoHydrated(page, '/newsletter/')
    await page.getByLabel('E-Mail-Adresse').fill(address)
    await page.getByRole('checkbox', { name: /Ja, ich möchte den Newsletter/ }).check()
    await page.getByRole('button', { name: 'Newsletter abonnieren' }).click()
    await expect(page.getByText('Bitte bestätigen Sie Ihre Anmeldung')).toBeVisible()
    const confirmPath = link(await mailContaining(address), '/newsletter/bestaetigen/')

    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto(confirmPath)
    await plain.getByRole('button', { name: 'Anmeldung bestätigen' }).click()
    await expect(plain.getByRole('heading', { level: 1, name: 'Anmeldung bestätigt' })).toBeVisible()
    const welcome = await welcomeMail(address)
    await plain.goto(link(welcome, '/newsletter/abmelden/'))
    await plain.getByRole('button', { name: 'Newsletter abbestellen' }).click()
    await expect(plain.getByRole('heading', { level: 1, name: 'Newsletter abbestellt' })).toBeVisible()
    await noScript.close()
  })
})
