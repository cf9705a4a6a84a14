// The Merkliste's ids → trip cards. Ids of trips that no longer exist or are unpublished come back
// as `missing`, so the page can offer to remove them instead of failing.
import { and, eq, inArray } from 'drizzle-orm'
import * as z from 'zod/mini'
import { tripCardSchema } from '~/lib/trip-card'
import type { Wishlist } from '~/lib/wishlist'
import type { Database } from '../db/database.server'
import { trips } from '../db/schema'
import { loadTripCards } from './trip-cards.server'

export const resolvedWishlistSchema = z.object({
  /** In the order of the list. */
  trips: z.array(tripCardSchema),
  missing: z.array(z.number().check(z.int())),
})
export type ResolvedWishlist = z.infer<typeof resolvedWishlistSchema>

export async function resolveWishlist(db: Database, ids: Wishlist, today?: string): Promise<ResolvedWishlist> {
  if (ids.length === 0) return { trips: [], missing: [] }
  const published = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(inArray(trips.id, [...ids]), eq(trips.published, true)))
  const available = new Set(published.map((row) => row.id))
  const cards = await loadTripCards(db, ids.filter((id) => available.has(id)), today)
  const found = new Set(cards.map((card) => card.id))
  return { trips: cards, missing: ids.filter((id) => !found.has(id)) }
}
