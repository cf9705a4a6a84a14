// How the search takes one page of results (app/server/services/search/pages.server.ts): walk an index in
// sort order and stop after the page, or sort all matches. Pure rules over the counts the search
// already has, so that they are tested without a database.
import type { SortBy } from './sort'

/**
 * Whether a page is taken by walking an index in sort order (and stopping after one page)
 * rather than by sorting all matches. Walking reads about wanted × trips / matches rows when
 * the matches are spread evenly over the order, but up to every row when they cluster at the
 * far end, and the planner, which always assumes the even spread, would walk for a few hundred
 * matches and lose badly. Prices and durations cluster by kind of trip (river cruises are all
 * dear: 90,000 rows read for the 24 cheapest), so those walk only for half of all trips or
 * more, where the walk cannot read much more than sorting would. Dates and names cluster less
 * (Gardasee trips start in spring): they walk when sorting would read at least ten times the
 * rows an even walk reads.
 */
export function shouldWalk(sortBy: SortBy, matches: number, wanted: number, trips: number): boolean {
  if (matches < 2 * wanted) return false
  if (sortBy === 'price' || sortBy === 'duration') return matches >= 0.5 * trips
  return matches * matches >= 10 * wanted * trips
}

/**
 * How far a page may walk the sort index before giving up, when shouldWalk would rather sort.
 * Sorting looks up every match by its id; walking reads index entries in order, and where the
 * matches are spread evenly it finds a page after wanted × trips / matches of them. A walk of
 * WALK_SLACK times that finds its page unless the matches cluster at the far end, and costs
 * less than the lookups it saves; when it comes back short, the matches are sorted after all.
 * Null: the matches are few enough to sort at once.
 */
export function walkBudget(sortBy: SortBy, matches: number, wanted: number, trips: number): number | null {
  // Prices and durations cluster by kind of trip (see shouldWalk): such walks came back short.
  if (sortBy === 'price' || sortBy === 'duration' || matches < 2 * wanted) return null
  const budget = Math.ceil((WALK_SLACK * wanted * trips) / matches)
  return budget < matches ? Math.max(budget, MIN_WALK_BUDGET) : null
}

const WALK_SLACK = 8
/** Below this, a walk costs no more than the fixed cost of a query. */
const MIN_WALK_BUDGET = 500
