// Issue 10 against the production build, as an attacker or a clumsy client would send it: raw
// request lines and headers through node:http (fetch would normalise them), answers read as sent.
import { request as httpRequest } from 'node:http'
import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { serverFunctionIds } from './support'

const port = Number(process.env.E2E_PORT ?? 3100)

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function raw(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { accept: 'text/html', ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test.describe('redirects stay on the site', () => {
  for (const path of ['//evil', '///evil', '/\\evil', '//2130706433', '//evil.example', '///evil.example/x', '/%2F%2Fevil']) {
    test(`${path} is not sent to another host`, async () => {
      const answer = await raw(path)
      const location = answer.headers.location
      if (typeof location === 'string') {
        expect(location).not.toMatch(/^[/\\]{2}/)
        // The request went to 127.0.0.1: a redirect may name that host, never another.
        expect(new URL(location, `http://127.0.0.1:${port}`).host).toBe(`127.0.0.1:${port}`)
      } else {
        expect(answer.status).not.toBe(308)
      }
    })
  }
})

test('a missing built file is a plain 404 that nobody keeps, not a redirect to a page', async () => {
  const answer = await raw('/assets/nonexistent-4711.js', { accept: '*/*' })
  expect(answer.status).toBe(404)
  expect(answer.headers.location).toBeUndefined()
  expect(answer.headers['content-type']).toMatch(/^text\/plain/)
  expect(answer.headers['cache-control']).toBe('no-store')
  // A file that exists keeps its year.
  const built = (await raw('/latest-build.json', { accept: '*/*' })).status
  expect(built).toBe(200)
})

test('a path with broken percent-encoding gets the site’s German 400 page with the security headers', async () => {
  for (const path of ['/%FF/', '/reise/%E0%A4%A/', '/%']) {
    const answer = await raw(path)
    expect(answer.status, path).toBe(400)
    expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8')
    expect(answer.body, path).toContain('<h1>Ungültige Adresse</h1>')
    expect(answer.headers['x-content-type-options'], path).toBe('nosniff')
    expect(answer.headers['x-frame-options'], path).toBe('SAMEORIGIN')
    expect(answer.headers['content-security-policy'], path).toContain("default-src 'none'")
    expect(answer.headers['cache-control'], path).toBe('no-store')
  }
})

test.describe('server-function calls the framework cannot hand to a function: 400/404 with a German message, never 500', () => {
  const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }
  const ids = serverFunctionIds()
  const saveBooking = ids.get('saveBooking') ?? ''
  const openBooking = ids.get('openBooking') ?? ''
  const call = (request: APIRequestContext, path: string, options: { method?: 'GET' | 'POST'; type?: string; body?: string } = {}) =>
    request.fetch(path, {
      method: options.method ?? 'POST',
      headers: { ...sameOrigin, ...(options.type ? { 'content-type': options.type } : {}) },
      data: options.body,
      maxRedirects: 0,
    })

  test('the build lists the functions this test calls', () => {
    expect(saveBooking).toMatch(/^[0-9a-f]{64}$/)
    expect(openBooking).toMatch(/^[0-9a-f]{64}$/)
  })

  for (const [name, path, status, message] of [
    ['an id that names no function', '/_serverFn/abc', 404, 'Diese Funktion gibt es nicht.'],
    ['a well-formed id that names none', `/_serverFn/${'a'.repeat(64)}`, 404, 'Diese Funktion gibt es nicht.'],
    ['no id at all', '/_serverFn/', 404, 'Diese Funktion gibt es nicht.'],
  ] as const) {
    test(name, async ({ request }) => {
      const answer = await call(request, path, { method: 'GET' })
      expect(answer.status()).toBe(status)
      expect(((await answer.json()) as { error: string }).error).toContain(message)
    })
  }

  test('a payload that is not JSON, or JSON in no format the framework reads: 400', async ({ request }) => {
    const answers = [
      await call(request, `/_serverFn/${openBooking}?payload=garbage`, { method: 'GET' }),
      await call(request, `/_serverFn/${openBooking}?payload=${encodeURIComponent('{"t":99}')}`, { method: 'GET' }),
      await call(request, `/_serverFn/${saveBooking}`, { type: 'application/json', body: 'nicht json' }),
      await call(request, `/_serverFn/${saveBooking}`, { type: 'application/json', body: '{"t":99}' }),
      await call(request, `/_serverFn/${saveBooking}`, { type: 'multipart/form-data; boundary=x', body: 'kein Formular' }),
    ]
    for (const answer of answers) {
      expect(answer.status()).toBe(400)
      expect(((await answer.json()) as { error: string }).error).toBe('Die Anfrage ist fehlerhaft aufgebaut. Bitte laden Sie die Seite neu.')
    }
  })

  test('input the function’s schema refuses: 400 with a German message and no field names (a page’s GET: 404)', async ({ request }) => {
    const post = await call(request, `/_serverFn/${saveBooking}`, { type: 'text/plain', body: 'hallo' })
    expect(post.status()).toBe(400)
    const text = await post.text()
    expect(text).toContain('Die Anfrage enthielt ungültige Angaben.')
    expect(text).not.toMatch(/tripDateId|invalid_type|expected/)
    const get = await call(request, `/_serverFn/${openBooking}`, { method: 'GET' })
    expect(get.status()).toBe(404)
  })

  test('a call without the header of the site’s own client (a raw call, e.g. a form post): 400', async ({ request }) => {
    const answer = await request.fetch(`/_serverFn/${ids.get('fetchSiteOrigin') ?? ''}`, { headers: { 'sec-fetch-site': 'same-origin' } })
    expect(answer.status()).toBe(400)
    expect(((await answer.json()) as { error: string }).error).toBe('Die Anfrage ist fehlerhaft aufgebaut. Bitte laden Sie die Seite neu.')
  })

  test('a function called with the wrong method: 405 in German with Allow', async ({ request }) => {
    const answer = await call(request, `/_serverFn/${saveBooking}`, { method: 'GET' })
    expect(answer.status()).toBe(405)
    expect(answer.headers().allow).toBe('POST')
    expect(((await answer.json()) as { error: string }).error).toBe('Diese Funktion nimmt nur POST an.')
  })
})

test('a forged Host header appears nowhere: robots.txt, sitemaps, canonical links, .ics files', async ({ request }) => {
  const forged = { host: 'evil.example' }
  const home = await request.get('/reiseuebersicht/busreisen/')
  const tripPath = /href="(\/reise\/\d+\/)"/.exec(await home.text())?.[1]
  expect(tripPath).toBeTruthy()
  const trip = await raw(tripPath ?? '/', forged)
  expect(trip.status).toBe(200)
  const icsPath = /href="(\/reise\/\d+\/termin\/\d+\.ics)"/.exec(trip.body)?.[1]
  expect(icsPath).toBeTruthy()
  for (const answer of [await raw('/robots.txt', forged), await raw('/sitemap.xml', forged), trip, await raw(icsPath ?? '/', forged)]) {
    expect(answer.body).toContain(`localhost:${port}`)
    expect(answer.body).not.toContain('evil.example')
  }
})

test('no Strict-Transport-Security over plain HTTP without an https SITE_URL', async () => {
  const answer = await raw('/')
  expect(answer.status).toBe(200)
  expect(answer.headers['strict-transport-security']).toBeUndefined()
})

test.describe('route parameters no record can have are a German 404, not a 500', () => {
  const long = 'a'.repeat(401)
  const digits = '1'.repeat(101)
  for (const path of [
    `/blog/detail/${long}/`,
    `/article/${long}/`,
    `/service-entry/${long}/`,
    `/reiseimpressionen/${long}/`,
    `/hotels/${digits}/`,
    `/ships/${digits}/`,
    `/newsletter/bestaetigen/${long}/`,
    `/newsletter/abmelden/${long}/`,
  ]) {
    test(path.slice(0, 40), async () => {
      const answer = await raw(path)
      expect(answer.status).toBe(404)
      expect(answer.body).toContain('lang="de"')
      // The refused input is not written into the page's state for the browser.
      expect(answer.body).not.toContain('too_big')
    })
  }
})

test('the JSON API answers other methods with 405 and Allow, never a redirect to a page', async ({ request }) => {
  for (const path of ['/api/init-data', '/api/health', '/api/countries', '/api/search', '/api/cache-clear', '/api/web/blog-web']) {
    for (const method of ['DELETE', 'PUT', 'POST', 'PATCH', 'OPTIONS']) {
      const answer = await request.fetch(path, { method, maxRedirects: 0 })
      expect(answer.status(), `${method} ${path}`).toBe(405)
      expect(answer.headers().allow).toBe('GET')
      expect((await answer.json()) as unknown).toMatchObject({ error: 'Diese Adresse nimmt nur GET an.' })
    }
    // HEAD is GET without the body (the cache clear may answer 429 when another test just cleared).
    const head = await request.head(path, { maxRedirects: 0 })
    expect(head.status(), `HEAD ${path}`).not.toBe(405)
    expect(head.headers().location, `HEAD ${path}`).toBeUndefined()
  }
})
