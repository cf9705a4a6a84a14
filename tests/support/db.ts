// Opens a fresh test database: a new PGlite folder, or the PostgreSQL of DATABASE_URL (then the
// public schema is dropped first, so every test file starts from the same empty state).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { openDatabase } from '~/server/db/client.server'
import type { OpenedDatabase } from '~/server/db/client.server'

export type TestDatabase = OpenedDatabase & { cleanup: () => Promise<void> }

export async function openTestDatabase(options: { seed?: { trips: number } | false } = {}): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL
  const dataDir = mkdtempSync(join(tmpdir(), 'reisen-test-'))
  if (databaseUrl) {
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;')
    await admin.end()
  }
  const opened = await openDatabase({ databaseUrl, dataDir, seed: options.seed ?? { trips: 200 } })
  return {
    ...opened,
    cleanup: async () => {
      await opened.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
