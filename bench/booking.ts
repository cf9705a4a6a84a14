// Holding a seat and booking on the production build, on PGlite and on PostgreSQL: p50/p95 of
// each beside a trivial call measured in the same run, and how many bookings per second one date
// takes under concurrent load.
//
//   BUILD_OUT_DIR=.output-bench npx vite build
//   BUILD_OUT_DIR=.output-bench npm run bench:booking
//
// All over HTTP on loopback through the booking API (the same services the booking pages call
// through server functions), against the same server entry as production (logging, security
// headers, compression), SMTP off (confirmation mails stay in the outbox):
// - Sitz halten: PUT /api/booking-drafts/{id} with step 1 of a new draft (one traveller, a seat
//   free at that moment, a boarding point): the seat pick that takes the hold. Each draft holds
//   once.
// - Buchen: POST /api/booking-drafts/{id}/book with a fresh Idempotency-Key on the same draft,
//   completed in between by an untimed save (names, the booker's address, e-mail and phone,
//   payment by bank transfer).
// Each is interleaved request by request with GET /api/health (one `select 1` on the same
// database), the trivial call of the API; the order alternates. Drafts are created untimed.
// Seats are taken in turn from upcoming seat-plan dates, so the bookings spread over several
// dates. Then, on one capacity-only date (no seat plan) and one seat-plan date not used before,
// complete drafts are prepared (each with a different seat on the seat-plan date; on the other
// date a few more than there are places) and booked with 16 requests at a time.
//
// Databases: a throwaway catalogue on PGlite in a temporary folder; and a throwaway PostgreSQL
// server started from /usr/lib/postgresql/*/bin as scripts/with-postgres.sh does (fsync and
// synchronous_commit off, as there), or the database in DATABASE_URL when set (the bench seeds
// it when empty and writes bookings into it: use a database for throwaway use). PostgreSQL is
// skipped with a note when neither is there.
//
// Options (environment): BENCH_SAMPLES=300 (measured holds and bookings per database, after
// BENCH_WARMUP=10)  BENCH_DATABASES=pglite,postgres  BENCH_CONCURRENCY=16.
import { execFile } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { openDatabase } from '../app/server/db/client.server'
import { queryRows } from '../app/server/db/query.server'
import { BANK_TRANSFER, bookerDetails } from '../tests/support/booker'
import { freePort, ms, percentile, ratio, root, startServer, stopServer } from './support'

const run = promisify(execFile)

const outDir = resolve(root, process.env.BUILD_OUT_DIR ?? '.output')
const entry = join(outDir, 'server/index.mjs')
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim().toLowerCase())
const SEED_TRIPS = 200
/** The issue's target: p95 of holding and of booking at most this many times the trivial call's p95. */
const TARGET = 5
/** Drafts beyond the free places on the capacity-only date: each must be answered 409. */
const OVERBOOK = 4

// ---------------------------------------------------------------------------------------------
// Everything started is stopped and every temporary folder removed, also on error and Ctrl+C.

const cleanups: (() => Promise<void> | void)[] = []
let cleaning: Promise<void> | null = null
let interrupted = false

/** Runs every clean-up once, last registered first; a second caller waits for the same run. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) {
      try {
        await fn()
      } catch (error) {
        console.error(`Aufräumen fehlgeschlagen: ${String(error)}`)
      }
    }
  })()
  return cleaning
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: Server und Datenbank werden beendet …`)
    void cleanUp().finally(() => process.exit(code))
  })
}

/** After Ctrl+C nothing new is started: what is started later would not be cleaned up. */
function notInterrupted(): void {
  if (interrupted) throw new Error('abgebrochen')
}

function tempDir(prefix: string): string {
  notInterrupted()
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }))
  return dir
}

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL server, as scripts/with-postgres.sh starts one.

