// Requests per second of the production build on 127.0.0.1 (embedded database, 200 trips): the
// trip page and the start page, each from the page cache and rendered (a request with credentials,
// which the cache never serves: what a page nobody asked for yet costs), a static file and a resized
// image from the proxy's disk cache, all with the same keep-alive client in one run, so that the
// figures read as ratios to the static file. A customer registered and confirmed in Chromium
// (bench/signed-in-customer.mjs) asks for the same two pages with the session's cookies, and a
// customer with a booking draft and a booking's cookie: both must come from the page cache as for
// everyone (issues 27, 28); so must a visitor from an ad, each with a click id of its own (gclid,
// a new URL each time). Per page the rendered load runs first, then the others side by side: the
// load just after rendering pays its garbage collection, which must not fall on one of those being
// compared. The server's memory (RSS) is printed idle before the load, right after it
// and idle again; SOAK=seconds then keeps the same mix running and prints the RSS every 30 s (a leak
// shows as a rising line) and idle at its end. The server runs with the settings of
// scripts/server-process.mjs, as `npm start` runs it.
//
//   BUILD_OUT_DIR=/tmp/out-x node bench/throughput.mjs [trip page path, default /reise/1/]
//   env: CONNECTIONS (16), DURATION seconds per target (10), WARMUP seconds (2), PORT (3321), SOAK (0)
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { serverProcess } from '../scripts/server-process.mjs'
import { signedInCookieHeader, startMailSink } from './signed-in-customer.mjs'

const root = new URL('..', import.meta.url).pathname
const outDir = resolve(root, process.env.BUILD_OUT_DIR ?? '.output')
const entry = join(outDir, 'server/index.mjs')
if (!existsSync(entry)) {
  console.error(`Kein Build in ${outDir}: bitte zuerst bauen (BUILD_OUT_DIR=… npx vite build).`)
  process.exit(1)
}

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16)
const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000
const WARMUP_MS = Number(process.env.WARMUP ?? 2) * 1000
const PORT = Number(process.env.PORT ?? 3321)
const SOAK_MS = Number(process.env.SOAK ?? 0) * 1000
// Hard bounds, whatever the environment says: loopback only, limited time and count.
const HOST = '127.0.0.1'
const MAX_REQUESTS_PER_TARGET = 2_000_000
const requestedPage = process.argv[2] ?? '/reise/1/'
if (!requestedPage.startsWith('/')) {
  console.error('Der Seitenpfad muss mit / beginnen, z. B. /reise/1/')
  process.exit(1)
}
if (!(CONNECTIONS >= 1 && CONNECTIONS <= 256 && DURATION_MS >= 1000 && DURATION_MS <= 120_000 && WARMUP_MS <= 30_000)) {
  console.error('CONNECTIONS 1–256, DURATION 1–120 s, WARMUP bis 30 s')
  process.exit(1)
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
const HEADERS = {
  page: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  // A request with credentials is never served from the shared page cache: rendered every time.
  rendered: { accept: 'text/html', 'accept-encoding': 'br, gzip', authorization: 'Basic YmVuY2g6cmVuZGVyZWQ=' },
  // A customer in the middle of a booking and with a booked trip, and the cookie with which issue
  // 28 measured a rendered page (any cookie made a page personal then): catalogue pages are
  // rendered without cookies, so these come from the cache too.
  booking: {
    accept: 'text/html',
    'accept-encoding': 'br, gzip',
    cookie: 'locale=de-DE; bench=rendered; buchung-12=Xy7pQ3vLrN0aB5cD8eF1gH4iJ7kL0mN3oP6qR9sT2uV; bestaetigung-SR2026000123=Zq4wE8rTyU1iO',
  },
  asset: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8', 'accept-encoding': 'br, gzip' },
}

/** One GET on the shared keep-alive agent; resolves with status and milliseconds, body drained. */
function get(path, headers) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now()
    const req = http.get({ host: HOST, port: PORT, path, headers, agent }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, ms: performance.now() - started, cache: res.headers['x-cache'] }))
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

