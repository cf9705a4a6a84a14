// First start (empty data folder → first 200 on /) and restart (existing folder → first 200) of the
// production build on the embedded database, beside the start of a bare Node HTTP server measured
// in the same run as the reference. Run `npm run build` first (npm run bench:startup does not build).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serverProcess } from '../scripts/server-process.mjs'

const root = new URL('..', import.meta.url).pathname
const entry = join(process.env.BUILD_OUT_DIR ?? join(root, '.output'), 'server/index.mjs')
if (!existsSync(entry)) {
  console.error('Kein Build gefunden: bitte zuerst "npm run build" ausführen.')
  process.exit(1)
}
const RUNS = Number(process.env.RUNS ?? 3)

async function timeToFirst200(args, env, port) {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore', detached: true })
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('Zeitüberschreitung beim Start')
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } })
        await res.arrayBuffer()
        if (res.status === 200) return performance.now() - started
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25))
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

const bare = ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"]
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`

const reference = [], first = [], restart = []
for (let i = 0; i < RUNS; i++) {
  reference.push(await timeToFirst200(bare, {}, 3210))
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-bench-'))
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'production' }
  const server = serverProcess(entry, env)
  first.push(await timeToFirst200(server.args, server.env, 3211))
  restart.push(await timeToFirst200(server.args, server.env, 3212))
  rmSync(dataDir, { recursive: true, force: true })
}

const ref = median(reference)
console.log(`runs: ${RUNS} (median)`)
console.log(`reference (bare node http server → first 200): ${fmt(ref)}`)
console.log(`first start (empty data folder → first 200):    ${fmt(median(first))}  ratio ${(median(first) / ref).toFixed(1)}×`)
console.log(`restart (existing data folder → first 200):     ${fmt(median(restart))}  ratio ${(median(restart) / ref).toFixed(1)}×`)
