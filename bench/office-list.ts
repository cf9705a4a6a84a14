// The office's bookings list with 100,000 bookings (issue 25): the production build seeds the demo
// catalogue and BOOKINGS demo bookings into a fresh database, a clerk signs in in Chromium, and the
// list page filtered by text, by departure range and by payment state is asked for again and again,
// each answer a server-rendered page with its query (session check, filter, count, page of 50).
// The limit is 5× the p95 of a trivial office page (/buero/, the same session check and layout
// without a query), measured in the same run against the same server.
//
//   npm run build && npm run bench:office                     (embedded PGlite)
//   scripts/with-postgres.sh npm run bench:office             (PostgreSQL from DATABASE_URL)
//   env: BOOKINGS (100000), TRIPS (2000), RUNS (40), BUILD_OUT_DIR (.output), CHROMIUM_PATH
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../app/server/db/seed/seed.server'
import { gotoHydrated } from '../tests/e2e/support'
import { freePort, ms, percentile, ratio, root, startServer, stopServer } from './support'

const entry = join(resolve(root, process.env.BUILD_OUT_DIR ?? '.output'), 'server/index.mjs')
const BOOKINGS = Number(process.env.BOOKINGS ?? 100_000)
const TRIPS = Number(process.env.TRIPS ?? 2000)
const RUNS = Math.max(10, Number(process.env.RUNS ?? 40))
const LIMIT = 5

async function timings(request: APIRequestContext, path: string, expectText: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now()
    const response = await request.get(path)
    const body = await response.text()
    const took = performance.now() - started
    if (response.status() !== 200 || !body.includes(expectText)) throw new Error(`${path}: ${response.status()}`)
    if (i >= 5) times.push(took)
  }
  return times.sort((a, b) => a - b)
}

async function main(): Promise<void> {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-office-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  console.log(`Seeding ${TRIPS} trips and ${BOOKINGS} bookings on ${database} …`)
  const seeding = performance.now()
  const server = await startServer({
    entry,
    port,
    env: { DATA_DIR: dataDir, SEED: 'demo', SEED_TRIPS: String(TRIPS), SEED_BOOKINGS: String(BOOKINGS), SITE_URL: base, CLIENT_LIMIT_SCALE: '1000' },
    logFile: join(dataDir, 'server.log'),
    timeoutMs: 30 * 60_000,
  })
  console.log(`… ready after ${((performance.now() - seeding) / 1000).toFixed(0)} s`)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage({ baseURL: base })
    const [office] = DEMO_STAFF
    await gotoHydrated(page, '/buero/anmelden/')
    await page.getByLabel('E-Mail-Adresse').fill(office.email)
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(DEMO_STAFF_PASSWORD)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await page.getByRole('heading', { level: 1, name: `Guten Tag, ${office.name}` }).waitFor()
    const request = page.context().request

    const today = new Date().toISOString().slice(0, 10)
    const inMonths = (n: number) => new Date(Date.now() + n * 30 * 86_400_000).toISOString().slice(0, 10)
    const trivial = await timings(request, '/buero/', 'Guten Tag')
    const cases: [string, string][] = [
      ['Text: Nachname', '/buero/buchungen/?q=Zimmermann'],
      ['Text: Vor- und Nachname', `/buero/buchungen/?q=${encodeURIComponent('Petra Krüger')}`],
      ['Text: E-Mail-Teil', '/buero/buchungen/?q=ursula.wolf'],
      ['Text: Telefon', `/buero/buchungen/?q=${encodeURIComponent('0521')}`],
      ['Abfahrt von–bis', `/buero/buchungen/?abfahrtVon=${inMonths(2)}&abfahrtBis=${inMonths(3)}`],
      ['Zahlung: überfällig', '/buero/buchungen/?zahlung=overdue'],
      ['Zahlung: bezahlt, nach Abfahrt', '/buero/buchungen/?zahlung=paid&sortierung=departure'],
      ['Alles, neueste zuerst', `/buero/buchungen/?gebuchtBis=${today}`],
    ]
    const limit = percentile(trivial, 95) * LIMIT
    console.log(`\n${database}, ${BOOKINGS} Buchungen, ${RUNS} Aufrufe je Fall`)
    console.log(`${'Fall'.padEnd(32)}      p50       p95   p95/trivial (Grenze ${LIMIT}×)`)
    console.log(`${'trivial: /buero/'.padEnd(32)} ${ms(percentile(trivial, 50))} ${ms(percentile(trivial, 95))}`)
    let worst = 0
    for (const [label, path] of cases) {
      const t = await timings(request, path, 'Buchungen filtern')
      const p95 = percentile(t, 95)
      worst = Math.max(worst, p95 / percentile(trivial, 95))
      console.log(`${label.padEnd(32)} ${ms(percentile(t, 50))} ${ms(p95)} ${ratio(p95, percentile(trivial, 95))} ${p95 <= limit ? 'ok' : 'ZU LANGSAM'}`)
    }
    console.log(`\nungünstigster Fall: ${worst.toFixed(1)}× (Grenze ${LIMIT}×)`)
  } finally {
    await browser.close()
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
