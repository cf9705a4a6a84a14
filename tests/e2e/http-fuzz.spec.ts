// Issue 10, point 10: 10,000 generated requests against the production build (paths, query
// strings, headers, server-function calls and API bodies, all within the body limit) find no 5xx
// answer and no log line that is not one JSON object. A server of its own, so that its whole log
// is read; the summary line is printed for the closing note.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import fc from 'fast-check'
import { serverFunctionIds, startServer, waitForHealth } from './support'

const REQUESTS = 10_000
const PARALLEL = 16
const PORT = 3397
const origin = `http://127.0.0.1:${PORT}`

const PATHS = [
  '/',
  '/reise/1/',
  '/reise/2/termin/1.ics',
  '/hotels/',
  '/hotels/1/',
  '/ships/1/',
  '/blog/',
  '/blog/detail/x/',
  '/faq/',
  '/kundenstimmen/',
  '/reiseuebersicht/busreisen/',
  '/reiseuebersicht/search/',
  '/reiseuebersicht/search/a-b-c/',
  '/reiseuebersicht/merkliste/',
  '/reiselaender/',
  '/reisekalender/',
  '/zustiegsstellen/',
  '/forms/kontakt/',
  '/forms/katalog/',
  '/newsletter/',
  '/newsletter/bestaetigen/abc/',
  '/buchung/1/step1/',
  '/buchung/1/step4/',
  '/buchung/bestaetigung/ABCD-EFGH/',
  '/payment/xyz/',
  '/service/',
  '/service-entry/1/',
  '/reiseimpressionen/',
  '/sitemap.xml',
  '/sitemap-trips-1.xml',
  '/robots.txt',
  '/api/health',
  '/api/search',
  '/api/countries',
  '/api/init-data',
  '/api/trip-dates/1/availability',
  '/api/booking-drafts',
  '/api/booking-drafts/x',
  '/api/booking-drafts/x/book',
  '/api/cache-clear',
  '/api/openapi.json',
  '/media/image',
  '/media/seed/trip-1-1.svg',
  '/assets/none.js',
  '/agentur-login-frame/',
  '/reisebueros/agentur-login/',
  '/latest-build.json',
  '/favicon.ico',
  '/_serverFn/',
  '/.env',
  '/../../etc/passwd',
  '//evil.example/',
]
const NASTY = [
  '%',
  '%FF',
  '%00',
  '%2e%2e',
  '..',
  '//',
  '\\',
  '?',
  '#',
  ';',
  "'",
  '"',
  '<script>',
  'ä',
  '😀',
  '\u0000',
  ' ',
  '+',
  '&',
  '=',
  '@',
  '~',
  '$',
]

const piece = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 1e12 }).map(String))
const junk = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''))
/** Outside printable ASCII percent-encoded as a browser would (a lone surrogate as U+FFFD). */
const escapeChar = (c: string) => (c.isWellFormed() ? encodeURIComponent(c) : '%EF%BF%BD')
const encodedJunk = junk.map((s) => s.replace(/[^\x21-\x7e]/gu, escapeChar).replace(/[#?]/g, ''))

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PATHS), encodedJunk).map(([p, j]) => `${p}${j}`) },
  { weight: 2, arbitrary: fc.array(encodedJunk, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join('/')}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PATHS), fc.integer({ min: 200, max: 3000 })).map(([p, n]) => `${p}${'a'.repeat(n)}/`),
  },
)
const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom('page', 'sortBy', 'q', 'w', 'src', 'debug', 'payload', 'ferien', 'token', 'x'), encodedJunk), {
        maxLength: 5,
      })
      .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?src=/media/seed/trip-1-1.svg&w=320',
      '?src=/media/seed/erfunden-9.svg&w=2560',
      '?src=http://169.254.169.254/&w=320',
    ),
  },
)
const headers = fc.record(
  {
    accept: fc.constantFrom('text/html', '*/*', 'application/json', 'image/webp', 'text/plain', '', 'text/html;q=0.1, */*;q=0'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'gzip, br', '*', 'x'),
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'unknown', '::1, 10.0.0.1', 'x'.repeat(300)),
    'if-none-match': fc.constantFrom('*', 'W/"x"', '"abc"', ''),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none'),
    'x-tsr-serverfn': fc.constant('true'),
    cookie: fc.constantFrom('buchung-1=abc', 'a=b; c', '%%%', 'buchung-1=' + 'z'.repeat(500)),
    'idempotency-key': fc.constantFrom('abc', crypto.randomUUID(), '"quoted"', ''),
  },
  { requiredKeys: [] },
)
const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v))
const body = fc.oneof(
  jsonValue,
  fc.constantFrom(
    '{"tripDateId":1}',
    '{"tripDateId":"1"}',
    '{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":0,"s":1}]},"o":0}',
    '{"t":99}',
    'nicht json',
    '',
  ),
  fc.string({ maxLength: 2000 }),
  fc.integer({ min: 1, max: 60_000 }).map((n) => 'x'.repeat(n)),
)

