// Preparing a database for the search of a day: planner statistics and the catalogue version the
// caches are keyed by.
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'

const preparedFor = new WeakMap<Database, string>()
/** Rows in trip_search as the planner statistics have them (see prepare). */
export const tripCounts = new WeakMap<Database, number>()

/**
 * Once per process and day: rebuild the date summaries that went stale overnight, and give the
 * planner statistics when nobody has (openDatabase analyses what it seeds, but PGlite has no
 * autovacuum: trips written otherwise would be planned for with the figures of an empty table).
 */
export async function prepare(db: Database, today: string): Promise<void> {
  if (preparedFor.get(db) === today) return
  await db.execute(sql`select trip_search_roll_over(${today}::date)`)
  const [stats] = await queryRows(
    db,
    sql`select (select reltuples from pg_class where oid = 'trip_search'::regclass) < 0
              and exists (select 1 from trip_search) as missing`,
    z.object({ missing: z.boolean() }),
  )
  if (stats?.missing) await db.execute(sql`analyze trip_search, trip_search_documents, trip_dates`)
  const [size] = await queryRows(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'trip_search'::regclass`,
    z.object({ n: z.number() }),
  )
  tripCounts.set(db, size?.n ?? 0)
  preparedFor.set(db, today)
}

const versionRow = z.object({ version: z.string() })

export async function catalogueVersion(db: Database): Promise<string> {
  const [row] = await queryRows(db, sql`select version::text as version from trip_search_meta`, versionRow)
  return row?.version ?? '0'
}
