// Opens the database for the app: embedded PGlite in DATA_DIR by default, or PostgreSQL when a
// URL is given. Both go through the same Drizzle schema, the same SQL migrations and the same seed.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { Database } from './database.server'
import * as schema from './schema'


export type OpenOptions = {
  /** postgres://… — unset means the embedded PGlite in dataDir. */
  databaseUrl?: string
  dataDir: string
  poolSize?: number
  /** Seed an empty database with this many trips; false leaves it empty. */
  /** The demo seed for an empty database: trips, and demo bookings (default none). */
  seed?: { trips: number; bookings?: number } | false
  migrationsFolder?: string
  log?: (msg: string) => void
}

export type OpenedDatabase = {
  db: Database
  driver: 'pglite' | 'postgres'
  close: () => Promise<void>
  /**
   * Calls onNotify with the payload of every notification on the channel (sent at commit by any
   * connection, this process's or another's), and onListening whenever listening starts or starts
   * again after a lost connection (notifications in between are lost: read the state again then).
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListening: () => void) => Promise<() => Promise<void>>
  /** The embedded database only: a consistent copy of its folder as a gzipped tarball, taken while it runs. */
  dump?: () => Promise<Blob>
  /** The embedded database only: its client, for the job queue's adapter (app/server/jobs/queue.server.ts). */
  pglite?: PGlite
}

/** The extensions the embedded database is made with (scripts/db-files.mjs opens a backup with the same). */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent }

/**
 * The embedded server's memory: PostgreSQL's defaults (128 MB of shared buffers, 64 MB for
 * maintenance) were made for a server of its own, but here they grow the process's WebAssembly
 * heap, which never gives memory back. The demo database is about 20 MB and its files are read
 * through the operating system's cache anyway, so small buffers cost no speed (bench/throughput:
 * DECISIONS, "Memory of the embedded database").
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB']

/** How often the embedded database is vacuumed (PostgreSQL servers have autovacuum). */
const VACUUM_INTERVAL_MS = 24 * 60 * 60 * 1000

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 7_412_203

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  const migrationsFolder = options.migrationsFolder ?? resolve(process.cwd(), 'app/server/db/migrations')
  const log = options.log ?? (() => {})

  if (!options.databaseUrl) {
    // PGlite creates only the last folder of its path.
    mkdirSync(options.dataDir, { recursive: true })
    const client = await PGlite.create(resolve(options.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS, postgresqlconf: PGLITE_SETTINGS })
    const db = drizzlePglite({ client, schema })
    try {
      await migratePglite(db, { migrationsFolder })
      await seedIfEmpty(db, options.seed, log)
    } catch (error) {
      await client.close()
      throw error
    }
    // PGlite has no autovacuum: without this, every changed row would leave a dead copy for good,
    // and the planner would keep the statistics of the day they were first taken.
    const maintenance = setInterval(() => {
      client.exec('VACUUM (ANALYZE)').catch((error: unknown) => log(`vacuum failed: ${String(error)}`))
    }, VACUUM_INTERVAL_MS)
    maintenance.unref()
    return {
      db,
      driver: 'pglite',
      pglite: client,
      listen: async (channel, onNotify, onListening) => {
        const stop = await client.listen(channel, onNotify)
        onListening()
        return stop
      },
      close: () => {
        clearInterval(maintenance)
        return client.close()
      },
      // No query runs while the folder is read, so the copy is what a crash at that moment would
      // leave: PostgreSQL recovers it to the last commit. The checkpoint keeps that recovery short.
      dump: async () => {
        await client.exec('CHECKPOINT')
        return client.dumpDataDir('gzip')
      },
    }
  }

  const client = postgres(options.databaseUrl, {
    max: options.poolSize ?? 10,
    onnotice: () => {},
    // Every statement is planned for its parameters, as an unnamed one would be (see preparing).
    connection: { plan_cache_mode: 'force_custom_plan' },
  })
  const db = drizzlePostgres({ client: preparing(client), schema })
  // Several instances may start together: one migrates and seeds while the others wait.
  const lock = await client.reserve()
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`
    await migratePostgres(db, { migrationsFolder })
    await seedIfEmpty(db, options.seed, log)
  } catch (error) {
    lock.release()
    await client.end({ timeout: 5 })
    throw error
  }
  await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`
  lock.release()
  return {
    db,
    driver: 'postgres',
    close: () => client.end({ timeout: 5 }),
    listen: async (channel, onNotify, onListening) => {
      const { unlisten } = await client.listen(channel, onNotify, onListening)
      return unlisten
    },
  }
}

/**
 * The client with every statement prepared (named and kept per connection). Drizzle sends its
 * statements unnamed, and postgres.js then asks the server for a statement's parameter types
 * before it binds them: two round trips and a fresh parse for every query with parameters. A
 * named statement is parsed and described once per connection; afterwards a query is one round
 * trip. Plans stay custom (the connection's `plan_cache_mode`), so the search's queries are
 * planned for their values exactly as before. Connections are replaced after 30–60 minutes
 * (postgres.js' max_lifetime), which bounds the statements a connection keeps.
 */
function preparing<T extends object>(client: T): T {
  type Loose = {
    unsafe: (query: string, parameters?: unknown[], options?: object) => unknown
    begin: (...args: unknown[]) => unknown
    savepoint: (...args: unknown[]) => unknown
  }
  /** begin and savepoint take an optional name or mode, then the function that gets the transaction's client. */
  const wrapCallback = (args: unknown[]) => {
    const fn = args.pop() as (tx: object) => unknown
    return [...args, (tx: object) => fn(preparing(tx))]
  }
  return new Proxy(client, {
    get(target, property, receiver) {
      const loose = target as unknown as Loose
      if (property === 'unsafe') {
        return (query: string, parameters?: unknown[], options?: object) => loose.unsafe(query, parameters, { ...options, prepare: true })
      }
      if (property === 'begin') return (...args: unknown[]) => loose.begin(...wrapCallback(args))
      if (property === 'savepoint') return (...args: unknown[]) => loose.savepoint(...wrapCallback(args))
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}

async function seedIfEmpty(db: Database, seed: OpenOptions['seed'], log: (msg: string) => void): Promise<void> {
  if (seed === false) return
  // Loaded only where demo data may go: a production server never has the seeding code in memory.
  const { isSeeded, seedDatabase } = await import('./seed/seed.server')
  if (await isSeeded(db)) return
  const trips = seed?.trips ?? 200
  log(`seeding the demo catalogue (${trips} trips)`)
  const result = await seedDatabase(db, { trips, bookings: seed?.bookings ?? 0 })
  // The visibility map that lets the search read its indexes without the table, and statistics
  // for the planner, before the first visitor rather than at the first vacuum.
  await db.execute(sql`vacuum trip_search, trip_search_documents, trip_dates, bookings, booking_participants, payments`)
  await db.execute(sql`analyze`)
  log(`seeded ${result.trips} trips in ${Math.round(result.ms)} ms`)
}
