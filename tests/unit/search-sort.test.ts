// Typed query of the results route: sorting, paging, Ferientermine (spec 5, DESIGN 5).
import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type * as z from 'zod/mini'
import { SEARCH_PARAMS_DEFAULTS, type SearchParams, searchParamsSchema } from '~/lib/search/sort'

describe('searchParamsSchema', () => {
  it('defaults to date, ascending, page 1, all dates (spec 5)', () => {
    expect(searchParamsSchema.parse({})).toEqual({ sortBy: 'date', sortDirection: 'asc', page: 1, ferien: false })
    expect(searchParamsSchema.parse({})).toEqual(SEARCH_PARAMS_DEFAULTS)
  })

  it('keeps valid values as the router reads them from the query', () => {
    expect(searchParamsSchema.parse({ sortBy: 'price', sortDirection: 'desc', page: 3, ferien: true })).toEqual({
      sortBy: 'price',
      sortDirection: 'desc',
      page: 3,
      ferien: true,
    })
    for (const sortBy of ['date', 'price', 'duration', 'name'] as const) {
      expect(searchParamsSchema.parse({ sortBy }).sortBy).toBe(sortBy)
    }
  })

  it('reads quoted numbers and flags', () => {
    expect(searchParamsSchema.parse({ page: '2', ferien: 'true' })).toMatchObject({ page: 2, ferien: true })
    expect(searchParamsSchema.parse({ ferien: '1' }).ferien).toBe(true)
    expect(searchParamsSchema.parse({ ferien: 'false' }).ferien).toBe(false)
    expect(searchParamsSchema.parse({ ferien: false }).ferien).toBe(false)
  })

  it('falls back to the default of each key that cannot be read, keeping the others', () => {
    expect(searchParamsSchema.parse({ sortBy: 'DATE', sortDirection: 'up', page: 2, ferien: 'nein' })).toEqual({
      sortBy: 'date',
      sortDirection: 'asc',
      page: 2,
      ferien: false,
    })
    for (const page of [0, -1, 2.5, '', 'abc', null, [], {}, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(searchParamsSchema.parse({ page }).page).toBe(1)
    }
  })

  it('types every key as optional for links and as present after parsing', () => {
    const linkSearch: z.input<typeof searchParamsSchema> = {}
    expect(searchParamsSchema.parse(linkSearch)).toEqual(SEARCH_PARAMS_DEFAULTS)
    expectTypeOf<SearchParams>().toEqualTypeOf<{
      sortBy: 'date' | 'price' | 'duration' | 'name'
      sortDirection: 'asc' | 'desc'
      page: number
      ferien: boolean
    }>()
  })

  it('drops unknown keys', () => {
    expect(searchParamsSchema.parse({ sortBy: 'name', foo: 'bar' })).not.toHaveProperty('foo')
  })

  it('never throws for any query the router can hand over', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue())
    const query = fc.record(
      { sortBy: value, sortDirection: value, page: value, ferien: value, other: value },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(query, (q) => {
        const parsed = searchParamsSchema.parse(q)
        expect(['date', 'price', 'duration', 'name']).toContain(parsed.sortBy)
        expect(['asc', 'desc']).toContain(parsed.sortDirection)
        expect(Number.isSafeInteger(parsed.page) && parsed.page >= 1).toBe(true)
        expect(typeof parsed.ferien).toBe('boolean')
      }),
      { numRuns: 2000 },
    )
  })
})
