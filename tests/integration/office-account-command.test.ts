// `npm run buero:benutzer` (issue 25, item 1): the first admin of a database without demo data,
// with a random password printed once that signs in; a second account with the same address and
// wrong arguments are refused in German with exit code 1. Runs on the database of the test run
// (PostgreSQL with DATABASE_URL, else a new embedded one of its own).
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '~/server/db/client.server'
import { staffAuthFor } from '~/server/office/auth.server'
import { openTestDatabase } from '../support/db'

const run = promisify(execFile)
const dataDir = mkdtempSync(join(tmpdir(), 'buero-benutzer-'))
const postgresUrl = process.env.DATABASE_URL

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function command(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['scripts/buero-benutzer.ts', ...args], { env })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

describe('npm run buero:benutzer', () => {
  it('makes an admin whose printed password signs in, once per address', async () => {
    // On PostgreSQL: a fresh, migrated schema without demo data.
    if (postgresUrl) await (await openTestDatabase({ seed: false })).close()
    const made = await command('--email', 'Chefin@Example.de', '--name', 'Clara Chefin')
    expect(made.code, made.out).toBe(0)
    expect(made.out).toContain('Konto angelegt: Clara Chefin <chefin@example.de>, Rolle admin.')
    const password = /nur jetzt sichtbar\): (\S+)/.exec(made.out)?.[1] ?? ''
    // Four groups of five characters that cannot be mixed up (about 99 bits), as the staff list makes them.
    expect(password).toMatch(/^[a-hj-km-np-z2-9]{5}(-[a-hj-km-np-z2-9]{5}){3}$/)

    const again = await command('--email', 'chefin@example.de', '--name', 'Clara Chefin', '--rolle', 'buero')
    expect(again.code).toBe(1)
    expect(again.out).toContain('Zu chefin@example.de gibt es schon ein Konto.')

    const opened = await openDatabase({ databaseUrl: postgresUrl, dataDir, seed: false })
    try {
      const auth = await staffAuthFor(opened.db)
      const response = await auth.api.signInEmail({ body: { email: 'chefin@example.de', password }, asResponse: true })
      expect(response.status).toBe(200)
      const headers = new Headers({ cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') })
      expect((await auth.api.getSession({ headers }))?.user.role).toBe('admin')
    } finally {
      await opened.close()
    }
  })

  it('refuses wrong arguments with what is wrong and how to call it', async () => {
    const wrong = await command('--email', 'kaputt', '--name', 'X', '--rolle', 'chef')
    expect(wrong.code).toBe(1)
    expect(wrong.out).toContain('--email: keine gültige E-Mail-Adresse')
    expect(wrong.out).toContain('--rolle: die Rolle ist admin oder buero')
    expect(wrong.out).toContain('Aufruf: npm run buero:benutzer')
  })
})
