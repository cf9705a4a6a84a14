// The Merkliste as plain data: a list of trip ids, newest first, as it is kept in localStorage and
// shared through `?ids=12,40,7`. No React, no storage access: the browser binding lives in
// app/components/wishlist/.
import * as z from 'zod/mini'
import { MAX_ID } from './ids'

/** localStorage key; the value is a JSON array of trip ids. */
export const WISHLIST_STORAGE_KEY = 'merkliste'

/** More would make the page slow and the share link too long for some mail programs. */
export const WISHLIST_MAX = 100

export type Wishlist = readonly number[]

// Trip ids are PostgreSQL integers.
export const tripIdSchema = z.int().check(z.positive(), z.lte(MAX_ID))

const EMPTY: Wishlist = Object.freeze([])

/** Drops invalid and repeated ids and keeps at most WISHLIST_MAX, in the given order. */
export function normaliseWishlist(ids: readonly unknown[]): Wishlist {
  const seen = new Set<number>()
  const list: number[] = []
  for (const value of ids) {
    const parsed = tripIdSchema.safeParse(value)
    if (!parsed.success || seen.has(parsed.data)) continue
    seen.add(parsed.data)
    list.push(parsed.data)
    if (list.length === WISHLIST_MAX) break
  }
  return list
}

/**
 * Reads the stored value. Anything that is not a JSON array (garbage, an object, a truncated
 * write) is the empty list; inside an array only the valid ids are kept, so one bad entry does not
 * cost the visitor the rest of the list.
 */
export function parseWishlist(raw: string | null | undefined): Wishlist {
  if (raw === null || raw === undefined || raw === '') return EMPTY
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return EMPTY
  }
  const array = z.array(z.unknown()).safeParse(data)
  return array.success ? normaliseWishlist(array.data) : EMPTY
}

export function serialiseWishlist(list: Wishlist): string {
  return JSON.stringify(normaliseWishlist(list))
}

export function isInWishlist(list: Wishlist, id: number): boolean {
  return list.includes(id)
}

export type AddResult = { status: 'added' | 'exists' | 'full' | 'invalid'; list: Wishlist }

/** New entries go first: the page shows the most recently noted trip at the top. */
export function addToWishlist(list: Wishlist, id: number): AddResult {
  if (!tripIdSchema.safeParse(id).success) return { status: 'invalid', list }
  if (list.includes(id)) return { status: 'exists', list }
  if (list.length >= WISHLIST_MAX) return { status: 'full', list }
  return { status: 'added', list: [id, ...list] }
}

export function removeFromWishlist(list: Wishlist, id: number): Wishlist {
  return list.includes(id) ? list.filter((entry) => entry !== id) : list
}

export type ToggleResult = { status: 'added' | 'removed' | 'full' | 'invalid'; list: Wishlist }

export function toggleInWishlist(list: Wishlist, id: number): ToggleResult {
  if (list.includes(id)) return { status: 'removed', list: removeFromWishlist(list, id) }
  const { status, list: next } = addToWishlist(list, id)
  // 'exists' cannot happen here: the id was not in the list.
  return { status: status === 'exists' ? 'added' : status, list: next }
}

export type MergeResult = { list: Wishlist; added: number; skipped: number }

/**
 * Takes over a shared list: own entries stay where they are, new ones are appended in the shared
 * order until the list is full; `skipped` counts those that did not fit.
 */
export function mergeWishlists(own: Wishlist, incoming: Wishlist): MergeResult {
  const list = [...own]
  let added = 0
  let skipped = 0
  for (const id of normaliseWishlist(incoming)) {
    if (list.includes(id)) continue
    if (list.length >= WISHLIST_MAX) {
      skipped++
      continue
    }
    list.push(id)
    added++
  }
  return { list: added === 0 ? own : list, added, skipped }
}

/**
 * The `ids` query value of a share link. The router hands over '12,40,7' as a string but a single
 * id as the number 12, and a hand-typed link may have blanks or junk: every valid id is kept.
 */
export function parseIdsParam(value: unknown): Wishlist {
  if (typeof value === 'number') return normaliseWishlist([value])
  if (typeof value !== 'string') return EMPTY
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
  return normaliseWishlist(parts)
}

export function formatIdsParam(list: Wishlist): string {
  return normaliseWishlist(list).join(',')
}

/** The share link for a list (a path with query; the page turns it into an absolute URL). */
export function wishlistShareHref(list: Wishlist, path = '/reiseuebersicht/merkliste/'): string {
  const ids = formatIdsParam(list)
  return ids === '' ? path : `${path}?ids=${ids}`
}

export function sameWishlist(a: Wishlist, b: Wishlist): boolean {
  return a.length === b.length && a.every((id, i) => b[i] === id)
}

/**
 * `base` (the account's list) with what changed from `before` to `after` (this browser's list while
 * the account's answer was on its way): trips added here are added, trips removed here removed.
 */
export function withChangesSince(base: Wishlist, before: Wishlist, after: Wishlist): Wishlist {
  const removed = new Set(before.filter((id) => !after.includes(id)))
  const added = after.filter((id) => !before.includes(id) && !base.includes(id))
  return [...base.filter((id) => !removed.has(id)), ...added]
}
