// The production server as an operator runs it: start, answer, stop cleanly, restart without
// reseeding, and refuse a wrong configuration with one line naming the variable.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startServer, waitForHealth } from './support'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test('stops on SIGTERM with exit code 0 and restarts on the same data without reseeding', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-lifecycle-'))
  try {
    const first = startServer({ PORT: '3390', DATA_DIR: dataDir })
    await waitForHealth(3390)
    expect(first.output()).toContain('seeding the demo catalogue')
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('shutting down')

    const second = startServer({ PORT: '3391', DATA_DIR: dataDir })
    await waitForHealth(3391)
    // The process's first search page has its filter form in place, not streamed after the rest and
    // inserted by a script (which moves the page; the form's code is loaded later in the browser).
    const search = await (await fetch('http://127.0.0.1:3391/reiseuebersicht/search/--------/', { headers: { accept: 'text/html' } })).text()
    expect(search).toContain('aria-label="Reisesuche verfeinern"')
    expect(search).not.toMatch(/<template id="B:|\$RC\(/)
    const page = await fetch('http://127.0.0.1:3391/', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(second.output()).not.toContain('seeding the demo catalogue')
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})

/**
 * The first answer from a server that is starting: connection refused until it listens is tried
 * again; an answer that does not come within 15 s (a request waiting for the database) fails.
 */
async function firstAnswer(url: string, headers: Record<string, string>): Promise<Response> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      return await fetch(url, { headers, signal: AbortSignal.timeout(15_000) })
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`${url}: no answer within 15 s`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`${url}: the server never listened`)
}

test('while the database is not ready, a request is answered at once: 503 with Retry-After and a German page', async () => {
  // A "database" that accepts connections and never answers: the server stays in its start.
  const sockets: Socket[] = []
  const silent = createServer((socket) => void sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const dbPort = (silent.address() as AddressInfo).port
  const server = startServer({ PORT: '3405', DATABASE_URL: `postgres://reisen@127.0.0.1:${dbPort}/reisen`, DATA_DIR: join(tmpdir(), 'nie-benutzt') })
  try {
    const page = await firstAnswer('http://127.0.0.1:3405/reise/1/', { accept: 'text/html' })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Die Website startet gerade.')
    expect(html).toContain('<meta http-equiv="refresh" content="5">')

    const health = await firstAnswer('http://127.0.0.1:3405/api/health', {})
    expect(health.status).toBe(503)
    expect(health.headers.get('retry-after')).toBe('5')
    expect(await health.json()).toEqual({ status: 'unavailable' })

    const api = await firstAnswer('http://127.0.0.1:3405/api/trip-dates/1/availability', { accept: 'application/json' })
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('5')
    expect(await api.json()).toEqual({ error: 'Die Website startet gerade. Bitte versuchen Sie es in einigen Sekunden erneut.' })
    // Still starting, not failed: the database has not answered yet.
    expect(server.child.exitCode).toBeNull()
  } finally {
    server.child.kill('SIGKILL')
    await server.exited
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
})

test('a wrong configuration value stops the start with one line naming the variable', async () => {
  const server = startServer({ PORT: '3392', DATABASE_URL: 'mysql://irgendwo/db', DATA_DIR: join(tmpdir(), 'nie-benutzt') })
  expect(await server.exited).toBe(1)
  const lines = server.errors().trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Ungültige Konfiguration: DATABASE_URL/)
})

test('a production start that sends mail refuses without SITE_URL, whose links would name localhost', async () => {
  const server = startServer({ PORT: '3404', NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: join(tmpdir(), 'nie-benutzt') })
  expect(await server.exited).toBe(1)
  const lines = server.errors().trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Ungültige Konfiguration: SITE_URL – fehlt: mit SMTP_URL /)
})

test('started with the system Node 20 the server refuses with one line instead of answering 500', async () => {
  // Debian's Node (20) is what `node .output/server/index.mjs` meets on a fresh machine.
  const server = startServer({ PORT: '3393', DATA_DIR: join(tmpdir(), 'nie-benutzt') }, '/usr/bin/node')
  expect(await server.exited).toBe(1)
  const lines = server.errors().trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Node 20\.\d+\.\d+ wird nicht unterstützt: .*npm run serve/)
})

test("the README's production command, npm run serve, starts the build and answers pages", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-serve-'))
  // npm → sh → node: a process group of its own, stopped as a whole.
  const child = spawn('npm', ['run', 'serve'], {
    env: { ...process.env, PORT: '3403', DATA_DIR: dataDir, SEED_TRIPS: '5', LOG_LEVEL: 'error' },
    stdio: 'ignore',
    detached: true,
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    await waitForHealth(3403)
    const page = await fetch('http://127.0.0.1:3403/reiseuebersicht/', { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('lang="de"')
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('a digits-only CACHE_CLEAR_TOKEN clears the cache through /?debug= (the token as sent, not as a number)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-debug-'))
  const token = '12345678901234567890'
  const server = startServer({ PORT: '3394', DATA_DIR: dataDir, CACHE_CLEAR_TOKEN: token })
  try {
    await waitForHealth(3394)
    const wrong = await fetch('http://127.0.0.1:3394/?debug=12345678901234567891', { headers: { accept: 'text/html' } })
    expect(wrong.status).toBe(200)
    await expect.poll(() => server.output()).toContain('"msg":"cache clear refused","reason":"token"')
    expect(server.output()).not.toContain('"msg":"cache cleared"')
    const right = await fetch(`http://127.0.0.1:3394/?debug=${token}`, { headers: { accept: 'text/html' } })
    expect(right.status).toBe(200)
    await expect.poll(() => server.output()).toContain('"msg":"cache cleared"')
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
})
