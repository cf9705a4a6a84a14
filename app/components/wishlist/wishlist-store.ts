// The Merkliste in this browser: localStorage under 'merkliste', shared by every tab (the `storage`
// event tells the other tabs), read through useSyncExternalStore. On the server it is always empty.
import {
  WISHLIST_STORAGE_KEY,
  mergeWishlists,
  parseWishlist,
  removeFromWishlist,
  serialiseWishlist,
  toggleInWishlist,
} from '~/lib/wishlist'
import type { MergeResult, ToggleResult, Wishlist } from '~/lib/wishlist'

const EMPTY: Wishlist = Object.freeze([])

const listeners = new Set<() => void>()
// The parsed list is kept as long as the stored text is unchanged, so getSnapshot returns the same
// array between changes (what useSyncExternalStore requires).
let cached: { raw: string | null; list: Wishlist } = { raw: null, list: EMPTY }
// When storage is unavailable (blocked, full) the list still works for this page view, in memory.
let memory: string | null = null
let storageFailed = false

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function readRaw(): string | null {
  const store = storage()
  if (!store || storageFailed) return memory
  try {
    return store.getItem(WISHLIST_STORAGE_KEY)
  } catch {
    return memory
  }
}

export function getWishlist(): Wishlist {
  const raw = readRaw()
  if (raw !== cached.raw) cached = { raw, list: parseWishlist(raw) }
  return cached.list
}

export function getServerWishlist(): Wishlist {
  return EMPTY
}

function emit() {
  for (const listener of [...listeners]) listener()
}

function write(list: Wishlist): void {
  const raw = serialiseWishlist(list)
  memory = raw
  try {
    const store = storage()
    if (store) store.setItem(WISHLIST_STORAGE_KEY, raw)
    else storageFailed = true
  } catch {
    storageFailed = true
  }
  emit()
}

function onStorage(event: StorageEvent) {
  // key null: another tab cleared the whole storage.
  if (event.key === WISHLIST_STORAGE_KEY || event.key === null) emit()
}

export function subscribeWishlist(listener: () => void): () => void {
  listeners.add(listener)
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}

export function toggleWishlistEntry(id: number): ToggleResult {
  const result = toggleInWishlist(getWishlist(), id)
  if (result.status === 'added' || result.status === 'removed') write(result.list)
  return result
}

export function removeWishlistEntry(id: number): Wishlist {
  const before = getWishlist()
  const list = removeFromWishlist(before, id)
  if (list !== before) write(list)
  return list
}

export function mergeIntoWishlist(incoming: Wishlist): MergeResult {
  const result = mergeWishlists(getWishlist(), incoming)
  if (result.added > 0) write(result.list)
  return result
}

/** The list as the customer's account keeps it (signed in on another device meanwhile). */
export function replaceWishlist(list: Wishlist): void {
  if (serialiseWishlist(list) !== serialiseWishlist(getWishlist())) write(list)
}