async function startPostgres(): Promise<{ url: string; version: string } | { skipped: string }> {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/postgres'))) : []
  versions.sort((a, b) => Number(a) - Number(b))
  const latest = versions.at(-1)
  if (!latest)
    return {
      skipped: `keine PostgreSQL-Programme unter ${base} (apt-get install postgresql, siehe scripts/with-postgres.sh) und kein DATABASE_URL`,
    }
  const bin = join(base, latest, 'bin')
  const asRoot = process.getuid?.() === 0
  let uid = -1
  if (asRoot) {
    try {
      uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim())
    } catch {
      return { skipped: 'als root ohne Benutzer „postgres“ (scripts/with-postgres.sh legt ihn an)' }
    }
  }
  const dir = tempDir('reisen-bench-pg-')
  if (asRoot) chownSync(dir, uid, -1)
  const asPg = (cmd: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args))
  const port = await freePort()
  const data = join(dir, 'data')
  await asPg(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  notInterrupted()
  // Registered before the start: Ctrl+C during `pg_ctl start` may leave a running server.
  cleanups.push(async () => {
    if (existsSync(join(data, 'postmaster.pid'))) await asPg(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'])
  })
  await asPg(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off`,
    'start',
  ])
  await run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'reisen_bench'])
  const version = (await run(join(bin, 'postgres'), ['--version'])).stdout.trim().split(' ')[2] ?? latest
  return { url: `postgres://postgres@127.0.0.1:${port}/reisen_bench`, version }
}

// ---------------------------------------------------------------------------------------------
// HTTP.

type Answer = { status: number; body: unknown; ms: number }

class Api {
  constructor(readonly base: string) {}

  /** One request, body read completely; ms from sending to the last byte. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const init: RequestInit = { method, headers: { ...headers } }
    if (body !== undefined) {
      init.body = JSON.stringify(body)
      init.headers = { ...headers, 'content-type': 'application/json' }
    }
    const started = performance.now()
    const res = await fetch(`${this.base}${path}`, init)
    const text = await res.text()
    const took = performance.now() - started
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: kept as text for the error message
    }
    return { status: res.status, body: parsed, ms: took }
  }

  async expect(status: number, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    const answer = await this.call(method, path, body, headers)
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: ${answer.status} statt ${status}: ${JSON.stringify(answer.body).slice(0, 400)}`)
    }
    return answer
  }

  health = async (): Promise<number> => (await this.expect(200, 'GET', '/api/health')).ms
}

const availabilitySchema = z.object({
  tripDateId: z.number(),
  bookableNow: z.boolean(),
  freePlaces: z.number(),
  roomTypes: z.array(z.string()),
  boardingPoints: z.array(z.object({ id: z.number() })),
  seatPlan: z.nullable(z.unknown()),
  seats: z.array(z.object({ seat: z.string(), state: z.string() })),
})
type Availability = z.infer<typeof availabilitySchema>

async function availability(api: Api, tripDateId: number): Promise<Availability> {
  return availabilitySchema.parse((await api.expect(200, 'GET', `/api/trip-dates/${tripDateId}/availability`)).body)
}

/** One traveller (a single room, or a day-trip place), the booking person, with seat and boarding point. */
function step1Draft(offer: Availability, seat: string | null) {
  const type = offer.roomTypes.includes('EZ') ? 'EZ' : 'OHNE'
  const point = offer.boardingPoints[0]
  return {
    allRooms: [{ type, teilnehmer: [{ buchender: true, seat, boarding: point ? { kind: 'point', boardingPointId: point.id } : null }] }],
  }
}

/** The same draft completed: names, the booker's address and contact, payment by transfer. */
function completeDraft(offer: Availability, seat: string | null, n: number) {
  const draft = step1Draft(offer, seat)
  const [room] = draft.allRooms
  if (!room) throw new Error('no room')
  return {
    allRooms: [
      {
        type: room.type,
        teilnehmer: room.teilnehmer.map((p) => ({ ...p, ...bookerDetails(n) })),
      },
    ],
    payment: BANK_TRANSFER,
  }
}

/** The consents and the draft's revision the last save answered (the booking confirms that one). */
const bookBody = (revision: number) => ({ acceptAgb: true, acceptPrivacy: true, revision })
const bookHeaders = () => ({ 'Idempotency-Key': randomUUID() })

async function createDraft(api: Api, tripDateId: number): Promise<string> {
  const answer = await api.expect(201, 'POST', '/api/booking-drafts', { tripDateId })
  return z.object({ draftId: z.string() }).parse(answer.body).draftId
}

const savedSchema = z.object({ holds: z.object({ seats: z.array(z.string()) }), incompleteStep: z.nullable(z.number()), revision: z.number() })

// ---------------------------------------------------------------------------------------------
// The dates to book on, chosen in the database before the server starts.

type Candidates = { seatDates: number[]; capacityDate: { id: number; capacity: number } }

async function prepareDatabase(dataDir: string, databaseUrl: string | undefined): Promise<Candidates> {
  const opened = await openDatabase({
    databaseUrl,
    dataDir,
    seed: { trips: SEED_TRIPS },
    migrationsFolder: join(root, 'app/server/db/migrations'),
  })
  try {
    // Upcoming (from tomorrow in Berlin on), published, online bookable (status 0, 4, 5), nothing booked yet.
    const bookable = sql`td.bookable in (0, 4, 5)
      and td.date_from > (now() at time zone 'Europe/Berlin')::date + 1
      and exists (select 1 from trips t where t.id = td.trip_id and t.published)
      and not exists (select 1 from bookings b where b.trip_date_id = td.id)
      and not exists (select 1 from seat_reservations r where r.trip_date_id = td.id)`
    const seatDates = await queryRows(
      opened.db,
      sql`select td.id from trip_dates td where td.seat_plan_id is not null and ${bookable} order by td.capacity desc, td.id`,
      z.object({ id: z.number() }),
    )
    const [capacityDate] = await queryRows(
      opened.db,
      sql`select td.id, td.capacity from trip_dates td where td.seat_plan_id is null and ${bookable} order by td.capacity desc, td.id limit 1`,
      z.object({ id: z.number(), capacity: z.number() }),
    )
    if (seatDates.length < 2 || !capacityDate) throw new Error('Der Katalog hat zu wenige buchbare Termine.')
    return { seatDates: seatDates.map((r) => r.id), capacityDate }
  } finally {
    await opened.close()
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements.

type Row = { label: string; n: number; p50: number; p95: number; baseP50: number; baseP95: number }

function summarise(label: string, op: readonly number[], trivial: readonly number[]): Row {
  const s = [...op].sort((a, b) => a - b)
  const t = [...trivial].sort((a, b) => a - b)
  return { label, n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), baseP50: percentile(t, 50), baseP95: percentile(t, 95) }
}

function printTable(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`)
  console.log(
    `  ${'Vorgang'.padEnd(38)}${'n'.padStart(5)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  ${'trivial p50'.padStart(11)}  ${'trivial p95'.padStart(11)}  ${'p50 ×'.padStart(6)}  ${'p95 ×'.padStart(6)}`,
  )
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(38)}${String(r.n).padStart(5)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.baseP50).padStart(11)}  ${ms(r.baseP95).padStart(11)}  ${ratio(r.p50, r.baseP50)}  ${ratio(r.p95, r.baseP95)}`,
    )
  }
}

/** Runs op a then b, or b then a: so neither always follows the other. */
async function pair(first: boolean, a: () => Promise<number>, b: () => Promise<number>): Promise<[number, number]> {
  if (first) {
    const x = await a()
    return [x, await b()]
  }
  const y = await b()
  return [await a(), y]
}

/** Free seats, date after date: each seat once, taken in turn so the bookings spread over the dates. */
function seatSupply(api: Api, dates: readonly number[]) {
  let index = 0
  let offer: Availability | null = null
  let free: string[] = []
  return async (): Promise<{ offer: Availability; seat: string }> => {
    while (!offer || free.length === 0) {
      const id = dates[index++]
      if (id === undefined) throw new Error('Keine freien Sitze mehr: bitte BENCH_SAMPLES verkleinern.')
      const a = await availability(api, id)
      if (!a.bookableNow) continue
      offer = a
      free = a.seats.filter((s) => s.state === 'free').map((s) => s.seat)
    }
    const seat = free.shift()
    if (!seat) throw new Error('unreachable')
    return { offer, seat }
  }
}

async function measureLatency(api: Api, seatDates: readonly number[]): Promise<{ hold: Row; book: Row; dates: number }> {
  const nextSeat = seatSupply(api, seatDates)
  const hold: number[] = []
  const holdTrivial: number[] = []
  const book: number[] = []
  const bookTrivial: number[] = []
  const used = new Set<number>()
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const { offer, seat } = await nextSeat()
    used.add(offer.tripDateId)
    const draftId = await createDraft(api, offer.tripDateId)
    const path = `/api/booking-drafts/${draftId}`
    const [holdMs, t1] = await pair(
      i % 2 === 0,
      async () => {
        const answer = await api.expect(200, 'PUT', path, step1Draft(offer, seat))
        if (!savedSchema.parse(answer.body).holds.seats.includes(seat)) throw new Error(`Sitz ${seat} nicht gehalten`)
        return answer.ms
      },
      api.health,
    )
    const completed = savedSchema.parse((await api.expect(200, 'PUT', path, completeDraft(offer, seat, i))).body)
    if (completed.incompleteStep !== null) throw new Error(`Entwurf unvollständig (Schritt ${completed.incompleteStep})`)
    const [bookMs, t2] = await pair(
      i % 2 === 1,
      async () => (await api.expect(201, 'POST', `${path}/book`, bookBody(completed.revision), bookHeaders())).ms,
      api.health,
    )
    if (i < WARMUP) continue
    hold.push(holdMs)
    holdTrivial.push(t1)
    book.push(bookMs)
    bookTrivial.push(t2)
  }
  return {
    hold: summarise('Sitz halten (PUT /api/booking-drafts/…)', hold, holdTrivial),
    book: summarise('Buchen (POST …/book)', book, bookTrivial),
    dates: used.size,
  }
}

type Load = {
  label: string
  requests: number
  places: number
  created: number
  conflicts: number
  other: number
  seconds: number
  p50: number
  p95: number
  freeAfter: number
}

/** The address of the `i`-th customer of the load, as the proxy in front of the server names it. */
const customerAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

/**
 * Complete drafts on one date, booked `CONCURRENCY` at a time. With a seat plan one draft per free
 * seat; without, one per place (`capacity`: the date has no bookings yet) and OVERBOOK more.
 */
async function measureLoad(api: Api, tripDateId: number, label: string, capacity?: number): Promise<Load> {
  const offer = await availability(api, tripDateId)
  if (!offer.bookableNow) throw new Error(`Termin ${tripDateId} ist nicht buchbar.`)
  const seats = offer.seatPlan ? offer.seats.filter((s) => s.state === 'free').map((s) => s.seat) : []
  const places = offer.seatPlan ? seats.length : (capacity ?? offer.freePlaces)
  const count = offer.seatPlan ? seats.length : places + OVERBOOK
  const drafts: { draftId: string; revision: number }[] = []
  for (let i = 0; i < count; i++) {
    const draftId = await createDraft(api, tripDateId)
    // Each draft is another customer behind the proxy (the date's hold share is per client).
    const saved = await api.expect(200, 'PUT', `/api/booking-drafts/${draftId}`, completeDraft(offer, seats[i] ?? null, 10_000 + i), { 'x-forwarded-for': customerAddress(i) })
    drafts.push({ draftId, revision: savedSchema.parse(saved.body).revision })
  }
  const statuses: number[] = []
  const times: number[] = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    for (let i = next++; i < drafts.length; i = next++) {
      const draft = drafts[i]
      if (!draft) break
      const answer = await api.call('POST', `/api/booking-drafts/${draft.draftId}/book`, bookBody(draft.revision), bookHeaders())
      statuses.push(answer.status)
      times.push(answer.ms)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, drafts.length) }, worker))
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const after = await availability(api, tripDateId)
  return {
    label: `${label} (Termin ${tripDateId})`,
    requests: drafts.length,
    places,
    created: statuses.filter((s) => s === 201).length,
    conflicts: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409).length,
    seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    freeAfter: after.freePlaces,
  }
}

