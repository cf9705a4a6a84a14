// The process's database: opened (migrated, seeded when new) once, on the first `getDb()` or at
// start-up (lifecycle.server.ts, which also closes it on SIGTERM/SIGINT). This module imports no
// service, so that every service may ask it for the database.
import { config, demoSeed } from './config.server'
import { openDatabase } from './db/client.server'
import type { OpenedDatabase } from './db/client.server'
import type { Database } from './db/database.server'
import { errorFields, log } from './log.server'

let opening: Promise<OpenedDatabase> | undefined

/** The opened database (the first call opens it); the process ends when it cannot be opened. */
export function openedDatabase(): Promise<OpenedDatabase> {
  if (!opening) {
    const cfg = config()
    const started = performance.now()
    opening = openDatabase({
      databaseUrl: cfg.DATABASE_URL,
      dataDir: cfg.DATA_DIR,
      poolSize: cfg.DATABASE_POOL_SIZE,
      seed: demoSeed(cfg),
      log: (msg) => log('info', msg),
    }).then((opened) => {
      log('info', 'database ready', { driver: opened.driver, ms: Math.round(performance.now() - started) })
      return opened
    })
    opening.catch((error: unknown) => {
      log('error', 'database could not be opened', errorFields(error))
      process.exit(1)
    })
  }
  return opening
}

export async function getDb(): Promise<Database> {
  return (await openedDatabase()).db
}

/** Closes the database if it was opened. */
export async function closeDatabase(): Promise<void> {
  if (opening) await (await opening).close()
}
