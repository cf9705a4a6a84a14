import { getTableColumns, getTableName } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { it } from 'vitest'
import * as schema from '~/server/db/schema'
import { generateCatalogue } from '~/server/db/seed/catalogue'
import { openTestDatabase } from '../support/db'

it('profiles', async () => {
  const t = await openTestDatabase({ seed: false })
  const rowsPer = Number(process.env.ROWS ?? 2000)
  const times = new Map<string, number>()
  const ins = async (table: PgTable, rows: readonly Record<string, unknown>[]) => {
    if (!rows.length) return
    const s = performance.now()
    const cols = Object.keys(getTableColumns(table)).length
    const batch = Math.min(rowsPer, Math.floor(65535 / cols))
    for (let i = 0; i < rows.length; i += batch) await t.db.insert(table).values(rows.slice(i, i + batch) as never)
    const name = getTableName(table)
    times.set(name, (times.get(name) ?? 0) + performance.now() - s)
  }
  const c = generateCatalogue({ trips: 10000, today: '2026-11-22' })
  const r = c.reference
  await ins(schema.categories, r.categories); await ins(schema.countries, r.countries); await ins(schema.regions, r.regions)
  await ins(schema.ships, r.ships); await ins(schema.hotels, r.hotels); await ins(schema.seatPlans, r.seatPlans); await ins(schema.boardingPoints, r.boardingPoints); await ins(schema.services, r.services)
  let gen = 0
  const it = c.tripChunks(Number(process.env.CHUNK ?? 1000))[Symbol.iterator]()
  for (;;) {
    const g = performance.now(); const n = it.next(); gen += performance.now() - g
    if (n.done) break
    const ch = n.value
    await ins(schema.trips, ch.trips); await ins(schema.tripCategories, ch.tripCategories); await ins(schema.tripCountries, ch.tripCountries)
    await ins(schema.tripRegions, ch.tripRegions); await ins(schema.tripDates, ch.tripDates); await ins(schema.tripBoardingPoints, ch.tripBoardingPoints); await ins(schema.services, ch.services)
  }
  console.info('gen', Math.round(gen), [...times].map(([k, v]) => `${k}=${Math.round(v)}`).join(' '))
  await t.cleanup()
}, 600000)
