// What openDatabase leaves behind after seeding, for the search: one row per trip with the right
// date summary (written once, migration 0003), planner statistics and a vacuumed search table.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

const TRIPS = 60
let t: TestDatabase

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: TRIPS } })
})

afterAll(async () => {
  await t?.cleanup()
})

async function rows<S extends z.ZodMiniType>(statement: ReturnType<typeof sql>, schema: S): Promise<z.infer<S>[]> {
  const result: unknown = await t.db.execute(statement)
  const list = Array.isArray(result) ? result : z.object({ rows: z.array(z.unknown()) }).parse(result).rows
  return z.array(schema).parse(list)
}

describe('search tables after seeding', () => {
  it('hold every trip with the summary of its upcoming dates', async () => {
    const [row] = await rows(
      sql`select count(*)::int as n,
                 count(*) filter (where (s.next_date, s.min_price, s.statuses) is distinct from (d.next_date, d.min_price, coalesce(d.statuses, 0)))::int as wrong,
                 count(*) filter (where s.next_date is not null)::int as upcoming
          from trip_search s
          left join (
            select trip_id, min(date_from) as next_date, min(price) as min_price, bit_or(1 << bookable) as statuses
            from trip_dates where date_from >= search_today() group by trip_id
          ) d on d.trip_id = s.trip_id`,
      z.object({ n: z.number(), wrong: z.number(), upcoming: z.number() }),
    )
    expect(row).toEqual({ n: TRIPS, wrong: 0, upcoming: expect.any(Number) })
    expect(row?.upcoming).toBeGreaterThan(TRIPS / 2)
  })

  it('are analysed and vacuumed before the first search', async () => {
    const [row] = await rows(
      sql`select reltuples::float8 as tuples, relpages::int as pages, relallvisible::int as visible
          from pg_class where oid = 'trip_search'::regclass`,
      z.object({ tuples: z.number(), pages: z.number(), visible: z.number() }),
    )
    // Statistics: the planner knows the row count (-1 when never analysed).
    expect(row?.tuples).toBe(TRIPS)
    expect(row?.pages).toBeGreaterThan(0)
    // Vacuum sets the visibility map: every page is all-visible right after seeding. (On a
    // PostgreSQL server an autovacuum worker analysing the new tables at the same moment holds
    // its snapshot and may keep pages from being marked; there, autovacuum does this job anyway.)
    if (t.driver === 'pglite') expect(row?.visible).toBe(row?.pages)
  })
})
