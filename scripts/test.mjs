// `npm test`: type check, lint, no import cycle, unit and integration tests (vitest), the production build, and the
// browser tests (Playwright in Debian's Chromium). Ends with one summary line over all runners.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, 'reports')
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function ensureChromium() {
  if (existsSync(chromium)) return true
  if (process.getuid?.() !== 0) {
    console.error(`Chromium fehlt: bitte als root "apt-get install -y chromium" ausführen (oder CHROMIUM_PATH setzen).`)
    return false
  }
  console.log('Installiere Debians Chromium für die Browsertests …')
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run('apt-get install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' })
  )
}

const node = process.execPath
const bin = (pkg, file) => join(root, 'node_modules', pkg, file)
const steps = [
  () => run('Typprüfung', node, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.']),
  () => run('Lint (ESLint)', node, [bin('eslint', 'bin/eslint.js'), '--max-warnings=0', '.']),
  () => run('Keine Importkreise (dependency-cruiser)', node, [bin('dependency-cruiser', 'bin/dependency-cruiser.mjs'), 'app', '--config', '.dependency-cruiser.cjs']),
  () =>
    run('Unit- und Integrationstests', node, [
      bin('vitest', 'vitest.mjs'),
      'run',
      // The scale project needs PostgreSQL and nginx: .ci/run runs it (npm run test:scale).
      '--project=unit',
      '--project=integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(results, 'vitest.json')}`,
    ]),
  () => run('Produktions-Build', node, [bin('vite', 'bin/vite.js'), 'build']),
  () => ensureChromium() && run('Browsertests', node, [bin('@playwright/test', 'cli.js'), 'test']),
]

let ok = true
for (const step of steps) {
  if (!step()) {
    ok = false
    break
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(results, file), 'utf8'))
  } catch {
    return undefined
  }
}
const vitest = readJson('vitest.json')
const e2e = readJson('e2e.json')
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0)
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0)
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0)
console.log(`\nunit+integration: ${vitest?.numPassedTests ?? 0} passed; browser: ${e2e?.stats?.expected ?? 0} passed`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(ok && failed === 0 && passed > 0 ? 0 : 1)
