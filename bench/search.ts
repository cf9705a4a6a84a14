// Search latency of the production build on catalogues of 10,000 and 100,000 trips, beside a
// trivial round trip measured in the same run, as p50/p95 and ratios.
//
//   BUILD_OUT_DIR=/tmp/out-search npx vite build
//   BUILD_OUT_DIR=/tmp/out-search npx tsx bench/search.ts
//
// What is compared, all over HTTP on loopback through the same server entry (logging, security
// headers, CSRF check, compression), in two pairs:
// - server functions (the issue's comparison): the results page's own call, fetchSearchResults
//   (GET /_serverFn/…, one page of 24 trip cards, the total and the facet counts, serialised as
//   the client receives it), beside fetchSiteInfo, the shell's trivial server function;
// - JSON API: GET /api/search?segment=…&sortBy=…&page=… beside GET /api/health (one `select 1`
//   on the same database).
// The four are interleaved request by request, so all see the same machine state. Server
// function ids are read from the build (createServerRpc({ id, name, filename }) in server/).
//
// The server loads its facet index ahead once it has opened the database (preload.server.ts); the
// bench waits until the server's log (LOG_LEVEL=info, into a file) reports it, and prints what it
// cost, before the first searches: a visitor does not wait for it, but a server is normally up
// for longer than it takes. BENCH_PRELOAD_WAIT_MS (default 60000) bounds that wait.
//
// Options (environment): BENCH_SIZES=10000,100000  BENCH_ROUNDS=4 (measured passes over the
// mix after one warm-up pass)  BENCH_DIR=<folder> keeps the seeded catalogues there and reuses
// them on the next run (seeding 100,000 trips takes minutes)  BENCH_PORT=3321.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { toJSONAsync } from 'seroval'
import * as z from 'zod/mini'
import { berlinDayStart } from '../app/lib/search/dates'
import { stringifySegment } from '../app/lib/search/segment'
import { SEARCH_PARAMS_DEFAULTS } from '../app/lib/search/sort'
import type { SortBy, SortDirection } from '../app/lib/search/sort'
import { openDatabase } from '../app/server/db/client.server'
import { ms, percentile, ratio, startServer, stopServer } from './support'

const root = resolve(import.meta.dirname, '..')
const outDir = resolve(root, process.env.BUILD_OUT_DIR ?? '.output')
const entry = join(outDir, 'server/index.mjs')
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number)
const rounds = Number(process.env.BENCH_ROUNDS ?? 4)
const port = Number(process.env.BENCH_PORT ?? 3321)
const keepDir = process.env.BENCH_DIR ? resolve(process.env.BENCH_DIR) : null
const base = `http://127.0.0.1:${port}`

// The targets of the issue: p95 of a search at most this many times the p95 of a trivial trip.
const TARGETS: Record<number, number> = { 10_000: 3, 100_000: 5 }

type Query = { label: string; kind: string; segment: string; sortBy?: SortBy; sortDirection?: SortDirection; page?: number; ferien?: boolean }