/** Past the CSRF check, so that the calls reach the framework (the plain requests test the check). */
const sameOrigin = (headers: Record<string, string>) => ({ ...headers, 'sec-fetch-site': 'same-origin' })

type Call = { method: string; url: string; headers: Record<string, string>; body?: string }

function calls(functionIds: readonly string[]): Call[] {
  const plain = fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
    path,
    query,
    headers,
    body,
  })
  const serverFn = fc.record({
    method: fc.constantFrom('GET', 'POST'),
    id: fc.oneof(
      fc.constantFrom(...functionIds),
      fc.constant('abc'),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
    ),
    payload: body,
    headers,
  })
  const api = fc.record({
    method: fc.constantFrom('POST', 'PUT'),
    path: fc.constantFrom('/api/booking-drafts', '/api/booking-drafts/x', '/api/booking-drafts/x/book'),
    body,
    headers,
  })
  const arbitrary = fc.oneof(
    { weight: 6, arbitrary: plain.map((c): Call => ({ method: c.method, url: `${c.path}${c.query}`, headers: c.headers, body: c.body })) },
    {
      weight: 3,
      arbitrary: serverFn.map((c): Call =>
        c.method === 'GET'
          ? { method: 'GET', url: `/_serverFn/${c.id}?payload=${encodeURIComponent(c.payload)}`, headers: sameOrigin(c.headers) }
          : { method: 'POST', url: `/_serverFn/${c.id}`, headers: sameOrigin(c.headers), body: c.payload },
      ),
    },
    { weight: 1, arbitrary: api.map((c): Call => ({ method: c.method, url: c.path, headers: c.headers, body: c.body })) },
  )
  // Some more than are sent: a few never reach the server (fetch refuses an invalid header value).
  return fc.sample(arbitrary, { numRuns: Math.ceil(REQUESTS * 1.1), seed: 20_261_124 })
}

async function send(call: Call): Promise<number> {
  const withBody = call.method !== 'GET' && call.method !== 'HEAD'
  try {
    const response = await fetch(`${origin}${call.url}`, {
      method: call.method,
      headers: call.headers,
      body: withBody ? call.body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
    await response.arrayBuffer()
    return response.status
  } catch (error) {
    // A request Node's fetch refuses to send (an invalid header value) never reaches the server.
    if (error instanceof TypeError && !String(error.cause ?? '').includes('ECONN')) return 0
    throw error
  }
}

test('10.000 erzeugte Anfragen: keine 5xx-Antwort, jede Logzeile ein JSON-Objekt', async () => {
  test.setTimeout(600_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-fuzz-'))
  // Limits raised, so that drafts, saves, bookings and image renders are reached, not only refused.
  const server = startServer({ PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', CLIENT_LIMIT_SCALE: '100' })
  try {
    await waitForHealth(PORT)
    const started = performance.now()
    const list = calls([...serverFunctionIds().values()])
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let next = 0
    let sent = 0
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < list.length && sent < REQUESTS) {
          const call = list[next++]
          if (!call) break
          const status = await send(call)
          if (status !== 0) sent++
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (status >= 500) failures.push(`${status} ${call.method} ${call.url.slice(0, 160)}`)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    // The one start-up line of the HTTP server (srvx) is not the app's and comes before any request.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('➜ Listening on:'))
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object'
      } catch {
        return true
      }
    })
    const counts = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status === 0 ? 'nicht gesendet' : status}×${n}`)
    console.log(
      `Fuzz: ${sent} Anfragen gesendet in ${seconds.toFixed(1)} s (${PARALLEL} parallel), Antworten ${counts.join(', ')}; 5xx: ${failures.length}; Logzeilen: ${lines.length}, davon kein JSON: ${notJson.length}`,
    )
    expect(sent).toBeGreaterThanOrEqual(REQUESTS)
    expect(notJson.slice(0, 20)).toEqual([])
    expect(failures).toEqual([])
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
