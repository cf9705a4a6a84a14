// What the /test/ system status page reports about the catalogue.
import { count, eq } from 'drizzle-orm'
import type { Database } from '../db/database.server'
import { trips } from '../db/schema'

/** Published trips: a query that touches a real table, so the page proves the database answers. */
export async function publishedTripCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trips).where(eq(trips.published, true))
  return row?.n ?? 0
}
