// One page of results: the ways of taking it (an index walk in sort order, a kept ordered list, a
// bounded chunk of it, or sorting every match), chosen by the pure rules of ~/lib/search/page-plan.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { intArray, queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'
import { TRIP_KEYS, allTripConditions, dateMatchConditions, hasMatchingDate, matching, usesDates } from './filters.server'
import type { Filter, Matching } from './filters.server'
import { catalogueVersion } from './prepare.server'

/** How a page is taken; unset fields are decided per search. */
export type PagePlan = {
  /**
   * From this many matches on, walk an index in sort order instead of sorting all matches
   * (else shouldWalk decides).
   */
  indexWalkFrom?: number
  /** Rows of the sort index a page may read before the matches are sorted instead (else walkBudget decides). */
  walkBudget?: number
  /** False: never page through a kept ordered list (see orderedList). */
  orderedLists?: boolean
  /** False: never take a page from the facet index (see pageFromIndex): the database's ways only. */
  fromIndex?: boolean
  /** How many trips of the list pageByBound takes first (else sized by the share that matches). */
  boundChunk?: number
}

/**
 * Ties go by title, then id, in the same direction as the sort (descending reverses the whole
 * list), so the order is the same on every request and one index per sort serves both ways.
 */
export function orderBy(m: Pick<Matching, 'nextDate' | 'minPrice'>, sortBy: SortBy, direction: SortDirection, walkIndex: boolean): SQL {
  const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc')
  // "+ 0" and "|| ''" keep a value but hide the column from the planner's index matching.
  if (sortBy === 'name') return walkIndex ? sql`s.title_key ${dir}, s.trip_id ${dir}` : sql`s.title_key || '' ${dir}, s.trip_id ${dir}`
  const key = sortBy === 'date' ? m.nextDate : sortBy === 'price' ? m.minPrice : sql`s.duration_days`
  return sql`${walkIndex ? key : sql`${key} + 0`} ${dir}, s.title_key ${dir}, s.trip_id ${dir}`
}

const VERSION_ROW = sql`(select null::int as id, version::text as version from trip_search_meta)`
const pageRow = z.object({ id: z.nullable(z.number().check(z.int())), version: z.nullable(z.string()) })

type PageOptions = {
  sortBy: SortBy
  sortDirection: SortDirection
  offset: number
  limit: number
  walkIndex: boolean
  /** Index rows a page without date filters may read in order before the matches are sorted. */
  budget: number | null
  /** The trips of the search's base in sort order (see orderedList), when kept; asked for only when used. */
  ordered: (() => Promise<readonly number[] | null>) | null
  /** How many trips match the whole search. */
  total: number
  /** See PagePlan. */
  boundChunk?: number
  /** The page from the facet index (pageFromIndex), or null when it cannot answer; tried first. */
  fromIndex: (() => Promise<number[] | null>) | null
}
type Found = { ids: number[]; version: string }

export function found(rows: z.infer<typeof pageRow>[], take?: { offset: number; limit: number }): Found {
  let ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]))
  if (take) ids = [...new Set(ids)].slice(take.offset, take.offset + take.limit)
  return { ids, version: rows.find((r) => r.version !== null)?.version ?? '0' }
}

/**
 * One page of ids, and the catalogue version the database has now, from the facet index in memory
 * (options.fromIndex) when it can answer; else from the database (one round trip for both), taken
 * the first of these ways that applies:
 * 1. read off the base's ordered list (pageFromOrdered), or with date filters and an ascending
 *    date or price order, bounded by it (pageByBound);
 * 2. with date filters: the order by name or duration walks trip_search and asks for one
 *    matching date per trip; the first date and lowest price (ascending) walk trip_dates in that
 *    order and keep each trip's first appearance, which is its first date or lowest price;
 * 3. without: a walk of the sort index within a row budget (walkWithinBudget);
 * 4. sorting every match: the descending date and price orders with date filters group every
 *    matching date first.
 */
