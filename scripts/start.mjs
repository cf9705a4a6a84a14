// `npm start`: builds the production bundle when the sources are newer than the last build,
// then runs the server. The server creates, migrates and seeds the embedded database on first start.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const marker = join(root, '.output/nitro.json')
const serverEntry = join(root, '.output/server/index.mjs')
const INPUTS = ['app', 'public', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']

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
  console.log('Baue die Produktionsversion …')
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

process.chdir(root)
process.env.NODE_ENV ??= 'production'
console.log(`Starte die Website auf http://localhost:${process.env.PORT ?? 3000}/`)
await import(serverEntry)
