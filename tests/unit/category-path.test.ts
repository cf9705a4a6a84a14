// The category overview's path (spec 2: "/reiseuebersicht/{category}/{page}, page optional, multi-segment").
import { describe, expect, it } from 'vitest'
import { categoryPath, categorySearchSchema, categorySplat, parseCategorySplat, sortSearch } from '~/lib/category-path'

describe('parseCategorySplat', () => {
  it('reads the overview of all categories', () => {
    expect(parseCategorySplat('')).toEqual({ kind: 'index' })
    expect(parseCategorySplat('/')).toEqual({ kind: 'index' })
  })

  it('reads a category, with and without the trailing slash', () => {
    const expected = { kind: 'category', path: { category: 'busreisen', country: null, page: 1 }, canonical: true }
    expect(parseCategorySplat('busreisen/')).toEqual(expected)
    expect(parseCategorySplat('busreisen')).toEqual(expected)
  })

  it('reads a page number', () => {
    expect(parseCategorySplat('busreisen/2/')).toEqual({
      kind: 'category',
      path: { category: 'busreisen', country: null, page: 2 },
      canonical: true,
    })
  })

  it('marks page 1 as a non-canonical spelling', () => {
    expect(parseCategorySplat('busreisen/1/')).toMatchObject({ kind: 'category', canonical: false, path: { page: 1 } })
  })

  it('reads a travel country and its pages', () => {
    expect(parseCategorySplat('busreisen/italien/')).toMatchObject({ path: { category: 'busreisen', country: 'italien', page: 1 } })
    expect(parseCategorySplat('busreisen/italien/3/')).toMatchObject({ path: { category: 'busreisen', country: 'italien', page: 3 } })
  })

  it.each(['busreisen/0/', 'busreisen/02/', 'busreisen/2/3/', 'busreisen/italien/x/', 'a/b/c/d/', 'Busreisen/', 'bus_reisen/', 'busreisen//2/', '-bus/', 'busreisen/%20/'])(
    'refuses %j',
    (splat) => {
      expect(parseCategorySplat(splat)).toEqual({ kind: 'invalid' })
    },
  )
})

describe('building paths', () => {
  it('leaves page 1 out and ends with a slash', () => {
    expect(categoryPath({ category: 'busreisen', country: null, page: 1 })).toBe('/reiseuebersicht/busreisen/')
    expect(categoryPath({ category: 'busreisen', country: null, page: 2 })).toBe('/reiseuebersicht/busreisen/2/')
    expect(categorySplat({ category: 'busreisen', country: 'italien', page: 3 })).toBe('busreisen/italien/3')
  })

  it('reads back what it builds', () => {
    for (const path of [
      { category: 'flugreisen', country: null, page: 1 },
      { category: 'flugreisen', country: null, page: 7 },
      { category: 'flugreisen', country: 'spanien', page: 4 },
    ]) {
      expect(parseCategorySplat(categorySplat(path))).toEqual({ kind: 'category', path, canonical: true })
    }
  })
})

describe('sorting query', () => {
  it('defaults to date ascending and catches garbage', () => {
    expect(categorySearchSchema.parse({})).toEqual({ sortBy: 'date', sortDirection: 'asc' })
    expect(categorySearchSchema.parse({ sortBy: 'evil', sortDirection: 3 })).toEqual({ sortBy: 'date', sortDirection: 'asc' })
    expect(categorySearchSchema.parse({ sortBy: 'price', sortDirection: 'desc' })).toEqual({ sortBy: 'price', sortDirection: 'desc' })
  })

  it('keeps only what differs from the defaults', () => {
    expect(sortSearch({ sortBy: 'date', sortDirection: 'asc' })).toEqual({})
    expect(sortSearch({ sortBy: 'price', sortDirection: 'asc' })).toEqual({ sortBy: 'price' })
    expect(sortSearch({ sortBy: 'date', sortDirection: 'desc' })).toEqual({ sortDirection: 'desc' })
  })
})
