// The account's Merkliste (DESIGN 13), read and written by the browser's wish list while a customer
// is signed in (app/components/account/WishlistSync.tsx).
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { WISHLIST_MAX, tripIdSchema } from '~/lib/wishlist'
import type { Wishlist } from '~/lib/wishlist'
import { requireCustomer } from './account/customer.server'
import { syncWishlist } from './account/wishlist.server'
import { getDb } from './runtime.server'

export const syncAccountWishlist = createServerFn({ method: 'POST' })
  .validator(z.object({ ids: z.array(tripIdSchema).check(z.maxLength(WISHLIST_MAX)), mode: z.enum(['pull', 'merge', 'replace']) }))
  .handler(async ({ data }): Promise<Wishlist> => {
    const customer = await requireCustomer()
    return syncWishlist(await getDb(), customer.id, data.ids, data.mode)
  })
