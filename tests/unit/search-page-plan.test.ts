// When the search walks an index in sort order and when it sorts all matches (app/lib/search/page-plan.ts).
import { describe, expect, it } from 'vitest'
import { shouldWalk, walkBudget } from '~/lib/search/page-plan'

const TRIPS = 100_000
const PAGE = 24

describe('shouldWalk', () => {
  it('never walks for fewer than two pages of matches', () => {
    for (const sortBy of ['date', 'name', 'price', 'duration'] as const) expect(shouldWalk(sortBy, 2 * PAGE - 1, PAGE, TRIPS)).toBe(false)
  })
  it('walks by date or name when sorting would read ten times the rows an even walk reads', () => {
    // matches² ≥ 10 × wanted × trips = 24,000,000: 4,898² falls short, 4,899² reaches it.
    expect(shouldWalk('date', 4_898, PAGE, TRIPS)).toBe(false)
    expect(shouldWalk('date', 4_899, PAGE, TRIPS)).toBe(true)
    expect(shouldWalk('name', 90_000, PAGE, TRIPS)).toBe(true)
  })
  it('walks by price or duration only for half of all trips or more (they cluster by kind of trip)', () => {
    expect(shouldWalk('price', 49_999, PAGE, TRIPS)).toBe(false)
    expect(shouldWalk('price', 50_000, PAGE, TRIPS)).toBe(true)
    expect(shouldWalk('duration', 40_000, PAGE, TRIPS)).toBe(false)
  })
})

describe('walkBudget', () => {
  it('gives no budget to price and duration walks, nor to fewer than two pages of matches', () => {
    expect(walkBudget('price', 10_000, PAGE, TRIPS)).toBeNull()
    expect(walkBudget('duration', 10_000, PAGE, TRIPS)).toBeNull()
    expect(walkBudget('date', 40, PAGE, TRIPS)).toBeNull()
  })
  it('allows eight times the rows an even walk reads, at least 500, and nothing when that is no cheaper than sorting', () => {
    // 8 × 24 × 100,000 / 10,000 = 1,920 rows
    expect(walkBudget('date', 10_000, PAGE, TRIPS)).toBe(1_920)
    // 8 × 24 × 100,000 / 60,000 = 320 → the floor of 500
    expect(walkBudget('name', 60_000, PAGE, TRIPS)).toBe(500)
    // 8 × 24 × 100,000 / 2,000 = 9,600 ≥ 2,000 matches: sorting them is cheaper
    expect(walkBudget('date', 2_000, PAGE, TRIPS)).toBeNull()
  })
})
