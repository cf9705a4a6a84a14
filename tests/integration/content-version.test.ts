// The content version the page cache and the offer cache are keyed by: raised by every change a
// public page can show (migration 0008), never by a booking draft, and known to every
// instance through the database's notifications (on PostgreSQL also a change made on another
// connection, as another app instance would).
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { contentVersion, followContentVersion, keptPerVersion, onContentVersionChange } from '~/server/content-version.server'
import { queryRows } from '~/server/db/query.server'
import { catalogueVersion } from '~/server/services/search/prepare.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let stop: () => Promise<void>

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 20 } })
  stop = await followContentVersion(t)
  await vi.waitFor(() => expect(contentVersion()).not.toBeNull())
})

afterAll(async () => {
  await stop?.()
  await t?.cleanup()
})

const known = () => BigInt(contentVersion() ?? '0')

/** Waits until this process knows a version above `before`. */
async function risesAbove(before: bigint): Promise<void> {
  await vi.waitFor(() => expect(known()).toBeGreaterThan(before), { timeout: 5000, interval: 5 })
  expect(String(known())).toBe(await catalogueVersion(t.db))
}

describe('the content version', () => {
  it('is the catalogue version of the database', async () => {
    expect(contentVersion()).toBe(await catalogueVersion(t.db))
  })

  it('rises with a trip, a blog entry, a menu, a boarding point, a content page and an FAQ entry, and says so', async () => {
    let changes = 0
    const off = onContentVersionChange(() => changes++)
    for (const change of [
      sql`update trips set title = title || ' ' where id = (select min(id) from trips)`,
      sql`update blog_entries set title = title || ' ' where id = (select min(id) from blog_entries)`,
      sql`update menus set items = items where true`,
      sql`update boarding_points set name = name || ' ' where id = (select min(id) from boarding_points)`,
      // Kept per version by the content pages' server functions (content.functions.ts).
      sql`update content_pages set title = title || ' ' where id = (select min(id) from content_pages)`,
      sql`update faq_entries set question = question || ' ' where id = (select min(id) from faq_entries)`,
    ]) {
      const before = known()
      await t.db.execute(change)
      await risesAbove(before)
    }
    off()
    expect(changes).toBeGreaterThanOrEqual(6)
  })

  it('stays with what no page shows: a booking draft', async () => {
    const before = await catalogueVersion(t.db)
    const [date] = await queryRows(t.db, sql`select id from trip_dates limit 1`, z.object({ id: z.number() }))
    await t.db.execute(sql`insert into booking_drafts (id, trip_date_id, data, expires_at)
      values (${'x'.repeat(43)}, ${date?.id}, '{}'::jsonb, now() + interval '1 hour')`)
    await t.db.execute(sql`delete from booking_drafts where id = ${'x'.repeat(43)}`)
    expect(await catalogueVersion(t.db)).toBe(before)
  })

  it('follows a change made on another connection (another app instance)', async () => {
    const url = process.env.DATABASE_URL
    const before = known()
    if (url) {
      const other = postgres(url, { max: 1, onnotice: () => {} })
      await other`update trips set title = title || ' ' where id = (select max(id) from trips)`
      await other.end()
    } else {
      // The embedded database has one connection: this process is the only instance there is.
      await t.db.execute(sql`update trips set title = title || ' ' where id = (select max(id) from trips)`)
    }
    await risesAbove(before)
  })

  it('keeps what a keptPerVersion loader made: once per key, however many ask, until the version rises', async () => {
    let loads = 0
    const load = async (_db: unknown, key: string) => {
      loads++
      await new Promise((r) => setTimeout(r, 10))
      if (key === 'kaputt') throw new Error('failed load')
      return key === 'nichts' ? null : { key }
    }
    const kept = keptPerVersion(load, (key: string) => key, 2)
    const [a, b] = await Promise.all([kept(t.db, 'a'), kept(t.db, 'a')])
    expect(a).toEqual({ key: 'a' })
    expect(b).toBe(a)
    expect(loads).toBe(1)
    // null is kept too; a failed load is not.
    expect(await kept(t.db, 'nichts')).toBeNull()
    expect(await kept(t.db, 'nichts')).toBeNull()
    expect(loads).toBe(2)
    await expect(kept(t.db, 'kaputt')).rejects.toThrow('failed load')
    await expect(kept(t.db, 'kaputt')).rejects.toThrow('failed load')
    expect(loads).toBe(4)
    // At most two keys: 'a' was pushed out by 'nichts' and 'kaputt' asked for after it.
    await kept(t.db, 'a')
    expect(loads).toBe(5)
    // A new version: everything is loaded afresh.
    const before = known()
    await t.db.execute(sql`update trips set title = title || ' ' where id = (select min(id) from trips)`)
    await risesAbove(before)
    expect(await kept(t.db, 'a')).not.toBe(a)
    expect(loads).toBe(6)
  })

  it('is unknown once no longer followed', async () => {
    await stop()
    expect(contentVersion()).toBeNull()
    stop = await followContentVersion(t)
    await vi.waitFor(() => expect(contentVersion()).not.toBeNull())
  })
})
