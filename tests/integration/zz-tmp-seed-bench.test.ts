import { count } from 'drizzle-orm'
import { expect, it } from 'vitest'
import * as schema from '~/server/db/schema'
import { seedDatabase } from '~/server/db/seed/seed.server'
import { openTestDatabase } from '../support/db'

for (const n of (process.env.SEED_BENCH ?? '200,10000').split(',').map(Number)) {
  it(`seeds ${n} trips`, async () => {
    const t0 = performance.now()
    const t = await openTestDatabase({ seed: false })
    const opened = performance.now()
    const r = await seedDatabase(t.db, { trips: n })
    const [c] = await t.db.select({ n: count() }).from(schema.tripDates)
    console.info(`${t.driver} ${n} trips: open+migrate ${Math.round(opened - t0)} ms, seed ${Math.round(r.ms)} ms, ${c?.n} dates, rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`)
    await t.cleanup()
    expect(r.trips).toBe(n)
  }, 600_000)
}
