// `npm start`: builds the production bundle when the sources are newer than the last build,
// then runs the server. The server creates, migrates and seeds the embedded database on first start.
// The build's own output (a line per file, its warnings) goes to build.log; the terminal shows a line
// for the build, the server's log and, last, the line that says where the site runs.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { execWithServerSettings } from './server-process.mjs'

const root = new URL('..', import.meta.url).pathname
const marker = join(root, '.output/nitro.json')
const serverEntry = join(root, '.output/server/index.mjs')
const INPUTS = ['app', 'public', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']
const buildLog = join(root, 'build.log')

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'routeTree.gen.ts') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

function needsBuild() {
  if (!existsSync(serverEntry) || !existsSync(marker)) return true
  const built = statSync(marker).mtimeMs
  return INPUTS.some((input) => newestMtime(join(root, input)) > built)
}

if (needsBuild()) {
  const logName = relative(process.cwd(), buildLog) || buildLog
  console.log(`Baue die Produktionsversion (Ausgabe und Warnungen in ${logName}) …`)
  const started = performance.now()
  const out = openSync(buildLog, 'w')
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', out, out],
  })
  closeSync(out)
  if (result.status !== 0) {
    // The end of the log says what failed.
    console.error(readFileSync(buildLog, 'utf8').trimEnd().split('\n').slice(-30).join('\n'))
    console.error(`Der Build ist fehlgeschlagen; die ganze Ausgabe steht in ${logName}.`)
    process.exit(result.status ?? 1)
  }
  console.log(`Gebaut in ${Math.round((performance.now() - started) / 1000)} s.`)
}

// From here on this process is the server: again, in place, with its memory settings (server-process.mjs).
execWithServerSettings()
process.chdir(root)
process.env.NODE_ENV ??= 'production'
const address = `http://localhost:${process.env.PORT ?? 3000}/`
console.log('Starte die Website …')
// The server emits this once its database is open, migrated and seeded (app/server/runtime.server.ts);
// until then it answers 503 with Retry-After.
process.once('site-ready', () => console.log(`\nDie Website läuft auf ${address}\n`))
await import(serverEntry)
