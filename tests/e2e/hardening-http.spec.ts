// Issue 10 against the production build, as an attacker or a clumsy client would send it: raw
// request lines and headers through node:http (fetch would normalise them), answers read as sent.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { serverFunctionIds, startServer, waitForHealth } from './support'

const port = Number(process.env.E2E_PORT ?? 3100)
/** The shared server's SITE_URL (playwright.config.ts): its redirects name this origin. */
const site = `http://localhost:${port}`

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function raw(path: string, headers: Record<string, string> = {}, toPort = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: toPort, path, method: 'GET', headers: { accept: 'text/html', ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

test.describe('redirects stay on the site', () => {
  for (const path of [
    '//evil',
    '///evil',
    '/\\evil',
    '//2130706433',
    '//0x7f000001',
    '//evil.example',
    '///evil.example/x',
    '/%2F%2Fevil',
    '//evil%2Eexample',
    '//127%2E0%2E0%2E1',
    '/%2e%2e//evil.example',
  ]) {
    test(`${path} is not sent to another host`, async () => {
      const answer = await raw(path)
      const location = answer.headers.location
      if (typeof location === 'string') {
        expect(location).not.toMatch(/^[/\\]{2}/)
        // The request went to 127.0.0.1: a redirect may name that host or the site's, never another.
        expect([`127.0.0.1:${port}`, new URL(site).host]).toContain(new URL(location, `http://127.0.0.1:${port}`).host)
      } else {
        expect(answer.status).not.toBe(308)
      }
    })
  }
})

test('a path with two leading slashes is redirected on the site, never to the request’s Host', async () => {
  // The router's own cleaning of '//x/' built its Location from the Host header.
  for (const [path, target] of [
    ['//evil/', '/evil/'],
    ['///evil.example/x/', '/evil.example/x/'],
    ['//reise/1/?von=mail', '/reise/1/?von=mail'],
  ] as const) {
    const answer = await raw(path, { host: 'evil.example' })
    expect(answer.status, path).toBe(308)
    expect(new URL(String(answer.headers.location), site).href, path).toBe(new URL(target, site).href)
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

/**
 * POSTs `size` bytes, with a declared length or chunked, and resolves with the answer as soon as it
 * comes (a server that refuses early may close before everything is written).
 */
function rawPost(path: string, headers: Record<string, string>, size: number, declared: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, ...(declared ? { 'content-length': String(size) } : {}) } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)))
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    const write = () => {
      while (sent < size) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      req.end()
    }
    write()
  })
}

test('a 30 MB body is refused with 413 in German before it is read: server functions and the JSON API', async () => {
  const size = 30 * 1024 * 1024
  const json = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
  const saveBooking = serverFunctionIds().get('saveBooking') ?? ''
  const answers = [
    await rawPost(`/_serverFn/${saveBooking}`, { ...json, 'x-tsr-serverfn': 'true' }, size, true),
    await rawPost('/api/booking-drafts', json, size, true),
    await rawPost('/api/booking-drafts', json, size, false),
  ]
  for (const answer of answers) {
    expect(answer.status).toBe(413)
    expect(answer.body).toContain('Die Anfrage ist zu groß: höchstens 64 KB sind erlaubt.')
  }
  // A server-function call without a declared length is not read at all.
  const chunked = await rawPost(`/_serverFn/${saveBooking}`, { ...json, 'x-tsr-serverfn': 'true' }, size, false)
  expect(chunked.status).toBe(411)
  expect(chunked.body).toContain('Bitte senden Sie die Anfrage mit Content-Length.')
})

