// What the benchmarks of the production build share: starting and stopping the built server,
// percentiles, and how milliseconds and ratios are printed.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { closeSync, existsSync, openSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { serverProcess } from '../scripts/server-process.mjs'

export const root = resolve(import.meta.dirname, '..')

/** The server needs Node 24: the `node` package's binary, else the Node running the bench. */
export const serverNode = existsSync(join(root, 'node_modules/node/bin/node')) ? join(root, 'node_modules/node/bin/node') : process.execPath

export type ServerOptions = {
  /** The build's server entry (…/server/index.mjs). */
  entry: string
  port: number
  /** Added to the environment; undefined removes a variable (e.g. DATABASE_URL). */
  env: Record<string, string | undefined>
  /** Where the server's output goes; discarded without. */
  logFile?: string
  timeoutMs?: number
  /** Called with the process as soon as it is spawned (to stop it on Ctrl+C while it starts). */
  onSpawn?: (child: ChildProcess) => void
}

/** Starts the built server in its own process group and waits until /api/health answers 200. */
export async function startServer(options: ServerOptions): Promise<ChildProcess> {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', SCHEDULED_JOBS: 'off', ...options.env, PORT: String(options.port) }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  const out = options.logFile ? openSync(options.logFile, 'a') : 'ignore'
  const server = serverProcess(options.entry, env)
  const child = spawn(serverNode, server.args, { cwd: root, env: server.env, stdio: ['ignore', out, out], detached: true })
  if (typeof out === 'number') closeSync(out)
  options.onSpawn?.(child)
  const base = `http://127.0.0.1:${options.port}`
  const started = performance.now()
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Der Server hat sich beendet (${child.exitCode ?? child.signalCode}).`)
    if (performance.now() - started > (options.timeoutMs ?? 180_000)) {
      await stopServer(child)
      throw new Error('Der Server ist nicht gestartet.')
    }
    try {
      const res = await fetch(`${base}/api/health`)
      await res.arrayBuffer()
      if (res.status === 200) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** SIGTERM to the server's process group, SIGKILL after 10 s; returns when it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  const signal = (s: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, s)
    } catch {
      // already gone
    }
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/** The p-th percentile (nearest rank) of ascending milliseconds. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN
  const index = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1))
  return sortedMs[index] ?? Number.NaN
}

export const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9)
export const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`.padStart(6)
