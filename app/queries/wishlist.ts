// Query factory of the wish list's trips (the ids live in the browser).
import { queryOptions } from '@tanstack/react-query'
import type { Wishlist } from '~/lib/wishlist'
import { fetchWishlistTrips } from '~/server/wishlist.functions'

export const wishlistTripsQuery = (ids: Wishlist) =>
  queryOptions({ queryKey: ['wishlist', 'trips', ids.join(',')], queryFn: () => fetchWishlistTrips({ data: { ids: [...ids] } }) })
