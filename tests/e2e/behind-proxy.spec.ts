// The site behind a TLS proxy it trusts (TRUSTED_PROXY=127.0.0.1, no SITE_URL): what the proxy says
// in X-Forwarded-Proto and X-Forwarded-For decides the cookies' Secure flag and who a client is for
// the per-client limits, which here are as shipped. Its BOOKING_LINK_SECRET is known to the test,
// which signs confirmation links as the site does. One server of its own, on a new folder.
import { request as httpRequest } from 'node:http'
import { expect, test } from '@playwright/test'
import { toEpochDay, todayInBerlin } from '../../app/lib/calendar'
import { confirmationLinkProof, successSignature } from '../../app/server/services/booking/links.server'
import { gotoHydrated, useServerOfItsOwn } from './support'

const PORT = Number(process.env.E2E_PORT ?? 3100) + 2
const LINK_SECRET = 'behind-proxy-link-secret-0123456789abcdef'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, headers: { accept: 'text/html', ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

useServerOfItsOwn(PORT, 'reisen-proxy-', { TRUSTED_PROXY: '127.0.0.1', BOOKING_LINK_SECRET: LINK_SECRET })

/** The first date of the small catalogue that a booking can start on. */
async function bookableDate(): Promise<number> {
  for (let tripId = 1; tripId <= 5; tripId++) {
    const match = /href="\/buchung\/(\d+)\/step1\/"/.exec((await get(`/reise/${tripId}/`)).body)
    if (match) return Number(match[1])
  }
  throw new Error('no bookable date in the catalogue')
}

test('the draft cookie is Secure when the trusted proxy says the request came over HTTPS, and only then', async ({ browser }) => {
  const dateId = await bookableDate()
  // The draft and its cookie are made by the POST the step page sends once it is shown (a GET
  // changes nothing): a browser opens the page with the proxy's headers on every request.
  const draftCookie = async (proto: 'https' | 'http', client: string) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-proto': proto, 'x-forwarded-for': client } })
    try {
      const page = await context.newPage()
      const opened = page.waitForResponse(
        async (r) => r.request().method() === 'POST' && ((await r.headerValue('set-cookie')) ?? '').includes(`buchung-${dateId}=`),
      )
      const shown = await page.goto(`http://127.0.0.1:${PORT}/buchung/${dateId}/step1/`)
      expect(shown?.status()).toBe(200)
      if (proto === 'https') expect(await shown?.headerValue('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
      const cookies = ((await (await opened).headerValue('set-cookie')) ?? '').split('\n')
      return cookies.find((c) => c.startsWith(`buchung-${dateId}=`)) ?? ''
    } finally {
      await context.close()
    }
  }
  const overHttps = await draftCookie('https', '198.51.100.1')
  expect(overHttps).toMatch(/; HttpOnly/)
  expect(overHttps).toMatch(/; Secure/)
  const overHttp = await draftCookie('http', '198.51.100.2')
  expect(overHttp).not.toBe('')
  expect(overHttp).not.toMatch(/Secure/)
})

test('per-client limits count an IPv6 client by its /64: new addresses of the same network share one budget', async () => {
  // Newsletter links with tokens nobody was given: 20 per client in 10 minutes.
  const guess = (n: number) => `${String(n).padStart(6, '0')}${'y'.repeat(26)}`
  // The POST behind the link page's button, as a guesser would send it.
  const post = (address: string, n: number) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: PORT, path: `/newsletter/bestaetigen/${guess(n)}/`, method: 'POST', headers: { 'x-forwarded-for': address } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      req.end()
    })
  for (let n = 0; n < 20; n++) expect(await post(`2001:db8:7:1::${(n + 1).toString(16)}`, n)).toBe(303)
  // A twenty-first address of that /64, written out in full: refused.
  expect(await post('2001:0db8:0007:0001:ffff:ffff:ffff:fffe', 21)).toBe(429)
  // The next /64 and an IPv4 client have their own budgets.
  expect(await post('2001:db8:7:2::1', 22)).toBe(303)
  expect(await post('198.51.100.7', 23)).toBe(303)
})

test('the office’s „Passwort vergessen“ has the account mails’ per-client limit: the eleventh request in ten minutes gets the German 429 message (issue 42, finding 3)', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.42' } })
  try {
    const page = await context.newPage()
    const ask = async () => {
      await gotoHydrated(page, `http://127.0.0.1:${PORT}/buero/passwort-vergessen/`)
      await page.getByLabel('E-Mail-Adresse').fill('admin@sonnenland-reisen.example')
      const answered = page.waitForResponse((r) => r.url().includes('/_serverFn/') && r.request().method() === 'POST')
      await page.getByRole('button', { name: 'Link anfordern' }).click()
      const status = (await answered).status()
      return { status, text: await page.getByRole('main').getByRole('status').innerText() }
    }
    for (let i = 0; i < 10; i++) expect(await ask()).toEqual({ status: 200, text: expect.stringContaining('haben wir Ihnen einen Link') })
    expect(await ask()).toEqual({ status: 429, text: expect.stringContaining('Bitte warten Sie einige Minuten') })
  } finally {
    await context.close()
  }
})

test('a confirmation link past its last day: 410 with a German page naming the office’s phone, also for the PDF', async () => {
  const number = '7K4P-9XQ2'
  const yesterday = toEpochDay(todayInBerlin()) - 1
  const expired = confirmationLinkProof(LINK_SECRET, number, yesterday)
  const page = await get(`/buchung/bestaetigung/${number}/?sig=${expired}`)
  expect(page.status).toBe(410)
  expect(page.body).toContain('Link abgelaufen')
  expect(page.body).toMatch(/Dieser Link zu Ihrer Buchung galt bis zum \d\d\.\d\d\.\d{4} und ist abgelaufen\./)
  expect(page.body).toContain('0521 123 456 0')
  const pdf = await get(`/buchung/bestaetigung/${number}/bestaetigung.pdf?sig=${expired}`, { accept: '*/*' })
  expect(pdf.status).toBe(410)
  expect(pdf.body).toContain('0521 123 456 0')
  // A link that still works names a booking that does not exist here: 404, like a forged day or the
  // signature of the booking browser's cookie used as a link.
  const forged = `${yesterday + 1000}${expired.slice(expired.indexOf('.'))}`
  for (const sig of [confirmationLinkProof(LINK_SECRET, number, yesterday + 2), forged, successSignature(LINK_SECRET, number)]) {
    expect((await get(`/buchung/bestaetigung/${number}/?sig=${sig}`)).status, sig).toBe(404)
  }
})
