// Issue 12: two app instances of the production build on one PostgreSQL, behind nginx (Debian's
// package) on loopback, as docs/ARCHITECTURE.md "Running at scale" describes. What a visitor starts
// on one instance continues on the other; a catalogue change is visible through both at once (no
// kept page is stale); one instance killed mid-traffic loses no booking and the other keeps serving.
//
//   npm run test:scale   (starts a throwaway PostgreSQL; needs `npm run build` and nginx)
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverProcess } from '../../scripts/server-process.mjs'
import { BANK_TRANSFER, bookerDetails } from '../support/booker'

const root = resolve(import.meta.dirname, '../..')
const entry = join(root, process.env.BUILD_OUT_DIR ?? '.output', 'server/index.mjs')
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx'
const databaseUrl = process.env.DATABASE_URL ?? ''

let dir = ''
let sql: postgres.Sql
const ports = { a: 0, b: 0, nginx: 0 }
const instances: Record<'a' | 'b', ChildProcess | null> = { a: null, b: null }
let nginx: ChildProcess | null = null

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function healthy(port: number, path = '/api/health'): Promise<void> {
  const until = Date.now() + 180_000
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`port ${port} did not answer`)
}

function startInstance(name: 'a' | 'b', options: { demoData: boolean } = { demoData: true }): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(ports[name]),
    DATABASE_URL: databaseUrl,
    SEED: 'demo',
    SEED_TRIPS: '40',
    SEED_BOOKINGS: '0',
    DATA_DIR: join(dir, name),
    LOG_LEVEL: 'error',
    CLIENT_LIMIT_SCALE: '1000',
    TRUSTED_PROXY: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${ports.nginx}`,
    BOOKING_LINK_SECRET: 'zwei-instanzen-ein-geheimnis-fuer-links-0123456789',
  }
  delete env.SMTP_URL
  if (!options.demoData) delete env.SEED
  const server = serverProcess(entry, env)
  const child = spawn(process.execPath, server.args, { env: server.env, stdio: ['ignore', 'ignore', 'inherit'] })
  instances[name] = child
  return child
}

function nginxConfig(): string {
  const asRoot = process.getuid?.() === 0
  return `
${asRoot ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app {
    server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=30s;
    server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=30s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Idempotent requests go to the other instance when one fails; a POST does not (nginx's
      # default), its client repeats it with the same Idempotency-Key.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`
}

beforeAll(async () => {
  if (!databaseUrl) throw new Error('DATABASE_URL fehlt: npm run test:scale startet einen PostgreSQL-Server dafür.')
  if (!existsSync(NGINX)) throw new Error(`${NGINX} fehlt: apt-get install nginx-light`)
  if (!existsSync(entry)) throw new Error(`${entry} fehlt: zuerst npm run build`)
  sql = postgres(databaseUrl, { max: 2, onnotice: () => {} })
  await sql.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
  dir = mkdtempSync(join(tmpdir(), 'reisen-scale-'))
  ports.a = await freePort()
  ports.b = await freePort()
  ports.nginx = await freePort()
  // An operator's empty production PostgreSQL: the site starts and migrates it, but without
  // SEED=demo it gets no demo trips (issue 10).
  const production = startInstance('a', { demoData: false })
  await healthy(ports.a)
  const [trips] = await sql<{ n: number }[]>`select count(*)::int as n from trips`
  expect(trips?.n).toBe(0)
  await stop(production)
  // Both at once: one migrates and seeds under the advisory lock while the other waits.
  startInstance('a')
  startInstance('b')
  await Promise.all([healthy(ports.a), healthy(ports.b)])
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, nginxConfig())
  nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log')], { stdio: ['ignore', 'ignore', 'inherit'] })
  await healthy(ports.nginx)
}, 300_000)

/** Stops a process that still runs and waits until it has. */
async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  await exited
}

afterAll(async () => {
  await Promise.all([nginx, instances.a, instances.b].map(stop))
  await sql?.end()
  if (dir) rmSync(dir, { recursive: true, force: true })
}, 60_000)

const direct = (name: 'a' | 'b', path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${ports[name]}${path}`, init)
const viaNginx = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${ports.nginx}${path}`, init)
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

type Availability = { tripDateId: number; roomTypes: string[]; boardingPoints: { id: number }[]; seats: { seat: string; state: string }[] }

