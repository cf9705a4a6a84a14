// Issue 12: the rendered-page cache on the production build. Anonymous pages come from memory
// after the first render, each answer with a nonce of its own; catalogue pages are rendered without
// the visitor's cookies, so that every visitor gets the kept page; the booking, payment, account and
// office pages are rendered for their visitor alone.
import { request as httpRequest } from 'node:http'
import { randomUUID } from 'node:crypto'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { gotoHydrated, seatPlanDates } from './support'

const port = Number(process.env.E2E_PORT ?? 3100)

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const encoding = res.headers['content-encoding']
          const body = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'br' ? zlib.brotliDecompressSync(raw) : raw
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString() })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The nonce of the answer's CSP header, and every nonce its HTML uses (all must be that one). */
function nonces(answer: Answer): { header: string; inPage: string[] } {
  const csp = String(answer.headers['content-security-policy'] ?? '')
  const header = /'nonce-([^']+)'/.exec(csp)?.[1] ?? ''
  const inPage = [...answer.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1] ?? '')
  return { header, inPage }
}

function expectOwnNonce(answer: Answer): string {
  const { header, inPage } = nonces(answer)
  expect(header).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  expect(inPage.length).toBeGreaterThan(0)
  expect(new Set(inPage)).toEqual(new Set([header]))
  return header
}

/** A page nobody asked for yet: the start page with a query the site ignores. */
const freshPath = () => `/?seitencache=${randomUUID()}`

test('an anonymous page is rendered once, then served from memory with a fresh nonce each time', async () => {
  const path = freshPath()
  const first = await get(path)
  expect(first.status).toBe(200)
  expect(first.headers['x-cache']).toBe('MISS')
  const second = await get(path)
  const third = await get(path, { 'accept-encoding': 'identity' })
  expect(second.headers['x-cache']).toBe('HIT')
  expect(second.headers['content-encoding']).toBe('gzip')
  expect(third.headers['x-cache']).toBe('HIT')
  expect(third.headers['content-encoding']).toBeUndefined()
  const seen = [first, second, third].map(expectOwnNonce)
  expect(new Set(seen).size).toBe(3)
  // The same page apart from its nonce.
  const strip = (a: Answer) => a.body.replaceAll(nonces(a).header, '')
  expect(strip(second)).toBe(strip(first))
  expect(strip(third)).toBe(strip(first))
  expect(second.headers['cache-control']).toBe('private, no-cache')
  expect(second.headers['etag']).toBe(first.headers['etag'])
})

test('a 304 answers the ETag of a kept page, without a body or a new nonce', async () => {
  const path = freshPath()
  const first = await get(path)
  const etag = String(first.headers['etag'])
  const again = await get(path, { 'if-none-match': etag })
  expect(again.status).toBe(304)
  expect(again.body).toBe('')
  // The browser keeps its page and the policy that came with it.
  expect(again.headers['content-security-policy']).toBeUndefined()
})

test('a catalogue page is rendered without the visitor\'s cookies and kept for everybody, whatever cookies they bring', async () => {
  const path = freshPath()
  const draft = 'buchung-12=Xy7pQ3vLrN0aB5cD8eF1gH4iJ7kL0mN3oP6qR9sT2uV'
  const visitors = [draft, 'locale=de-DE; bestaetigung-SR123=Zq4wE8rT', '_ga=GA1.1.424242.171717', '']
  const answers = []
  for (const cookie of visitors) answers.push(await get(path, cookie ? { cookie } : {}))
  // The first visitor, with a booking draft, has the page rendered; everybody after gets it kept.
  expect(answers.map((a) => a.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT', 'HIT'])
  const strip = (a: Answer) => a.body.replaceAll(expectOwnNonce(a), '')
  for (const answer of answers) expect(strip(answer)).toBe(strip(answers[0]!))
  for (const value of ['Xy7pQ3vLrN0aB5cD8eF1gH4iJ7kL0mN3oP6qR9sT2uV', 'Zq4wE8rT', '424242']) expect(answers[0]!.body).not.toContain(value)
  // A request with credentials is never served from or written to the shared cache.
  const withCredentials = await get(path, { authorization: 'Basic eDp5' })
  expect(withCredentials.status).toBe(200)
  expect(withCredentials.headers['x-cache']).toBeUndefined()
  expectOwnNonce(withCredentials)
})

test('the booking, payment and newsletter pages are never kept, however their paths are written', async ({ request }) => {
  // The routes match without regard to case, so the rule for personal paths must too. Each page
  // here answers 200 without a cookie (no-cache, not no-store): only the rule for personal paths
  // keeps it out of the cache. Without it the first answer is a MISS and the second a HIT (checked
  // against a build without the rule).
  const [date] = await seatPlanDates(request, 1)
  const token = 'Abcdefghijklmnopqrstuvwxyz012345'
  const paths = [`/buchung/${date?.dateId}/step1/`, `/BUCHUNG/${date?.dateId}/step1/`, `/Buchung/${date?.dateId}/step1/`, `/NEWSLETTER/abmelden/${token}/`, `/Newsletter/bestaetigen/${token}/`]
  for (const path of paths) {
    for (const visit of [1, 2]) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['set-cookie'], path).toBeUndefined()
      expect(answer.headers['x-cache'], `${path}, visit ${visit}`).toBeUndefined()
    }
  }
  const payment = await get('/PAYMENT/x/')
  expect(payment.status).toBeLessThan(500)
  expect(payment.headers['x-cache']).toBeUndefined()
})