function printLoad(title: string, loads: readonly Load[]): void {
  console.log(`\n${title}`)
  console.log(
    `  ${'Termin'.padEnd(38)}${'frei'.padStart(5)}${'Anfr.'.padStart(7)}${'201'.padStart(6)}${'409'.padStart(5)}${'sonst'.padStart(6)}${'Dauer'.padStart(9)}${'Buchungen/s'.padStart(13)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  danach frei (API)`,
  )
  for (const l of loads) {
    console.log(
      `  ${l.label.padEnd(38)}${String(l.places).padStart(5)}${String(l.requests).padStart(7)}${String(l.created).padStart(6)}${String(l.conflicts).padStart(5)}${String(l.other).padStart(6)}${`${l.seconds.toFixed(2)} s`.padStart(9)}${(l.created / l.seconds).toFixed(1).padStart(13)}  ${ms(l.p50)}  ${ms(l.p95)}  ${l.freeAfter}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------

type Result = { name: string; hold: Row; book: Row; loads: Load[] }

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<Result> {
  console.log(`\n=== ${name} ===`)
  const dataDir = tempDir('reisen-bench-booking-')
  let started = performance.now()
  const candidates = await prepareDatabase(dataDir, databaseUrl)
  console.log(
    `  Katalog (${SEED_TRIPS} Reisen) bereit in ${((performance.now() - started) / 1000).toFixed(1)} s; ${candidates.seatDates.length} Termine mit Sitzplan, Termin ${candidates.capacityDate.id} ohne Sitzplan mit ${candidates.capacityDate.capacity} Plätzen`,
  )
  const port = await freePort()
  const logFile = join(dataDir, 'server.log')
  started = performance.now()
  let server: ChildProcess | null = null
  const stop = async () => {
    if (server) await stopServer(server)
  }
  cleanups.push(stop)
  notInterrupted()
  try {
    await startServer({
      entry,
      port,
      logFile,
      // One benchmark client stands for hundreds of customers: its per-client limits are raised,
      // and the load's drafts come through it as a proxy, each from its own customer's address.
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: undefined, LOG_LEVEL: 'error', CLIENT_LIMIT_SCALE: '1000', TRUSTED_PROXY: '127.0.0.1,::1' },
      onSpawn: (child) => (server = child),
    })
  } catch (error) {
    if (!interrupted && existsSync(logFile)) console.error(readFileSync(logFile, 'utf8').slice(-2000))
    throw error
  }
  console.log(`  Server auf 127.0.0.1:${port} bereit in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  try {
    const api = new Api(`http://127.0.0.1:${port}`)
    // The seat-plan date with the most seats is kept for the load test; the others serve the latency runs.
    const [loadSeatDate, ...latencyDates] = candidates.seatDates
    if (loadSeatDate === undefined) throw new Error('unreachable')
    started = performance.now()
    const latency = await measureLatency(api, latencyDates)
    const latencySeconds = (performance.now() - started) / 1000
    printTable(
      `${name} – JSON-API, ${SAMPLES} Entwürfe nach ${WARMUP} zum Aufwärmen, auf ${latency.dates} Terminen (${latencySeconds.toFixed(0)} s); trivial: GET /api/health`,
      [latency.hold, latency.book],
    )
    const loads = [
      await measureLoad(api, candidates.capacityDate.id, 'ohne Sitzplan', candidates.capacityDate.capacity),
      await measureLoad(api, loadSeatDate, 'mit Sitzplan'),
    ]
    printLoad(`${name} – Buchungen auf einem Termin, ${CONCURRENCY} parallel (p50/p95 je Anfrage unter Last)`, loads)
    return { name, hold: latency.hold, book: latency.book, loads }
  } catch (error) {
    const log = !interrupted && existsSync(logFile) ? readFileSync(logFile, 'utf8').trim() : ''
    if (log) console.error(`\nServer-Log (Ende):\n${log.slice(-2000)}`)
    throw error
  } finally {
    const at = cleanups.indexOf(stop)
    if (at >= 0) cleanups.splice(at, 1)
    await stop()
  }
}

async function main(): Promise<void> {
  if (!existsSync(entry)) {
    console.error(`Kein Build in ${outDir}: bitte zuerst "BUILD_OUT_DIR=${outDir} npx vite build" ausführen.`)
    process.exit(1)
  }
  const results: Result[] = []
  const skipped: string[] = []
  if (DATABASES.includes('pglite')) results.push(await benchDatabase('PGlite', undefined))
  if (DATABASES.includes('postgres')) {
    const given = process.env.DATABASE_URL?.trim()
    const pg = given ? { url: given, version: 'aus DATABASE_URL' } : await startPostgres()
    if ('skipped' in pg) skipped.push(`PostgreSQL übersprungen: ${pg.skipped}`)
    else results.push(await benchDatabase(`PostgreSQL ${pg.version}`, pg.url))
  }

  console.log(`\nZiel: p95 von Sitz halten und Buchen höchstens ${TARGET}× des trivialen Aufrufs (GET /api/health) im selben Lauf`)
  const width = Math.max(...results.map((r) => r.name.length))
  for (const r of results) {
    for (const [what, row] of [
      ['Sitz halten', r.hold],
      ['Buchen', r.book],
    ] as const) {
      const x = row.p95 / row.baseP95
      console.log(
        `  ${`${r.name},`.padEnd(width + 1)} ${what.padEnd(11)}: p95 ${ms(row.p95)} / ${ms(row.baseP95)} = ${x.toFixed(2)}×${x <= TARGET ? `  ✓ (≤ ${TARGET}×)` : `  ✗ (Ziel ≤ ${TARGET}×)`}`,
      )
    }
  }
  console.log(`Buchungen/s auf einem Termin (${CONCURRENCY} parallel):`)
  for (const r of results) {
    const parts = r.loads.map((l) => {
      const counted = l.created === Math.min(l.places, l.requests) && l.other === 0
      const shown = l.freeAfter === l.places - l.created
      const notes = [
        counted ? '' : `✗ erwartet ${Math.min(l.places, l.requests)}× 201`,
        shown ? '' : `✗ Verfügbarkeit meldet danach ${l.freeAfter} frei statt ${l.places - l.created}`,
      ].filter(Boolean)
      return `${l.label.replace(/ \(Termin \d+\)/, '')} ${(l.created / l.seconds).toFixed(1)}/s (${l.created}× 201, ${l.conflicts}× 409${l.other ? `, ${l.other}× andere` : ''}${notes.length ? `; ${notes.join('; ')}` : ''})`
    })
    console.log(`  ${`${r.name},`.padEnd(width + 1)} ${parts.join('; ')}`)
  }
  for (const s of skipped) console.log(s)
}

try {
  await main()
} catch (error) {
  // After Ctrl+C the requests in flight fail: the signal handler ends the process after cleaning up.
  if (!interrupted) {
    await cleanUp()
    throw error
  }
} finally {
  await cleanUp()
}