/** Upcoming seat-plan dates that can be booked online, most free seats first. */
async function seatDates(): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select td.id from trip_dates td join trips t on t.id = td.trip_id and t.published
    where td.seat_plan_id is not null and td.bookable in (0, 4, 5) and td.date_from > current_date + 2
    order by td.capacity desc, td.id limit 10`
  return rows.map((r) => r.id)
}

async function availability(name: 'a' | 'b', dateId: number): Promise<Availability> {
  const response = await direct(name, `/api/trip-dates/${dateId}/availability`)
  expect(response.status).toBe(200)
  return (await response.json()) as Availability
}

function traveller(offer: Availability, seat: string, n: number) {
  const point = offer.boardingPoints[0]
  return { buchender: true, seat, boarding: point ? { kind: 'point', boardingPointId: point.id } : null, ...bookerDetails(n) }
}

function completeDraft(offer: Availability, seat: string, n: number) {
  const type = offer.roomTypes.includes('EZ') ? 'EZ' : (offer.roomTypes[0] ?? 'EZ')
  return {
    allRooms: [{ type, teilnehmer: [traveller(offer, seat, n)] }],
    payment: BANK_TRANSFER,
  }
}

describe('two instances on one PostgreSQL behind nginx', () => {
  it('share the load: nginx sends requests to both', async () => {
    const upstreams = new Set<string>()
    for (let i = 0; i < 6; i++) upstreams.add((await viaNginx('/api/health')).headers.get('x-upstream') ?? '')
    expect(upstreams).toEqual(new Set([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`]))
  })

  it('give the same search on either instance', async () => {
    const path = '/api/search?sortBy=price&sortDirection=asc&pageSize=10'
    const [a, b] = await Promise.all([direct('a', path).then((r) => r.json()), direct('b', path).then((r) => r.json())])
    expect(a).toEqual(b)
    expect((a as { total: number }).total).toBeGreaterThan(0)
  })

  it('keep a wish list and a search started through one instance when the next request goes to the other', async () => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
    try {
      const page = await browser.newPage({ locale: 'de-DE', timezoneId: 'Europe/Berlin' })
      const upstreams = new Set<string>()
      page.on('response', (response) => {
        const upstream = response.headers()['x-upstream']
        if (upstream) upstreams.add(upstream)
      })
      const base = `http://127.0.0.1:${ports.nginx}`
      const [trip] = await sql<{ id: number; title: string }[]>`select id, title from trips where published order by id limit 1`
      if (!trip) throw new Error('no trip')
      await page.goto(`${base}/reise/${trip.id}/`)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await page.getByRole('button', { name: 'Auf die Merkliste' }).click()
      await expect.poll(() => page.getByRole('button', { name: 'Von der Merkliste entfernen' }).count()).toBe(1)
      for (let i = 0; i < 2; i++) {
        await page.goto(`${base}/reiseuebersicht/merkliste/`)
        await expect.poll(() => page.getByRole('link', { name: trip.title }).count(), { timeout: 15_000 }).toBeGreaterThan(0)
        await page.goto(`${base}/reiseuebersicht/search/`)
        await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0)
      }
      expect(upstreams).toEqual(new Set([`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`]))
    } finally {
      await browser.close()
    }
  }, 120_000)

  it('continue a booking draft on the other instance: its seat is held for it on both', async () => {
    const [dateId] = await seatDates()
    if (dateId === undefined) throw new Error('no seat-plan date')
    const offer = await availability('a', dateId)
    const seat = offer.seats.find((s) => s.state === 'free')?.seat ?? ''
    const created = await direct('a', '/api/booking-drafts', json({ tripDateId: dateId }))
    expect(created.status).toBe(201)
    const { draftId } = (await created.json()) as { draftId: string }
    const saved = await direct('b', `/api/booking-drafts/${draftId}`, { ...json(completeDraft(offer, seat, 1)), method: 'PUT' })
    expect(saved.status).toBe(200)
    // The next step, back on the first instance, finds the draft and its hold.
    const again = await direct('a', `/api/booking-drafts/${draftId}`, { ...json(completeDraft(offer, seat, 1)), method: 'PUT' })
    expect(again.status).toBe(200)
    const body = (await again.json()) as { holds: { seats: string[] }; incompleteStep: number | null }
    expect(body.holds.seats).toEqual([seat])
    expect(body.incompleteStep).toBeNull()
    for (const name of ['a', 'b'] as const) {
      expect((await availability(name, dateId)).seats.find((s) => s.seat === seat)?.state).toBe('held')
    }
  })

  it('show a catalogue change through both instances at once, although both kept the page', async () => {
    const [trip] = await sql<{ id: number; title: string }[]>`select id, title from trips where published order by id desc limit 1`
    if (!trip) throw new Error('no trip')
    const path = `/reise/${trip.id}/`
    for (const name of ['a', 'b'] as const) {
      await direct(name, path)
      const kept = await direct(name, path)
      expect(kept.headers.get('x-cache')).toBe('HIT')
    }
    const title = `Geänderter Titel ${randomUUID().slice(0, 8)}`
    await sql`update trips set title = ${title} where id = ${trip.id}`
    // Each instance hears of the change through PostgreSQL's notification, which reaches it a
    // moment after the commit (well under a millisecond on loopback, longer on a loaded machine):
    // a request that overtakes it may still get the kept page, the next one no longer does.
    for (const name of ['b', 'a'] as const) {
      await vi.waitFor(
        async () => {
          const page = await direct(name, path)
          expect(await page.text(), name).toContain(title)
        },
        { timeout: 2_000, interval: 20 },
      )
    }
  })

  it('lose no booking when one instance is killed mid-traffic, and the other keeps serving', async () => {
    // Complete drafts, each with a seat of its own, prepared through both instances.
    const drafts: { draftId: string; key: string; revision: number }[] = []
    for (const dateId of await seatDates()) {
      const offer = await availability('b', dateId)
      for (const { seat } of offer.seats.filter((s) => s.state === 'free').slice(0, 6)) {
        const name = drafts.length % 2 ? 'a' : 'b'
        const created = await direct(name, '/api/booking-drafts', json({ tripDateId: dateId }))
        const { draftId } = (await created.json()) as { draftId: string }
        const saved = await direct(name, `/api/booking-drafts/${draftId}`, {
          ...json(completeDraft(offer, seat, drafts.length)),
          method: 'PUT',
        })
        expect(saved.status).toBe(200)
        const { revision } = (await saved.json()) as { revision: number }
        drafts.push({ draftId, key: randomUUID(), revision })
        if (drafts.length === 40) break
      }
      if (drafts.length === 40) break
    }
    expect(drafts.length).toBe(40)

    // A booking is sent through nginx until it is answered; a lost answer is repeated with the same key.
    const book = async ({ draftId, key, revision }: { draftId: string; key: string; revision: number }) => {
      for (let attempt = 1; attempt <= 10; attempt++) {
        try {
          const response = await viaNginx(`/api/booking-drafts/${draftId}/book`, {
            ...json({ acceptAgb: true, acceptPrivacy: true, revision }),
            headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
          })
          if (response.status === 201) {
            const body = (await response.json()) as { bookingNumber: string }
            return { ...body, upstream: response.headers.get('x-upstream') ?? '', attempt }
          }
          if (response.status !== 502 && response.status !== 503 && response.status !== 504) {
            throw new Error(`booking answered ${response.status}: ${await response.text()}`)
          }
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('booking answered')) throw error
          // The connection broke with the instance: the same request again.
        }
        await new Promise((r) => setTimeout(r, 100 * attempt))
      }
      throw new Error('no answer after 10 attempts')
    }
    let pagesOk = 0
    let pagesFailed = 0
    let browsing = true
    const browse = (async () => {
      while (browsing) {
        const response = await viaNginx('/reiseuebersicht/busreisen/').catch(() => null)
        if (response?.status === 200) pagesOk++
        else pagesFailed++
        await response?.arrayBuffer()
      }
    })()

    // Instance a is killed after it has answered a booking (on a loaded machine the first answers take
    // longer than the sending of the first 13), and before the later half is sent.
    let answeredByA: () => void = () => {}
    const aHasAnswered = new Promise<void>((resolve) => (answeredByA = resolve))
    const results: ReturnType<typeof book>[] = []
    for (const [i, draft] of drafts.entries()) {
      const result = book(draft)
      void result.then((b) => b.upstream.endsWith(`:${ports.a}`) && answeredByA(), () => {})
      results.push(result)
      if (i === 12) {
        await aHasAnswered
        instances.a?.kill('SIGKILL')
      }
      await new Promise((r) => setTimeout(r, 15))
    }
    const booked = await Promise.all(results)
    browsing = false
    await browse
    expect(instances.a?.signalCode).toBe('SIGKILL')
    // Bookings went to both before the kill, and were answered by the survivor after it.
    const by = (port: number) => booked.filter((b) => b.upstream.endsWith(`:${port}`)).length
    expect(by(ports.a)).toBeGreaterThan(0)
    expect(by(ports.b)).toBeGreaterThan(drafts.length / 2)
    expect(booked.slice(20).every((b) => b.upstream.endsWith(`:${ports.b}`))).toBe(true)

    // Every draft booked exactly once, each answer naming a booking that is stored.
    const rows = await sql<{ draft_id: string; booking_number: string }[]>`
      select draft_id, booking_number from bookings where draft_id in ${sql(drafts.map((d) => d.draftId))}`
    expect(rows.length).toBe(drafts.length)
    expect(new Set(rows.map((r) => r.booking_number))).toEqual(new Set(booked.map((b) => b.bookingNumber)))
    // Pages kept coming: nginx sent them to the surviving instance.
    expect(pagesOk).toBeGreaterThan(0)
    expect(pagesFailed).toBe(0)
    expect((await viaNginx('/')).status).toBe(200)
  }, 180_000)
})