test('a page from memory runs in the browser: scripts allowed by its nonce, hydrated', async ({ page }) => {
  const path = freshPath()
  // Kept by a first visit (the browser's host is part of the key: it names the site in the page).
  await page.goto(path)
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = page.waitForResponse((r) => r.url().endsWith(path))
  await gotoHydrated(page, path)
  expect((await response).headers()['x-cache']).toBe('HIT')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(violations).toEqual([])
})

test('a visitor from an ad or a newsletter gets the kept page: click ids and campaign tags make no new URL', async ({ page }) => {
  const path = freshPath()
  const first = await get(path)
  expect(first.headers['x-cache']).toBe('MISS')
  const clickId = randomUUID()
  const fromAd = await get(`${path}&gclid=${clickId}&utm_source=newsletter&utm_campaign=herbst`)
  expect(fromAd.headers['x-cache']).toBe('HIT')
  const strip = (a: Answer) => a.body.replaceAll(expectOwnNonce(a), '')
  expect(strip(fromAd)).toBe(strip(first))
  expect(fromAd.body).not.toContain(clickId)
  // A parameter the site does not know is still a URL of its own.
  expect((await get(`${path}&gclidx=1`)).headers['x-cache']).toBe('MISS')
  // A redirect of the page (the router's trailing slash, a wrong value put right) keeps them.
  for (const [from, to] of [
    [`/reisekalender?gclid=${clickId}&utm_source=google`, `/reisekalender/?gclid=${clickId}&utm_source=google`],
    [`/reiseuebersicht/busreisen/?sortBy=preis&fbclid=${clickId}`, `/reiseuebersicht/busreisen/?fbclid=${clickId}`],
  ] as const) {
    const redirect = await get(from)
    expect(redirect.status, from).toBe(307)
    const location = new URL(String(redirect.headers.location), `http://127.0.0.1:${port}`)
    expect(`${location.pathname}${location.search}`, from).toBe(to)
  }

  // In the browser the kept page hydrates at the address with its parameters, which stay (kept
  // first by a visit without them: the browser's host is part of the key).
  await page.goto(path)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const adPath = `${path}&fbclid=${randomUUID()}&utm_medium=social`
  const response = page.waitForResponse((r) => r.url().endsWith(adPath))
  await gotoHydrated(page, adPath)
  expect((await response).headers()['x-cache']).toBe('HIT')
  expect(new URL(page.url()).searchParams.get('utm_medium')).toBe('social')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // A page whose data follows its query (the sort order) hydrates the same way.
  const category = `/reiseuebersicht/busreisen/?sortBy=price&sortDirection=desc&seitencache=${randomUUID()}`
  await page.goto(category)
  const categoryResponse = page.waitForResponse((r) => r.url().includes('gclid='))
  await gotoHydrated(page, `${category}&gclid=${randomUUID()}`)
  expect((await categoryResponse).headers()['x-cache']).toBe('HIT')
  await expect(page.getByRole('heading', { level: 1, name: /Busreisen/ })).toBeVisible()
  expect(errors).toEqual([])
})