async function prepareCatalogue(trips: number): Promise<{ dir: string; temporary: boolean }> {
  const dir = keepDir ? join(keepDir, `search-${trips}`) : mkdtempSync(join(tmpdir(), `reisen-bench-search-${trips}-`))
  const marker = join(dir, 'seeded')
  if (keepDir && existsSync(marker)) return { dir, temporary: false }
  mkdirSync(dir, { recursive: true })
  const started = performance.now()
  const opened = await openDatabase({ dataDir: dir, seed: { trips }, migrationsFolder: join(root, 'app/server/db/migrations') })
  await opened.close()
  console.log(`  catalogue of ${trips.toLocaleString('de-DE')} trips seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (keepDir) writeFileSync(marker, new Date().toISOString())
  return { dir, temporary: !keepDir }
}

async function getJson<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.infer<S>> {
  const res = await fetch(`${base}${path}`)
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return schema.parse(await res.json())
}

/** Time one request, body read completely. */
async function timed(path: string, headers?: Record<string, string>): Promise<number> {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, { headers })
  await res.arrayBuffer()
  const ms = performance.now() - started
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
  return ms
}

/** The id the build gave a server function: createServerRpc({ id: "…", name, filename }). */
function serverFnId(name: string, filename: string): string {
  const pattern = new RegExp(`id:\\s*"([0-9a-f]+)",\\s*name:\\s*"${name}",\\s*filename:\\s*"${filename.replace(/[.]/g, '\\.')}"`)
  const folders = [join(outDir, 'server')]
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) folders.push(path)
      else if (entry.name.endsWith('.mjs')) {
        const id = pattern.exec(readFileSync(path, 'utf8'))?.[1]
        if (id) return id
      }
    }
  }
  throw new Error(`Serverfunktion ${name} (${filename}) nicht im Build gefunden.`)
}

/** What the client sends with a server function call (the same-origin proof for the CSRF check too). */
const SERVER_FN_HEADERS = {
  'x-tsr-serverFn': 'true',
  accept: 'application/x-tss-framed, application/x-ndjson, application/json',
  'sec-fetch-site': 'same-origin',
}

/** GET /_serverFn/{id}?payload=… as the client builds it (the arguments serialised by seroval). */
async function serverFnUrl(id: string, data?: unknown): Promise<string> {
  if (data === undefined) return `/_serverFn/${id}`
  return `/_serverFn/${id}?${new URLSearchParams({ payload: JSON.stringify(await toJSONAsync({ data })) })}`
}

function searchUrl(q: Query): string {
  const params = new URLSearchParams({ segment: q.segment })
  if (q.sortBy) params.set('sortBy', q.sortBy)
  if (q.sortDirection) params.set('sortDirection', q.sortDirection)
  if (q.page) params.set('page', String(q.page))
  if (q.ferien) params.set('ferien', 'true')
  return `/api/search?${params}`
}

/** Unix seconds of Berlin midnight, n days from today (dates in segments are Berlin days). */
const dayFromToday = (n: number) => berlinDayStart(Date.now() / 1000 + n * 86_400)

/**
 * A fixed mix as people search: mostly words (a few with typos or without umlauts), one or two
 * filters, some date windows, the empty search; all four sorts both ways; now and then page 2-5.
 * Ids come from the catalogue's own lists, so the mix fits whatever the seeder wrote.
 */
async function buildMix(): Promise<Query[]> {
  const init = await getJson(
    '/api/init-data',
    z.object({
      categories: z.array(z.object({ id: z.number(), name: z.string(), journeys: z.nullable(z.number()) })),
      regions: z.array(z.object({ id_loc_region: z.number() })),
    }),
  )
  const countries = await getJson('/api/countries', z.array(z.object({ id_loc_country: z.number() })))
  const cats = init.categories.filter((c) => (c.journeys ?? 0) > 0).map((c) => c.id)
  const regions = init.regions.map((r) => r.id_loc_region)
  const lands = countries.map((c) => c.id_loc_country)
  const pick = <T>(list: readonly T[], i: number): T => {
    const v = list[i % list.length]
    if (v === undefined) throw new Error('empty list')
    return v
  }
  const words = ['wien', 'gardasee', 'ostsee', 'städtereise', 'staedte', 'strasse', 'paris', 'advent', 'kreuzfahrt', 'toskana', 'nordsee', 'prag', 'dresden', 'rundreise-norwegen', 'hamburg', 'bodensee', 'masuren', 'amsterdam', 'mallorca', 'harz']
  const typos = ['gardase', 'gardasse', 'dresdn', 'amsterdan']
  const queries: Query[] = []
  // The canonical segment of each search, as the results page links it.
  const seg = stringifySegment
  words.forEach((w) => queries.push({ label: `Text „${w}“`, kind: 'Text', segment: seg({ text: w }) }))
  typos.forEach((w) => queries.push({ label: `Tippfehler „${w}“`, kind: 'Text', segment: seg({ text: w }) }))
  cats.slice(0, 8).forEach((c) => queries.push({ label: `Kategorie ${c}`, kind: 'Filter', segment: seg({ categories: [c] }) }))
  for (let i = 0; i < 4; i++) queries.push({ label: 'Kategorie + Land', kind: 'Filter', segment: seg({ categories: [pick(cats, i)], countries: [pick(lands, i + 1)] }) })
  for (let i = 0; i < 4; i++) queries.push({ label: 'Land', kind: 'Filter', segment: seg({ countries: [pick(lands, i * 3)] }) })
  for (let i = 0; i < 3; i++) queries.push({ label: 'Region', kind: 'Filter', segment: seg({ regions: [pick(regions, i * 5)] }) })
  queries.push({ label: 'Dauer 5-8 Tage', kind: 'Filter', segment: seg({ duration: { min: 5, max: 8 } }) })
  queries.push({ label: 'Preis bis 800 €', kind: 'Filter', segment: seg({ price: { min: 0, max: 800 } }) })
  queries.push({ label: 'Status Buchbar', kind: 'Filter', segment: seg({ bookable: 0 }) })
  queries.push({ label: 'Text + Kategorie', kind: 'Text', segment: seg({ text: 'advent', categories: [pick(cats, 0)] }) })
  queries.push({ label: 'Text + Preis', kind: 'Text', segment: seg({ text: 'wien', price: { min: 0, max: 1000 } }) })
  queries.push({ label: 'Zeitraum 1 Monat', kind: 'Datum', segment: seg({ start: dayFromToday(60), end: dayFromToday(90) }) })
  queries.push({ label: 'Zeitraum + Kategorie', kind: 'Datum', segment: seg({ categories: [pick(cats, 1)], start: dayFromToday(120), end: dayFromToday(150) }) })
  queries.push({ label: 'Zeitraum + Text', kind: 'Datum', segment: seg({ text: 'ostsee', start: dayFromToday(30), end: dayFromToday(120) }) })
  queries.push({ label: 'Ferientermine + Land', kind: 'Datum', segment: seg({ countries: [pick(lands, 0)] }), ferien: true })
  for (let i = 0; i < 4; i++) queries.push({ label: 'Alle Reisen', kind: 'Leer', segment: seg({}) })

  // Orders as visitors choose them: mostly the default (next date first), then cheapest first;
  // descending orders and the others now and then. 20 slots, used in turn.
  const orders: [SortBy, SortDirection | undefined][] = [
    ['date', undefined], ['date', undefined], ['price', undefined], ['date', undefined], ['name', undefined],
    ['date', undefined], ['price', undefined], ['date', undefined], ['price', 'desc'], ['date', undefined],
    ['date', undefined], ['price', undefined], ['date', undefined], ['name', undefined], ['date', 'desc'],
    ['date', undefined], ['price', undefined], ['duration', undefined], ['price', 'desc'], ['date', undefined],
  ]
  return queries.map((q, i) => {
    const [sortBy, sortDirection] = pick(orders, i)
    // Most look at page 1; one in seven goes on to page 2 or 3, one in twenty-five to page 5.
    const page = i % 25 === 12 ? 5 : i % 7 === 3 ? 2 + (i % 2) : undefined
    return { ...q, sortBy, sortDirection, page }
  })
}

type Row = { label: string; n: number; p50: number; p95: number; baseP50: number; baseP95: number }

/** One way of asking: a search of the mix (by index) and the trivial call beside it, each timed. */
type Way = {
  name: string
  search: (i: number) => Promise<number>
  trivial: () => Promise<number>
  measured: { search: number[]; trivial: number[]; byKind: Map<string, { search: number[]; trivial: number[] }> }
}

function summarise(label: string, search: number[], trivial: number[]): Row {
  const s = [...search].sort((a, b) => a - b)
  const t = [...trivial].sort((a, b) => a - b)
  return { label, n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), baseP50: percentile(t, 50), baseP95: percentile(t, 95) }
}

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`)
  console.log(`  ${'Abfragen'.padEnd(34)}${'n'.padStart(5)}  ${'Suche p50'.padStart(9)}  ${'Suche p95'.padStart(9)}  ${'trivial p50'.padStart(11)}  ${'trivial p95'.padStart(11)}  ${'p50 ×'.padStart(6)}  ${'p95 ×'.padStart(6)}`)
  for (const r of rows) {
    console.log(`  ${r.label.padEnd(34)}${String(r.n).padStart(5)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.baseP50).padStart(11)}  ${ms(r.baseP95).padStart(11)}  ${ratio(r.p50, r.baseP50)}  ${ratio(r.p95, r.baseP95)}`)
  }
}

