// Issue 11, point 1: the operator's identity is configuration (SITE_CONFIG_FILE, MAIL_FROM, the bank
// details). Started with another operator's, the site shows no trace of the default one in page
// titles, meta data, header, footer, structured data or the booking confirmation mail. The demo
// catalogue's own texts (blog posts, a ship's name) are content, not identity, and are not checked.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { bookToSuccess, mailWith, seatPlanDates, startServer, waitForHealth } from './support'

const PORT = 3398
const origin = `http://127.0.0.1:${PORT}`
const OPERATOR = {
  name: 'Alpenblick Touristik',
  legalName: 'Alpenblick Touristik GmbH',
  claim: 'Gruppenreisen aus dem Allgäu',
  street: 'Bergweg 7',
  zip: '87435',
  city: 'Kempten',
  phone: '0831 765 43 21',
  phoneHref: '+498317654321',
  email: 'info@alpenblick-touristik.example',
  copyright: '2026 Alpenblick Touristik GmbH',
}
const DEFAULT_TRACE = /sonnenland/i

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let dataDir: string
let server: ReturnType<typeof startServer>

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'reisen-identity-'))
  const siteFile = join(dataDir, 'site.json')
  writeFileSync(siteFile, JSON.stringify(OPERATOR))
  server = startServer({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SITE_CONFIG_FILE: siteFile,
    MAIL_FROM: 'Alpenblick Touristik <buchung@alpenblick-touristik.example>',
    BANK_ACCOUNT_HOLDER: 'Alpenblick Touristik GmbH',
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? ''}`,
    SITE_URL: origin,
  })
  await waitForHealth(PORT)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  rmSync(dataDir, { recursive: true, force: true })
})

/** What of a page is the operator's identity: title, meta and link tags, header, footer, JSON-LD. */
function identityParts(html: string): string[] {
  const parts = [
    ...html.matchAll(/<title>[^<]*<\/title>/g),
    ...html.matchAll(/<meta [^>]*>/g),
    ...html.matchAll(/<header[\s\S]*?<\/header>/g),
    ...html.matchAll(/<footer[\s\S]*?<\/footer>/g),
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g),
  ]
  return parts.map((m) => m[0])
}

test('every kind of page names the configured operator in its title and nowhere the default one', async ({ request }) => {
  const trip = (await seatPlanDates(request))[0]?.tripId ?? 1
  const pages = ['/', `/reise/${trip}/`, '/reiseuebersicht/busreisen/', '/reiseuebersicht/search/', '/hotels/', '/ships/', '/blog/', '/faq/']
  pages.push('/kundenstimmen/', '/reisebueros/agenturen/', '/reisekalender/', '/newsletter/', '/forms/kontakt/', '/ueber-uns/', '/gibt-es-nicht/')
  const blog = await (await fetch(`${origin}/blog/`, { headers: { accept: 'text/html' } })).text()
  const entry = /href="(\/blog\/detail\/[^"]+)"/.exec(blog)?.[1]
  if (!entry) throw new Error('no blog entry linked from /blog/')
  pages.push(entry)
  for (const path of pages) {
    const html = await (await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })).text()
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''
    expect(title, path).toContain(OPERATOR.name)
    for (const part of identityParts(html)) expect(part, `${path}: ${part.slice(0, 200)}`).not.toMatch(DEFAULT_TRACE)
    expect(html, path).toContain(OPERATOR.legalName)
    // One canonical link on every page that exists, on the configured origin.
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1])
    if (path === '/gibt-es-nicht/') expect(canonicals, path).toEqual([])
    else {
      expect(canonicals, path).toHaveLength(1)
      expect(canonicals[0], path).toMatch(new RegExp(`^${origin}/`))
      // Link previews name the page's address and the configured operator.
      expect(metaProperty(html, 'og:url'), path).toEqual([canonicals[0]])
      expect(metaProperty(html, 'og:site_name'), path).toEqual([OPERATOR.name])
    }
  }
})

test('structured data names the configured operator as provider of a trip, publisher of an article and on the start page', async ({ request }) => {
  const trip = (await seatPlanDates(request))[0]?.tripId ?? 1
  const blog = await (await fetch(`${origin}/blog/`, { headers: { accept: 'text/html' } })).text()
  const entry = /href="(\/blog\/detail\/[^"]+)"/.exec(blog)?.[1] ?? ''
  const operatorOf = {
    '/': (data: Record<string, unknown>) => data,
    [`/reise/${trip}/`]: (data: Record<string, unknown>) => data.provider,
    [entry]: (data: Record<string, unknown>) => data.publisher,
  }
  for (const [path, operator] of Object.entries(operatorOf)) {
    const html = await (await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } })).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>)
    expect(blocks, path).toHaveLength(1)
    expect(operator(blocks[0] ?? {}), path).toMatchObject({ '@type': 'TravelAgency', name: OPERATOR.legalName, telephone: OPERATOR.phone, url: `${origin}/` })
  }
})

/** The contents of <meta property="…"> tags of a page. */
function metaProperty(html: string, property: string): string[] {
  return [...html.matchAll(/<meta [^>]*>/g)].flatMap((m) => {
    const tag = m[0]
    if (!tag.includes(`property="${property}"`)) return []
    return [/content="([^"]*)"/.exec(tag)?.[1] ?? '']
  })
}

test('the booking confirmation mail names the configured operator only', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
  const page = await context.newPage()
  const [date] = await seatPlanDates(context.request)
  if (!date) throw new Error('no bookable date with a seat plan')
  const bookingNumber = await bookToSuccess(page, date.dateId)
  for (const part of identityParts(await page.content())) expect(part).not.toMatch(DEFAULT_TRACE)
  await expect.poll(() => mailWith(bookingNumber) !== null, { timeout: 20_000 }).toBe(true)
  const mail = await simpleParser(mailWith(bookingNumber) ?? '')
  const from = mail.from?.text ?? ''
  expect(from).toContain('Alpenblick Touristik')
  for (const text of [from, mail.subject ?? '', mail.text ?? '', mail.html || '']) expect(text).not.toMatch(DEFAULT_TRACE)
  expect(mail.text).toContain(OPERATOR.legalName)
  await context.close()
})
