// What an operator of the embedded database relies on (issue 10): a backup while the site runs and
// its restore, and the per-client limits as they are shipped (the main test server raises them,
// because every browser test there is the same client). One server of its own, on a new folder.
import { execFile } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import type { Browser } from '@playwright/test'
import { toJSONAsync } from 'seroval'
import { bookToSuccess, seatPlanDates, serverFunctionIds, shownBookingNumber, startServer, waitForHealth } from './support'

const run = promisify(execFile)
const PORT = 3395
const origin = `http://127.0.0.1:${PORT}`
const CACHE_TOKEN = 'operations-0123456789-token'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

let dataDir: string
/** A bookable date of the server's catalogue, found by the first test. */
let tripDateId = 0
let server: ReturnType<typeof startServer> | null = null

async function start(): Promise<void> {
  server = startServer({ PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info', CACHE_CLEAR_TOKEN: CACHE_TOKEN })
  await waitForHealth(PORT)
}

async function stop(): Promise<void> {
  if (!server) return
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
  server = null
}

/** npm run db:backup / db:restore as the operator calls them (the same Node, the same folder). */
async function script(name: 'backup' | 'restore', file: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [`scripts/${name}.mjs`, file], { env: { ...process.env, DATA_DIR: dataDir } })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

async function customer(browser: Browser) {
  const context = await browser.newContext({ baseURL: origin, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
  return { context, page: await context.newPage() }
}

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'reisen-operations-'))
})

test.afterAll(async () => {
  await stop()
  rmSync(dataDir, { recursive: true, force: true })
})

test('backs up the running embedded database and restores it: a booking before the backup is there, one after it is not', async ({
  browser,
}) => {
  await start()
  const { context, page } = await customer(browser)
  const [first, second] = await seatPlanDates(context.request)
  if (!first || !second) throw new Error('the demo catalogue has no two bookable dates with a seat plan')
  tripDateId = first.dateId
  const before = await bookToSuccess(page, first.dateId)

  const backupFile = join(dataDir, 'sicherungen', 'vor-der-zweiten-buchung.tar.gz')
  const backup = await script('backup', backupFile)
  expect(backup.code, backup.out).toBe(0)
  expect(backup.out).toContain(`Gesichert: ${backupFile}`)
  await expect.poll(() => server?.output() ?? '').toContain('"msg":"database backed up"')

  const after = await bookToSuccess(page, second.dateId)
  expect(after).not.toBe(before)

  const whileRunning = await script('restore', backupFile)
  expect(whileRunning.code).toBe(1)
  expect(whileRunning.out).toContain('Die Website läuft noch auf diesem Datenordner. Bitte beenden Sie sie zuerst.')

  await stop()
  const restore = await script('restore', backupFile)
  expect(restore.code, restore.out).toBe(0)
  expect(restore.out).toContain('(Buchungen darin: 1)')
  await start()
  expect(server?.output()).not.toContain('seeding the demo catalogue')

  // The browser keeps its access to both confirmations; only the one made before the backup exists.
  const kept = await page.goto(`/buchung/bestaetigung/${before}/`)
  expect(kept?.status()).toBe(200)
  expect(await shownBookingNumber(page)).toBe(before)
  const lost = await page.goto(`/buchung/bestaetigung/${after}/`)
  expect(lost?.status()).toBe(404)
  await context.close()
})

test('refuses a file that is no backup and keeps the database as it was', async () => {
  await stop()
  const bogus = join(dataDir, 'kaputt.tar.gz')
  writeFileSync(bogus, 'keine Sicherung')
  const restore = await script('restore', bogus)
  expect(restore.code).toBe(1)
  expect(restore.out).toMatch(/^Die Sicherung konnte nicht gelesen werden/)
  await start()
  expect(server?.output()).not.toContain('seeding the demo catalogue')
})