async function waitForHealth(child) {
  const started = performance.now()
  // A new data folder is created and seeded first: minutes on a busy machine.
  while (performance.now() - started < 300_000) {
    if (child.exitCode !== null) throw new Error(`Server beendet (Code ${child.exitCode})`)
    try {
      const res = await get('/api/health', { accept: 'application/json' })
      if (res.status === 200) return performance.now() - started
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('Zeitüberschreitung beim Start')
}

/** CONNECTIONS loops, each sending its next request when the previous answer is read; `path` is a
 * path or a function that gives each request's path. */
async function load(path, headers, durationMs, record) {
  const deadline = performance.now() + durationMs
  let sent = 0
  const latencies = []
  let errors = 0
  let hits = 0
  const worker = async () => {
    while (performance.now() < deadline && sent < MAX_REQUESTS_PER_TARGET) {
      sent++
      try {
        const { status, ms, cache } = await get(typeof path === 'function' ? path() : path, headers)
        if (status !== 200) errors++
        if (record && cache === 'HIT') hits++
        if (record) latencies.push(ms)
      } catch {
        errors++
      }
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN
  return { rps: latencies.length / seconds, p50: pct(50), p95: pct(95), count: latencies.length, errors, hits }
}

async function measure(label, path, headers) {
  await load(path, headers, WARMUP_MS, false)
  const result = await load(path, headers, DURATION_MS, true)
  console.log(
    `${label.padEnd(38)} ${result.rps.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   (${result.count} Antworten${result.errors ? `, ${result.errors} Fehler` : ''}${headers.accept === 'text/html' ? `, X-Cache HIT ${((100 * result.hits) / result.count).toFixed(0)} %` : ''})`,
  )
  return result
}

/** The server's resident memory in MB (Linux /proc). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    return kb / 1024
  } catch {
    return Number.NaN
  }
}

/**
 * The RSS once the process is idle: what a start and the first requests left behind is given back
 * after some seconds without work (V8's memory reducer begins after about ten). Sampled each second
 * for at least 20 s, then until it has not fallen for five seconds, at most 60 s.
 */
async function idleRss(pid) {
  const samples = [rssMb(pid)]
  while (samples.length < 60) {
    await new Promise((r) => setTimeout(r, 1000))
    samples.push(rssMb(pid))
    const recent = samples.slice(-6)
    if (samples.length >= 20 && recent[0] - Math.min(...recent) < 2) break
  }
  return samples.at(-1)
}

const mailSink = await startMailSink()
const dataDir = mkdtempSync(join(tmpdir(), 'reisen-bench-throughput-'))
const server = serverProcess(entry, {
  ...process.env, PORT: String(PORT), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  SMTP_URL: `smtp://127.0.0.1:${mailSink.port}`,
  SITE_URL: `http://${HOST}:${PORT}`,
  MAIL_FROM: 'Sonnenland Reisen <buchung@sonnenland-reisen.example>',
})
const child = spawn(process.execPath, server.args, {
  cwd: root,
  env: server.env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
})

try {
  const startMs = await waitForHealth(child)
  let pagePath = requestedPage
  const probe = await get(pagePath, HEADERS.page)
  if (probe.status !== 200) {
    console.log(`Hinweis: ${pagePath} antwortet ${probe.status}; gemessen wird stattdessen die Startseite /.`)
    pagePath = '/'
  }
  const imagePath = `/media/image?src=${encodeURIComponent('/media/seed/trip-1-1.svg')}&w=600`
  const cold = await get(imagePath, HEADERS.asset)
  if (cold.status !== 200) throw new Error(`Bildproxy antwortet ${cold.status}`)
  const staticPath = '/favicon.svg'
  if ((await get(staticPath, HEADERS.asset)).status !== 200) throw new Error(`${staticPath} fehlt im Build`)

  // Kept by the first request; the check says whether the cache is on at all.
  const cached = await get(pagePath, HEADERS.page)
  if (cached.cache !== 'HIT') console.log(`Hinweis: ${pagePath} kommt nicht aus dem Seitencache (X-Cache: ${cached.cache ?? '–'}).`)

  const signedIn = { ...HEADERS.page, cookie: await signedInCookieHeader(`http://${HOST}:${PORT}`, mailSink) }
  const signedInProbe = await get(pagePath, signedIn)
  console.log(`Build: ${outDir}   Start bis /api/health: ${(startMs / 1000).toFixed(1)} s`)
  console.log(
    `${CONNECTIONS} Verbindungen (keep-alive), ${WARMUP_MS / 1000} s Aufwärmen + ${DURATION_MS / 1000} s Messung je Ziel, ${HOST}:${PORT}`,
  )
  console.log(`Bildproxy, erste Anfrage (Rendern + Cache schreiben): ${cold.ms.toFixed(0)} ms`)
  console.log(`Angemeldete Kundin (echte Sitzung): ${pagePath} X-Cache ${signedInProbe.cache ?? '–'}`)
  const rssJustStarted = rssMb(child.pid)
  const rssBefore = await idleRss(child.pid)
  console.log(`Speicher (RSS) im Leerlauf vor der Last: ${rssBefore.toFixed(0)} MB (gleich nach Start und Anmeldung ${rssJustStarted.toFixed(0)} MB)`)
  const staticResult = await measure(`statisch ${staticPath}`, staticPath, HEADERS.asset)
  // A visitor from an ad: the link carries a click id of its own, so every request is a new URL.
  let clicks = 0
  const fromAnAd = (path) => () => `${path}${path.includes('?') ? '&' : '?'}gclid=Cj0KCQ${++clicks}`
  const targets = [
    [`Reiseseite ${pagePath}, gerendert`, pagePath, HEADERS.rendered],
    [`Reiseseite ${pagePath}, aus einer Anzeige`, fromAnAd(pagePath), HEADERS.page],
    [`Reiseseite ${pagePath}, angemeldet`, pagePath, signedIn],
    [`Reiseseite ${pagePath}, Buchungscookies`, pagePath, HEADERS.booking],
    [`Reiseseite ${pagePath}, Cache`, pagePath, HEADERS.page],
    ['Startseite /, gerendert', '/', HEADERS.rendered],
    ['Startseite /, aus einer Anzeige', fromAnAd('/'), HEADERS.page],
    ['Startseite /, angemeldet', '/', signedIn],
    ['Startseite /, Buchungscookies', '/', HEADERS.booking],
    ['Startseite /, Cache', '/', HEADERS.page],
    ['Bild aus dem Proxy-Cache', imagePath, HEADERS.asset],
  ]
  const results = []
  for (const [label, path, headers] of targets) results.push([label, await measure(label, path, headers)])
  const rssAfter = rssMb(child.pid)
  const rssAfterIdle = await idleRss(child.pid)
  console.log(`\nVerhältnis zu statisch (${staticResult.rps.toFixed(0)} req/s), Ziel für Seiten aus dem Cache ≥ 0,5:`)
  for (const [label, result] of results) console.log(`  ${label.padEnd(38)} ${(result.rps / staticResult.rps).toFixed(3)}`)
  const rps = new Map(results.map(([label, result]) => [label, result.rps]))
  console.log('Angemeldet und mit Buchungscookies zu anonym (gleiche Seite, gleicher Lauf), Ziel ≈ 1:')
  for (const visitor of ['angemeldet', 'Buchungscookies']) {
    console.log(`  ${`Reiseseite ${pagePath}, ${visitor}`.padEnd(38)} ${(rps.get(`Reiseseite ${pagePath}, ${visitor}`) / rps.get(`Reiseseite ${pagePath}, Cache`)).toFixed(3)}`)
    console.log(`  ${`Startseite /, ${visitor}`.padEnd(38)} ${(rps.get(`Startseite /, ${visitor}`) / rps.get('Startseite /, Cache')).toFixed(3)}`)
  }
  console.log(`Speicher (RSS) nach der Last: ${rssAfter.toFixed(0)} MB, danach im Leerlauf ${rssAfterIdle.toFixed(0)} MB (vorher ${rssBefore.toFixed(0)} MB)`)

  if (SOAK_MS > 0) {
    console.log(`\nDauerlast ${SOAK_MS / 1000} s: Reiseseite und Startseite aus dem Cache und gerendert, RSS alle 30 s`)
    const soakEnd = performance.now() + SOAK_MS
    const mix = targets.filter(([, , headers]) => headers === HEADERS.page || headers === HEADERS.rendered)
    let round = 0
    while (performance.now() < soakEnd) {
      const slice = Math.min(30_000, soakEnd - performance.now())
      const [label, path, headers] = mix[round++ % mix.length]
      const result = await load(path, headers, slice, true)
      console.log(
        `  ${String(Math.round((SOAK_MS - (soakEnd - performance.now())) / 1000)).padStart(5)} s  RSS ${rssMb(child.pid).toFixed(0).padStart(5)} MB  (${result.rps.toFixed(0)} req/s ${label})`,
      )
    }
    console.log(`  danach im Leerlauf: RSS ${(await idleRss(child.pid)).toFixed(0)} MB`)
  }
} finally {
  agent.destroy()
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
  if (child.exitCode === null) await new Promise((r) => child.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
  await mailSink.stop()
}
