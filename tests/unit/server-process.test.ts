import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-process.mjs'

const root = resolve(import.meta.dirname, '../..')
const node = join(root, 'node_modules/node/bin/node')
const build = mkdtempSync(join(tmpdir(), 'reisen-serve-'))
afterAll(() => rmSync(build, { recursive: true, force: true }))

describe('npm run serve (scripts/serve.mjs)', () => {
  it('runs the server entry in the same process, with the memory settings', () => {
    // A stand-in entry that reports how it was started.
    mkdirSync(join(build, 'server'))
    writeFileSync(
      join(build, 'server/index.mjs'),
      "console.log(JSON.stringify({ execArgv: process.execArgv, env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MALLOC_'))) }))",
    )
    const env: NodeJS.ProcessEnv = { ...process.env, BUILD_OUT_DIR: build }
    for (const name of Object.keys(SERVER_MALLOC_ENV)) delete env[name]
    const started = JSON.parse(execFileSync(node, [join(root, 'scripts/serve.mjs')], { env, encoding: 'utf8' })) as {
      execArgv: string[]
      env: Record<string, string>
    }
    expect(started.execArgv).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS))
    expect(started.env).toEqual(SERVER_MALLOC_ENV)
  })
})