test('a client that goes away while sending is logged as 499 in one JSON line, without a stack', async () => {
  const before = server?.output().length ?? 0
  const saveBooking = serverFunctionIds().get('saveBooking') ?? ''
  // The JSON API (which reads its own bodies) and a server-function call (which the framework reads).
  for (const [method, path, extra] of [
    ['POST', '/api/booking-drafts', {}],
    ['PUT', '/api/booking-drafts/unbekannt', {}],
    ['POST', `/_serverFn/${saveBooking}`, { 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin' }],
  ] as const) {
    const req = httpRequest({
      host: '127.0.0.1',
      port: PORT,
      method,
      path,
      headers: { 'content-type': 'application/json', 'content-length': '50000', ...extra },
    })
    req.on('error', () => {})
    req.write('{"tripDateId":')
    await new Promise((resolve) => setTimeout(resolve, 150))
    req.destroy()
  }
  await expect
    .poll(
      () =>
        (
          server
            ?.output()
            .slice(before)
            .match(/"status":499/g) ?? []
        ).length,
    )
    .toBe(3)
  const lines = (server?.output().slice(before) ?? '').split('\n').filter(Boolean)
  for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
  expect(lines.join('\n')).not.toContain('"level":"error"')
})

test.describe('per-client limits as shipped', () => {
  // Counted in memory: a new start begins every client afresh.
  test.beforeAll(async () => {
    await stop()
    await start()
  })

  const json = { 'content-type': 'application/json' }

  async function until429(send: () => Promise<Response>, most: number): Promise<{ allowed: number; refused: Response }> {
    for (let allowed = 0; allowed <= most; allowed++) {
      const response = await send()
      if (response.status === 429) return { allowed, refused: response }
      await response.body?.cancel()
    }
    throw new Error(`no 429 after ${most + 1} requests`)
  }

  async function expectRefusal(refused: Response, message: RegExp): Promise<void> {
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.text()).toMatch(message)
  }

  test('new booking drafts: 20 in 10 minutes, then 429 also for the booking page that would start one', async () => {
    const { allowed, refused } = await until429(
      () => fetch(`${origin}/api/booking-drafts`, { method: 'POST', headers: json, body: JSON.stringify({ tripDateId }) }),
      20,
    )
    expect(allowed).toBe(20)
    await expectRefusal(refused, /sehr viele Buchungen begonnen/)

    const page = await fetch(`${origin}/buchung/${tripDateId}/step1/`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(429)
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await page.text()).toContain('Von Ihrem Anschluss wurden in kurzer Zeit sehr viele Buchungen begonnen.')
  })

  test('draft saves: 300 in 10 minutes', async () => {
    const body = JSON.stringify({})
    const { allowed, refused } = await until429(
      () => fetch(`${origin}/api/booking-drafts/unbekannt`, { method: 'PUT', headers: json, body }),
      300,
    )
    expect(allowed).toBe(300)
    await expectRefusal(refused, /sehr oft gespeichert/)
  })

  test('bookings: 10 in 10 minutes', async () => {
    const send = () =>
      fetch(`${origin}/api/booking-drafts/unbekannt/book`, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': crypto.randomUUID() },
        body: '{}',
      })
    const { allowed, refused } = await until429(send, 10)
    expect(allowed).toBe(10)
    await expectRefusal(refused, /sehr oft gebucht/)
  })

  test('agency login failures: 5 per account from one address, then 429 with Retry-After and a German message naming the wait', async () => {
    const login = serverFunctionIds().get('agencyLogin') ?? ''
    const attempt = async () =>
      fetch(`${origin}/_serverFn/${login}`, {
        method: 'POST',
        headers: { ...json, 'x-tsr-serverfn': 'true', 'sec-fetch-site': 'same-origin' },
        // The payload as the site's own client sends it (seroval, as TanStack Start reads it).
        body: JSON.stringify(await toJSONAsync({ data: { login: 'agentur-demo', password: 'falsch' } })),
      })
    const { allowed, refused } = await until429(attempt, 5)
    expect(allowed).toBe(5)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const text = await refused.text()
    expect(text).toContain('throttled')
    expect(text).toMatch(/Zu viele Fehlversuche\. Bitte versuchen Sie es in \d+ Sekunden erneut\./)
  })

  test('newsletter links with tokens nobody was given: 20 in 10 minutes, then 429 (known links are never counted)', async () => {
    const guess = (n: number) => `${String(n).padStart(6, '0')}${'x'.repeat(26)}`
    let n = 0
    const { allowed, refused } = await until429(
      () => fetch(`${origin}/newsletter/${n % 2 ? 'abmelden' : 'bestaetigen'}/${guess(n++)}/`, { method: 'POST', redirect: 'manual' }),
      20,
    )
    expect(allowed).toBe(20)
    await expectRefusal(refused, /sehr viele ungültige Newsletter-Links/)
  })

  test('cache clears with a wrong token: 10 in 10 minutes, then 429 for that client, even with the right token', async () => {
    let n = 0
    const { allowed, refused } = await until429(
      () => fetch(`${origin}/api/cache-clear`, { headers: { 'x-cache-token': `geraten-${n++}` } }),
      10,
    )
    expect(allowed).toBe(10)
    await expectRefusal(refused, /Zu viele falsche Zugangsschlüssel/)
    const right = await fetch(`${origin}/api/cache-clear`, { headers: { 'x-cache-token': CACHE_TOKEN } })
    expect(right.status).toBe(429)
  })

  test('image renders: 60 a minute, invented pictures included; a picture already made stays free', async () => {
    const made = `${origin}/media/image?src=${encodeURIComponent('/media/seed/trip-1-1.svg')}&w=320`
    expect((await fetch(made)).status).toBe(200)
    const invented = (n: number) => fetch(`${origin}/media/image?src=${encodeURIComponent(`/media/seed/erfunden-${n}.svg`)}&w=2560`)
    let n = 0
    const { allowed, refused } = await until429(() => invented(n++), 60)
    expect(allowed).toBe(59)
    await expectRefusal(refused, /Zu viele Bildanfragen/)
    expect((await fetch(made)).status).toBe(200)
  })
})
