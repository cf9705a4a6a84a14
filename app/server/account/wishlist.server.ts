// The Merkliste kept in the account (DESIGN 13), so that it is the same on phone and computer: at
// the first sign-in in a browser the browser's list and the account's are merged; after that the
// browser sends each change (the whole list) and reads the account's list on each visit.
import { eq } from 'drizzle-orm'
import { mergeWishlists, normaliseWishlist } from '~/lib/wishlist'
import type { Wishlist } from '~/lib/wishlist'
import type { Database } from '../db/database.server'
import { customerWishlists } from '../db/schema'

export type WishlistSync = 'pull' | 'merge' | 'replace'

/** The account's list after `mode`: read it, merge the browser's into it (the browser's first), or replace it. */
export async function syncWishlist(db: Database, userId: string, browserList: Wishlist, mode: WishlistSync): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    await tx.insert(customerWishlists).values({ userId }).onConflictDoNothing()
    const [row] = await tx.select({ tripIds: customerWishlists.tripIds }).from(customerWishlists).where(eq(customerWishlists.userId, userId)).for('update')
    const stored = normaliseWishlist(row?.tripIds ?? [])
    if (mode === 'pull') return stored
    const next = mode === 'merge' ? mergeWishlists(normaliseWishlist(browserList), stored).list : normaliseWishlist(browserList)
    await tx.update(customerWishlists).set({ tripIds: [...next], updatedAt: new Date() }).where(eq(customerWishlists.userId, userId))
    return next
  })
}
