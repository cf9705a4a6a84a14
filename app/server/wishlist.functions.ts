import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { WISHLIST_MAX, tripIdSchema } from '~/lib/wishlist'
import { getDb } from './runtime.server'
import { resolveWishlist } from './services/wishlist.server'

/** Merkliste ids → trip cards plus the ids of trips that are gone (shown as "nicht mehr verfügbar"). */
export const fetchWishlistTrips = createServerFn({ method: 'GET' })
  .validator(z.object({ ids: z.array(tripIdSchema).check(z.maxLength(WISHLIST_MAX)) }))
  .handler(async ({ data }) => resolveWishlist(await getDb(), data.ids))