/** How long to wait for the facet index loaded ahead (BENCH_PRELOAD_WAIT_MS; 0: not at all). */
const preloadWaitMs = Number(process.env.BENCH_PRELOAD_WAIT_MS ?? 60_000)

/**
 * Waits, once the server answers, until it reports its facet index loaded ahead, and says so with
 * what it cost: a visitor does not wait for it, but a server is normally up for more than the
 * seconds it takes. A build without loading ahead reports nothing; the wait then ends after
 * preloadWaitMs.
 */
async function waitForPreload(logFile: string): Promise<void> {
  const started = performance.now()
  const loaded = z.object({ msg: z.literal('facet index loaded'), ms: z.number(), trips: z.number(), dates: z.number(), words: z.number(), wordBytes: z.number() })
  while (performance.now() - started < preloadWaitMs) {
    const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : []
    for (const line of lines) {
      let parsed: unknown
      try {
        parsed = JSON.parse(line)
      } catch {
        continue
      }
      const found = loaded.safeParse(parsed)
      if (found.success) {
        const { ms: took, trips, dates, words, wordBytes } = found.data
        const mb = (wordBytes / 1e6).toLocaleString('de-DE', { maximumFractionDigits: 1 })
        console.log(
          `  Facettenindex im Hintergrund geladen (${trips.toLocaleString('de-DE')} Reisen, ${dates.toLocaleString('de-DE')} Termine, ` +
            `Volltext: ${words.toLocaleString('de-DE')} Wörter, ${mb} MB) in ${took} ms; ` +
            `darauf gewartet ${((performance.now() - started) / 1000).toFixed(1)} s nach dem ersten gesunden /api/health, dann gemessen ` +
            `(PGlite beantwortet eine Anweisung nach der anderen: was während des Ladens kommt, auch /api/health, wartet darauf)`,
        )
        return
      }
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  console.log(`  kein Laden des Facettenindex im Hintergrund gemeldet (${(preloadWaitMs / 1000).toFixed(0)} s gewartet): erste Suchen laden ihn selbst`)
}

async function benchSize(trips: number): Promise<{ trips: number; overall: { way: string; row: Row }[] }> {
  console.log(`\n=== ${trips.toLocaleString('de-DE')} Reisen ===`)
  const catalogue = await prepareCatalogue(trips)
  // The server logs at 'info' into a file (one line per request, the trivial calls alike), so that
  // the bench sees when it has loaded its facet index ahead (preload.server.ts).
  const logFile = join(tmpdir(), `reisen-bench-search-${trips}-${process.pid}.log`)
  rmSync(logFile, { force: true })
  const spawned = performance.now()
  const server = await startServer({ entry, port, env: { DATA_DIR: catalogue.dir, LOG_LEVEL: 'info' }, logFile })
  console.log(`  Server gesund ${((performance.now() - spawned) / 1000).toFixed(1)} s nach dem Start des Prozesses`)
  try {
    await waitForPreload(logFile)
    const mix = await buildMix()
    const searchFn = serverFnId('fetchSearchResults', 'app/server/search.functions.ts')
    const trivialFn = await serverFnUrl(serverFnId('fetchSiteInfo', 'app/server/shell.functions.ts'))
    const fnUrls = await Promise.all(
      mix.map((q) =>
        serverFnUrl(searchFn, {
          segment: q.segment,
          params: {
            sortBy: q.sortBy ?? SEARCH_PARAMS_DEFAULTS.sortBy,
            sortDirection: q.sortDirection ?? SEARCH_PARAMS_DEFAULTS.sortDirection,
            page: q.page ?? SEARCH_PARAMS_DEFAULTS.page,
            ferien: q.ferien ?? SEARCH_PARAMS_DEFAULTS.ferien,
          },
        }),
      ),
    )
    const searchUrls = mix.map(searchUrl)
    const measure = () => ({ search: [] as number[], trivial: [] as number[], byKind: new Map<string, { search: number[]; trivial: number[] }>() })
    const viaFn: Way = {
      name: 'Serverfunktion',
      search: (i) => timed(fnUrls[i] ?? '', SERVER_FN_HEADERS),
      trivial: () => timed(trivialFn, SERVER_FN_HEADERS),
      measured: measure(),
    }
    const viaApi: Way = {
      name: 'JSON-API',
      search: (i) => timed(searchUrls[i] ?? ''),
      trivial: () => timed('/api/health'),
      measured: measure(),
    }
    const ways = [viaFn, viaApi]
    // Warm-up pass: the first sight of each filter set (facet counts not cached yet, planner
    // statistics and JIT-less WASM code paths warming up), through the server function, which
    // sees each search first. Reported separately as "erstes Mal".
    const coldSearch: number[] = []
    const coldTrivial: number[] = []
    for (const i of mix.keys()) {
      coldSearch.push(await viaFn.search(i))
      coldTrivial.push(await viaFn.trivial())
      await viaApi.search(i)
      await viaApi.trivial()
    }
    const perQuery = new Map<number, number[]>()
    for (let round = 0; round < rounds; round++) {
      for (const [i, q] of mix.entries()) {
        // Alternate which way and which request goes first, so none always follows another.
        const order = (i + round) % 2 === 0 ? ways : [...ways].reverse()
        for (const [n, way] of order.entries()) {
          let searchMs: number
          let trivialMs: number
          if ((i + round + n) % 2 === 0) {
            searchMs = await way.search(i)
            trivialMs = await way.trivial()
          } else {
            trivialMs = await way.trivial()
            searchMs = await way.search(i)
          }
          const m = way.measured
          m.search.push(searchMs)
          m.trivial.push(trivialMs)
          const bucket = m.byKind.get(q.kind) ?? { search: [], trivial: [] }
          bucket.search.push(searchMs)
          bucket.trivial.push(trivialMs)
          m.byKind.set(q.kind, bucket)
          if (way === viaFn) perQuery.set(i, [...(perQuery.get(i) ?? []), searchMs])
        }
      }
    }
    const overall = ways.map((way) => ({ way: way.name, row: summarise(`gesamt (${mix.length} Abfragen × ${rounds})`, way.measured.search, way.measured.trivial) }))
    for (const [w, way] of ways.entries()) {
      const total = overall[w]?.row
      printTable(`${trips.toLocaleString('de-DE')} Reisen – ${way.name} – nach dem Aufwärmen`, [
        ...(total ? [total] : []),
        ...[...way.measured.byKind].map(([kind, v]) => summarise(`  davon ${kind}`, v.search, v.trivial)),
      ])
    }
    printTable(`${trips.toLocaleString('de-DE')} Reisen – ${viaFn.name} – Aufwärmdurchgang (jede Abfrage zum ersten Mal)`, [summarise('erstes Mal', coldSearch, coldTrivial)])
    if (process.env.BENCH_DETAIL) {
      console.log(`\n  langsamste Abfragen (${viaFn.name}; Median nach dem Aufwärmen, erstes Mal):`)
      const rows = [...perQuery].map(([i, list]) => ({ q: mix[i], median: percentile([...list].sort((a, b) => a - b), 50), cold: coldSearch[i] ?? 0 }))
      rows.sort((a, b) => b.median - a.median)
      const print = (list: typeof rows) => {
        for (const r of list.slice(0, 15)) {
          if (!r.q) continue
          console.log(`  ${ms(r.median)} ${ms(r.cold)}  ${r.q.label} ${searchUrl(r.q).replace('/api/search?', '')}`)
        }
      }
      print(rows)
      console.log(`\n  langsamste Abfragen beim ersten Mal (${viaFn.name}; Median nach dem Aufwärmen, erstes Mal):`)
      print([...rows].sort((a, b) => b.cold - a.cold))
    }
    return { trips, overall }
  } finally {
    await stopServer(server)
    rmSync(logFile, { force: true })
    if (catalogue.temporary) rmSync(catalogue.dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  if (!existsSync(entry)) {
    console.error(`Kein Build in ${outDir}: bitte zuerst "BUILD_OUT_DIR=${outDir} npx vite build" ausführen.`)
    process.exit(1)
  }
  const results = []
  for (const trips of sizes) results.push(await benchSize(trips))
  console.log('\nZiel: p95 der Suche höchstens 3× (10.000 Reisen) bzw. 5× (100.000 Reisen) des trivialen Aufrufs')
  for (const { trips, overall } of results) {
    const target = TARGETS[trips]
    for (const { way, row } of overall) {
      const r = row.p95 / row.baseP95
      console.log(`  ${trips.toLocaleString('de-DE').padStart(7)} Reisen, ${way.padEnd(14)}: p95 ${ms(row.p95)} / ${ms(row.baseP95)} = ${r.toFixed(2)}×${target ? (r <= target ? `  ✓ (≤ ${target}×)` : `  ✗ (Ziel ≤ ${target}×)`) : ''}`)
    }
  }
}

await main()