test.describe('server-function calls the framework cannot hand to a function: 400/404 with a German message, never 500', () => {
  const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }
  const ids = serverFunctionIds()
  const saveBooking = ids.get('saveBooking') ?? ''
  const loadBooking = ids.get('loadBooking') ?? ''
  const call = (request: APIRequestContext, path: string, options: { method?: 'GET' | 'POST'; type?: string; body?: string } = {}) =>
    request.fetch(path, {
      method: options.method ?? 'POST',
      headers: { ...sameOrigin, ...(options.type ? { 'content-type': options.type } : {}) },
      data: options.body,
      maxRedirects: 0,
    })

  test('the build lists the functions this test calls', () => {
    expect(saveBooking).toMatch(/^[0-9a-f]{64}$/)
    expect(loadBooking).toMatch(/^[0-9a-f]{64}$/)
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
      await call(request, `/_serverFn/${loadBooking}?payload=garbage`, { method: 'GET' }),
      await call(request, `/_serverFn/${loadBooking}?payload=${encodeURIComponent('{"t":99}')}`, { method: 'GET' }),
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
    const get = await call(request, `/_serverFn/${loadBooking}`, { method: 'GET' })
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

test('no Strict-Transport-Security over plain HTTP without an https SITE_URL, nor for an X-Forwarded-Proto nobody trusts', async () => {
  const variants: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'https' }]
  for (const headers of variants) {
    const answer = await raw('/', headers)
    expect(answer.status).toBe(200)
    expect(answer.headers['strict-transport-security']).toBeUndefined()
  }
})

test('Strict-Transport-Security and the other security headers on every response when served over HTTPS', async () => {
  test.setTimeout(120_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-hsts-'))
  // Behind a TLS proxy: once through an https SITE_URL, once through a trusted proxy's X-Forwarded-Proto.
  const viaSiteUrl = startServer({ PORT: '3401', DATA_DIR: dataDir, SITE_URL: 'https://reisen.example', SEED_TRIPS: '5' })
  const viaProxy = startServer({ PORT: '3402', DATA_DIR: join(dataDir, 'proxy'), TRUSTED_PROXY: '127.0.0.1', SEED_TRIPS: '5' })
  try {
    await Promise.all([waitForHealth(3401), waitForHealth(3402)])
    const script = readdirSync(join(process.env.BUILD_OUT_DIR ?? '.output', 'public/assets')).find((f) => f.endsWith('.js'))
    // A page (rendered, then from the page cache), a built file Nitro serves itself, the API,
    // a missing asset and Nitro's own error page.
    const paths = ['/', '/', `/assets/${script}`, '/favicon.svg', '/api/health', '/assets/gibt-es-nicht.js', '/%FF/']
    for (const [toPort, headers] of [
      [3401, {}],
      [3402, { 'x-forwarded-proto': 'https' }],
    ] as const) {
      for (const path of paths) {
        const answer = await raw(path, headers, toPort)
        expect(answer.status, `${toPort} ${path}`).toBeLessThan(500)
        expect(answer.headers['strict-transport-security'], `${toPort} ${path}`).toBe('max-age=31536000; includeSubDomains')
        expect(answer.headers['x-content-type-options'], `${toPort} ${path}`).toBe('nosniff')
        expect(answer.headers['referrer-policy'], `${toPort} ${path}`).toBe('strict-origin-when-cross-origin')
      }
    }
    // The trusted proxy speaking plain HTTP: no HSTS.
    expect((await raw('/', { 'x-forwarded-proto': 'http' }, 3402)).headers['strict-transport-security']).toBeUndefined()
  } finally {
    viaSiteUrl.child.kill('SIGTERM')
    viaProxy.child.kill('SIGTERM')
    await Promise.all([viaSiteUrl.exited, viaProxy.exited])
    rmSync(dataDir, { recursive: true, force: true })
  }
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
    `/reise/${digits}/`,
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

  test('a calendar file of a date with a 101-digit id', async () => {
    const answer = await raw(`/reise/1/termin/${digits}.ics`, { accept: 'text/calendar' })
    expect(answer.status).toBe(404)
    expect(answer.body).toBe('Diesen Reisetermin gibt es nicht (mehr).')
  })
})

test('the image proxy renders only pictures that exist: an invented seed key is a 404 without a render', async () => {
  for (const src of ['/media/seed/anything-123.svg', '/media/seed/trip-999999-1.svg', '/gibt-es-nicht.png']) {
    const answer = await raw(`/media/image?src=${encodeURIComponent(src)}&w=2560`, { accept: 'image/webp,*/*' })
    expect(answer.status, src).toBe(404)
    expect(answer.headers['content-type'], src).not.toMatch(/^image\//)
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

test('/test/ shows nothing a stranger could use: no Node version, no database driver, no timings', async () => {
  const answer = await raw('/test/')
  expect(answer.status).toBe(200)
  expect(answer.body).toContain('Systemstatus')
  expect(answer.body).toContain('erreichbar')
  for (const secret of [process.version, 'Node.js', 'pglite', 'postgres', /\d+ ms/]) expect(answer.body).not.toMatch(secret)
})

test('the OpenAPI document is made once and then kept: its examples (with random idempotency keys) stay the same', async () => {
  const [first, second, third] = [
    await raw('/api/openapi.json', { accept: 'application/json' }),
    await raw('/api/openapi.json', { accept: 'application/json' }),
    await raw('/api/openapi.json', { accept: 'application/json' }),
  ]
  expect(first.status).toBe(200)
  expect(first.headers['content-type']).toMatch(/^application\/json/)
  expect(first.headers['cache-control']).toBe('no-store')
  expect((JSON.parse(first.body) as { openapi: string }).openapi).toBe('3.1.0')
  expect(first.body).toMatch(/"Idempotency-Key"/)
  // It is made again at most once a minute: of three answers in a row, two follow each other unchanged.
  expect(second.body === first.body || third.body === second.body).toBe(true)
})