export async function pageIds(db: Database, filter: Filter, options: PageOptions): Promise<Found> {
  if (options.fromIndex) {
    const ids = await options.fromIndex()
    // The version as the page query would report it: a search that knew an earlier one runs again.
    if (ids) return { ids, version: await catalogueVersion(db) }
  }
  const walkIndex = options.walkIndex
  if (options.ordered) {
    if (!usesDates(filter) || options.sortBy === 'name' || options.sortBy === 'duration') {
      const list = await options.ordered()
      if (list) return pageFromOrdered(db, filter, list, options)
    } else if (options.sortDirection === 'asc' && (options.sortBy === 'price' || filter.search.start === null)) {
      // (A date range that begins later than most next dates would leave those bounds far too low.)
      const list = await options.ordered()
      const bounded = list && (await pageByBound(db, filter, list, options))
      if (bounded) return bounded
    }
  }
  // Next date first within a date range: the walk reads at most the range's dates, which is
  // what grouping them would read anyway.
  const rangeWalk = usesDates(filter) && options.sortBy === 'date' && options.sortDirection === 'asc' && filter.search.end !== null
  const f: Filter = { ...filter, walking: walkIndex || rangeWalk }
  if (rangeWalk) return walkDates(db, f, options)
  if (usesDates(f) && walkIndex) {
    if (options.sortBy === 'name' || options.sortBy === 'duration') {
      // Name and duration are the trip's own: its dates only decide whether it matches.
      const rows = await queryRows(
        db,
        sql`${VERSION_ROW} union all (select s.trip_id, null from trip_search s
          where ${sql.join([...allTripConditions(f), hasMatchingDate(f)], sql` and `)}
          order by ${orderBy(TRIP_KEYS, options.sortBy, options.sortDirection, true)}
          limit ${options.limit} offset ${options.offset})`,
        pageRow,
      )
      return found(rows)
    }
    if (options.sortDirection === 'asc') return walkDates(db, f, options)
  }
  if (!usesDates(f) && !walkIndex && options.budget !== null) {
    const walked = await walkWithinBudget(db, f, options, options.budget)
    if (walked) return walked
  }
  const m = matching(f)
  const rows = await queryRows(
    db,
    sql`${m.with === null ? sql`` : sql`with ${m.with} `}${VERSION_ROW}
      union all
      (select s.trip_id, null from ${m.from}
       where ${m.where}
       order by ${orderBy(m, options.sortBy, options.sortDirection, walkIndex)}
       limit ${options.limit} offset ${options.offset})`,
    pageRow,
  )
  return found(rows)
}

/**
 * The first `budget` trips in sort order, of those with upcoming dates: the matches among them
 * are the first matches overall. Null when they are too few for the page.
 */
async function walkWithinBudget(db: Database, f: Filter, options: PageOptions, budget: number): Promise<Found | null> {
  const m = matching({ ...f, walking: true })
  const order = orderBy(m, options.sortBy, options.sortDirection, true)
  const rows = await queryRows(
    db,
    sql`${VERSION_ROW} union all (select s.trip_id, null from (
        select * from trip_search s where s.next_date >= ${f.today}::date order by ${order} limit ${budget}
      ) s
      where ${m.where}
      order by ${order}
      limit ${options.limit} offset ${options.offset})`,
    pageRow,
  )
  const walked = found(rows)
  return walked.ids.length === options.limit ? walked : null
}

/**
 * A page read off the base's ordered list (ascending; read backwards for descending, which
 * reverses ties too, as the sort does): its trips are tested against the whole search in
 * batches, in list order, until the page is full. A batch is sized by the share of the list
 * that matches, twice over (matches cluster in the order too, and a few ids more cost less than
 * another round trip), so that one batch usually does.
 */
export async function pageFromOrdered(db: Database, f: Filter, ordered: readonly number[], options: PageOptions): Promise<Found> {
  const n = ordered.length
  // Trips from..to of the list in the page's direction, without copying the whole list.
  const take = (from: number, to: number) =>
    options.sortDirection === 'desc' ? ordered.slice(Math.max(0, n - to), n - from).reverse() : ordered.slice(from, to)
  const wanted = options.offset + options.limit
  // The base's own condition is true of every trip on the list.
  const own = allTripConditions({ ...f, text: null })
  if (usesDates(f)) own.push(hasMatchingDate(f))
  const conditions = sql.join(own, sql` and `)
  const kept: number[] = []
  let version = '0'
  let batch = Math.ceil((wanted * n * 2) / Math.max(1, options.total)) + 16
  for (let from = 0; kept.length < wanted && from < n; from += batch, batch *= 4) {
    const chunk = take(from, from + batch)
    const rows = await queryRows(
      db,
      sql`${VERSION_ROW} union all (select s.trip_id, null from trip_search s where s.trip_id = any(${intArray(chunk)}) and ${conditions})`,
      pageRow,
    )
    const result = found(rows)
    version = result.version
    const matches = new Set(result.ids)
    for (const id of chunk) if (matches.has(id)) kept.push(id)
  }
  return { ids: kept.slice(options.offset, wanted), version }
}

