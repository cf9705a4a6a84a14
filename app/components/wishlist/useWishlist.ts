import { useSyncExternalStore } from 'react'
import type { Wishlist } from '~/lib/wishlist'
import { getServerWishlist, getWishlist, subscribeWishlist } from './wishlist-store'

/**
 * The Merkliste's trip ids. The server and the hydrating render see an empty list (so the markup
 * matches); React then re-renders with the stored list.
 */
export function useWishlist(): Wishlist {
  return useSyncExternalStore(subscribeWishlist, getWishlist, getServerWishlist)
}
