// The Merkliste's pure store logic: what is read from localStorage and how the list changes.
import { describe, expect, it } from 'vitest'
import {
  withChangesSince,
  WISHLIST_MAX,
  addToWishlist,
  formatIdsParam,
  isInWishlist,
  mergeWishlists,
  parseIdsParam,
  parseWishlist,
  removeFromWishlist,
  sameWishlist,
  serialiseWishlist,
  toggleInWishlist,
  wishlistShareHref,
} from '~/lib/wishlist'

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)

describe('reading the stored list', () => {
  it('reads a JSON array of trip ids', () => {
    expect(parseWishlist('[12,40,7]')).toEqual([12, 40, 7])
  })

  it.each([null, undefined, '', 'null', '{}', '{"ids":[1]}', '"12"', '12', 'not json', '[1,2', 'true'])(
    'treats %j as an empty list',
    (raw) => {
      expect(parseWishlist(raw)).toEqual([])
    },
  )

  it('keeps the valid ids of an array and drops the rest', () => {
    expect(parseWishlist('[12,"40",-1,0,1.5,null,{"id":3},7,2147483648]')).toEqual([12, 7])
  })

  it('drops repeated ids, keeping the first position', () => {
    expect(parseWishlist('[3,1,3,2,1]')).toEqual([3, 1, 2])
  })

  it(`keeps at most ${WISHLIST_MAX} ids`, () => {
    expect(parseWishlist(JSON.stringify(range(150)))).toEqual(range(WISHLIST_MAX))
  })

  it('round-trips through serialiseWishlist', () => {
    const list = [5, 9, 1]
    expect(serialiseWishlist(list)).toBe('[5,9,1]')
    expect(parseWishlist(serialiseWishlist(list))).toEqual(list)
  })
})

describe('changing the list', () => {
  it('adds a new trip at the top', () => {
    expect(addToWishlist([1, 2], 9)).toEqual({ status: 'added', list: [9, 1, 2] })
  })

  it('does not add a trip twice', () => {
    const list = [1, 2]
    const result = addToWishlist(list, 2)
    expect(result.status).toBe('exists')
    expect(result.list).toBe(list)
  })

  it('refuses an invalid id', () => {
    expect(addToWishlist([1], 0).status).toBe('invalid')
    expect(addToWishlist([1], 2.5).status).toBe('invalid')
  })

  it('refuses to grow beyond the maximum', () => {
    const full = range(WISHLIST_MAX)
    const result = addToWishlist(full, 1000)
    expect(result.status).toBe('full')
    expect(result.list).toHaveLength(WISHLIST_MAX)
    expect(isInWishlist(result.list, 1000)).toBe(false)
  })

  it('removes a trip and leaves the list untouched when it is absent', () => {
    expect(removeFromWishlist([1, 2, 3], 2)).toEqual([1, 3])
    const list = [1, 3]
    expect(removeFromWishlist(list, 9)).toBe(list)
  })

  it('toggles a trip on and off', () => {
    const on = toggleInWishlist([4], 7)
    expect(on).toEqual({ status: 'added', list: [7, 4] })
    const off = toggleInWishlist(on.list, 7)
    expect(off).toEqual({ status: 'removed', list: [4] })
    expect(toggleInWishlist(range(WISHLIST_MAX), 5000).status).toBe('full')
  })
})

describe('taking over a shared list', () => {
  it('appends the new ids in the shared order and keeps its own order', () => {
    expect(mergeWishlists([3, 1], [1, 5, 4])).toEqual({ list: [3, 1, 5, 4], added: 2, skipped: 0 })
  })

  it('returns the same list when nothing is new', () => {
    const own = [1, 2]
    const result = mergeWishlists(own, [2, 1])
    expect(result.list).toBe(own)
    expect(result.added).toBe(0)
  })

  it('stops at the maximum and counts what did not fit', () => {
    const result = mergeWishlists(range(WISHLIST_MAX - 1), [500, 501, 502])
    expect(result.list).toHaveLength(WISHLIST_MAX)
    expect(result).toMatchObject({ added: 1, skipped: 2 })
    expect(result.list.at(-1)).toBe(500)
  })
})

describe('the share link (?ids=12,40,7)', () => {
  it('reads a comma list, a single number and a quoted single id', () => {
    expect(parseIdsParam('12,40,7')).toEqual([12, 40, 7])
    expect(parseIdsParam(12)).toEqual([12])
    expect(parseIdsParam('12')).toEqual([12])
  })

  it('skips junk, blanks and repeats', () => {
    expect(parseIdsParam(' 12, x ,,40,12,-3,7.5,0 ')).toEqual([12, 40])
    expect(parseIdsParam(undefined)).toEqual([])
    expect(parseIdsParam({ ids: [1] })).toEqual([])
    expect(parseIdsParam('99999999999')).toEqual([])
  })

  it('writes the list it reads', () => {
    expect(formatIdsParam([12, 40, 7])).toBe('12,40,7')
    expect(parseIdsParam(formatIdsParam([12, 40, 7]))).toEqual([12, 40, 7])
    expect(wishlistShareHref([12, 40])).toBe('/reiseuebersicht/merkliste/?ids=12,40')
    expect(wishlistShareHref([])).toBe('/reiseuebersicht/merkliste/')
  })

  it('compares lists by ids and order', () => {
    expect(sameWishlist([1, 2], [1, 2])).toBe(true)
    expect(sameWishlist([1, 2], [2, 1])).toBe(false)
    expect(sameWishlist([1], [1, 2])).toBe(false)
  })
})

describe('a change made while the account’s list was on its way', () => {
  it('stays: removed here stays removed, added here is added, the rest is the account’s', () => {
    // Sent [1, 2]; meanwhile 1 taken off and 5 put on here; the account (another device) has [1, 2, 3].
    expect(withChangesSince([1, 2, 3], [1, 2], [2, 5])).toEqual([2, 3, 5])
  })
  it('is the account’s list when nothing changed here', () => {
    expect(withChangesSince([3, 1], [1, 2], [1, 2])).toEqual([3, 1])
  })
  it('adds nothing twice', () => {
    expect(withChangesSince([4], [], [4])).toEqual([4])
  })
})