const boundRow = z.object({ id: z.nullable(z.number().check(z.int())), version: z.nullable(z.string()), complete: z.nullable(z.boolean()) })

/**
 * The most trips of a list pageByBound reads (below LATERAL_DATES_MAX_TRIPS, so that their
 * dates are read trip by trip); bounds that prove too little by then give way to grouping all
 * matching dates.
 */
const MAX_BOUNDED_TRIPS = 4_000

/**
 * With date filters, a trip sorts by its first matching date or lowest matching price, which
 * is never before its first upcoming date or below its lowest upcoming price: the order of the
 * base's ordered list. Taking the list's first trips, once `wanted` of them have a matching
 * key below the bound of the next trip on the list, no trip further down can come before
 * them: the page is theirs, sorted as the whole search would sort it. Else more of the list is
 * taken. Null when that would be more trips than sorting all matches reads.
 */
export async function pageByBound(db: Database, f: Filter, ordered: readonly number[], options: PageOptions): Promise<Found | null> {
  const wanted = options.offset + options.limit
  const bound = options.sortBy === 'price' ? sql`s.min_price` : sql`s.next_date`
  const first = options.boundChunk ?? Math.ceil((wanted * ordered.length * 1.5) / Math.max(1, options.total)) + 8
  for (let size = Math.min(first, MAX_BOUNDED_TRIPS); ; size = Math.min(size * 4, MAX_BOUNDED_TRIPS)) {
    const chunk = ordered.slice(0, size)
    const next = ordered[chunk.length]
    // The base's own condition is true of every trip on the list.
    const m = matching({ ...f, text: null, within: chunk })
    const key = options.sortBy === 'price' ? m.minPrice : m.nextDate
    const rows = await queryRows(
      db,
      sql`with ${m.with ?? sql``}
        select null::int as id, version::text as version, ${
          next === undefined
            ? sql`true`
            : sql`(select count(*) from ${m.from} where ${m.where} and ${key} < (select ${bound} from trip_search s where s.trip_id = ${next})) >= ${wanted}`
        } as complete from trip_search_meta
        union all
        (select s.trip_id, null, null from ${m.from}
         where ${m.where}
         order by ${orderBy(m, options.sortBy, options.sortDirection, false)}
         limit ${options.limit} offset ${options.offset})`,
      boundRow,
    )
    if (rows.some((r) => r.complete === true)) return found(rows.map(({ id, version }) => ({ id, version })))
    if (next === undefined || size >= MAX_BOUNDED_TRIPS) return null
  }
}

/** Dates in ascending order of start or price, joined to their trips; the first rows that hold enough different trips. */
async function walkDates(db: Database, f: Filter, options: PageOptions): Promise<Found> {
  const wanted = options.offset + options.limit
  const key = options.sortBy === 'price' ? sql`d.price` : sql`d.date_from`
  // A trip has a handful of dates in any range: twice the trips wanted is usually enough.
  for (let batch = Math.max(100, wanted * 2); ; batch *= 4) {
    const rows = await queryRows(
      db,
      sql`${VERSION_ROW} union all (select d.trip_id, null from trip_dates d join trip_search s on s.trip_id = d.trip_id
        where ${sql.join([...dateMatchConditions(f), ...allTripConditions(f)], sql` and `)}
        order by ${key}, s.title_key, s.trip_id
        limit ${batch})`,
      pageRow,
    )
    const result = found(rows, options)
    const distinct = new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id]))).size
    if (distinct >= wanted || rows.length - 1 < batch) return result
  }
}
