// A search as SQL: the conditions of the search segment's filters on trips and dates, German full
// text (as typed, or corrected for typos), the Ferien flag, and the FROM/WHERE over the matching
// trips.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { MAX_ID } from '~/lib/ids'
import { unixToIsoDay } from '~/lib/search/dates'
import { isDefaultPrice } from '~/lib/search/segment'
import type { Search } from '~/lib/search/segment'
import type { TextQuery } from '~/lib/search/text-query'
import { intArray } from '../../db/query.server'

/** Whole euros to the millionths the dates store, exactly (bigint), as a bound parameter. */
function millionths(euros: number): SQL {
  return sql`${(BigInt(Math.trunc(euros)) * 1_000_000n).toString()}::bigint`
}
type TextMode = 'exact' | 'fuzzy'

/** A search as the SQL sees it: the segment's search, the Ferien flag, the day and how text matches. */
export type Filter = {
  search: Search
  holidaysOnly: boolean
  today: string
  text: TextQuery | null
  mode: TextMode
  /** The trips the words match (textHits), when known; else the condition asks the index. */
  hits?: readonly number[] | null
  /**
   * The query walks an index in sort order and tests each trip against the known hits (a
   * constant list, hashed); otherwise the hits are looked up by primary key. Plan only.
   */
  walking?: boolean
  /** The school holidays as merged day ranges [first, day after last) for Ferientermine. */
  holidays?: readonly (readonly [string, string])[]
  /** Only these trips: a part of an ordered list (see pageByBound). */
  within?: readonly number[]
  /** Days from the first to the last day of the longest date (for a date range's lower bound). */
  longestDate?: number
}

function hasPriceFilter(search: Search): boolean {
  return !isDefaultPrice(search.price)
}

/**
 * Filters that look at single dates. Without them a trip's date summary (next date, lowest price,
 * statuses of its upcoming dates) answers everything and trip_dates is not read at all.
 */
export function usesDates(f: Filter): boolean {
  const s = f.search
  return s.start !== null || s.end !== null || s.bookable !== null || hasPriceFilter(s) || f.holidaysOnly
}

export function textCondition(f: Filter): SQL | null {
  if (f.text === null) return null
  if (f.hits) {
    // As a constant the list is hashed, which a walk needs (2 ms for 4,000 hits); unnested in a
    // subquery the planner does not estimate each element, and looks them up (10 ms, not 22).
    return f.walking ? sql`s.trip_id = any(${intArray(f.hits)})` : sql`s.trip_id = any(array(select unnest(${intArray(f.hits)})))`
  }
  return sql`s.trip_id in (${textMatches(f)})`
}

/**
 * The trips whose words match: exact, the text as the German full text reads it; fuzzy, the
 * catalogue's words it was corrected to (withNearWords), taken as they are.
 */
export function textMatches(f: Filter): SQL {
  if (f.text === null) return sql`select null::int`
  const query = f.mode === 'exact' ? sql`to_tsquery('german', ${f.text.tsquery})` : sql`${f.text.tsquery}::tsquery`
  return sql`select d.trip_id from trip_search_documents d where d.document @@ ${query}`
}

/** Conditions on the trip itself (not its dates, and not the three faceted filters). */
function tripConditions(f: Filter): SQL[] {
  const s = f.search
  return [
    sql`s.published`,
    s.regions.length > 0 ? sql`s.region_ids && ${intArray(s.regions)}` : null,
    s.duration !== null ? sql`s.duration_days between ${Math.min(s.duration.min, MAX_ID)} and ${Math.min(s.duration.max, MAX_ID)}` : null,
    textCondition(f),
    f.within ? sql`s.trip_id = any(array(select unnest(${intArray(f.within)})))` : null,
  ].filter((c): c is SQL => c !== null)
}

/**
 * Conditions on one upcoming date (alias d), without the status. A date overlaps [start, end]
 * when it begins by the end and ends on or after the start; the longest date in the table
 * bounds its beginning from below, so the date_from index is read for a short range only.
 */
function dateConditions(f: Filter): SQL[] {
  const s = f.search
  const start = s.start === null ? null : unixToIsoDay(s.start)
  const end = s.end === null ? null : unixToIsoDay(s.end)
  const lower =
    start === null
      ? sql`${f.today}::date`
      : // A constant to the planner, so that it can tell how many dates the range holds.
        sql`greatest(${f.today}::date, ${start}::date - ${f.longestDate ?? 0}::int)`
  return [
    sql`d.date_from >= ${lower}`,
    end === null ? null : sql`d.date_from <= ${end}::date`,
    start === null ? null : sql`d.date_till >= ${start}::date`,
    hasPriceFilter(s) ? sql`d.price between ${millionths(s.price.min)} and ${millionths(s.price.max)}` : null,
    f.holidaysOnly ? holidayCondition(f.holidays ?? []) : null,
  ].filter((c): c is SQL => c !== null)
}

/**
 * A date overlapping one of the holiday ranges, written out range by range: unlike a multirange
 * overlap, the planner can estimate these from the date statistics and use the date index.
 */
function holidayCondition(ranges: readonly (readonly [string, string])[]): SQL {
  if (ranges.length === 0) return sql`false`
  return sql`(${sql.join(
    ranges.map(([first, after]) => sql`(d.date_from < ${after}::date and d.date_till >= ${first}::date)`),
    sql` or `,
  )})`
}

/** Below this many text matches their dates are read trip by trip (trip_dates is indexed by trip). */
export const LATERAL_DATES_MAX_TRIPS = 5_000

/** Whether datesCte reads the dates trip by trip, applying every condition on the trips itself. */
function datesPerTrip(f: Filter): boolean {
  const few = f.within ?? f.hits
  return few !== undefined && few !== null && few.length <= LATERAL_DATES_MAX_TRIPS
}

/**
 * Per trip, over its upcoming dates that pass the date filters: the first such date and lowest
 * such price (among dates of the chosen status, if one is chosen) and the statuses present. The
 * trips' own conditions are applied here already, so that a selective filter (a text, a
 * country) reads only its trips' dates (trip_dates is indexed by trip), a broad one the range.
 */
function datesCte(f: Filter): SQL {
  const s = f.search
  const ofStatus = s.bookable === null ? sql`true` : sql`d.bookable = ${s.bookable}`
  if (datesPerTrip(f)) {
    // The planner would rather scan every date in the price or date range and hash them
    // against the few trips the words found; per trip it reads a handful of index entries.
    return sql`dates as (
      select s.trip_id, x.next_date, x.min_price, x.statuses
      from trip_search s cross join lateral (
        select min(d.date_from) filter (where ${ofStatus}) as next_date,
               min(d.price) filter (where ${ofStatus}) as min_price,
               bit_or(1 << d.bookable) as statuses
        from trip_dates d
        where d.trip_id = s.trip_id and ${sql.join(dateConditions(f), sql` and `)}
      ) x
      where ${sql.join(allTripConditions(f), sql` and `)} and x.statuses is not null
    )`
  }
  // Without conditions on the trips beyond being published, joining here would only hash all
  // of trip_search for nothing; the outer query drops unpublished trips.
  const tripFilter = allTripConditions(f)
  const narrowed = tripConditions(f).length > 1 || f.search.categories.length > 0 || f.search.countries.length > 0
  return sql`dates as (
    select d.trip_id,
           min(d.date_from) filter (where ${ofStatus}) as next_date,
           min(d.price) filter (where ${ofStatus}) as min_price,
           bit_or(1 << d.bookable) as statuses
    from trip_dates d ${narrowed ? sql`join trip_search s on s.trip_id = d.trip_id` : sql``}
    where ${sql.join(narrowed ? [...dateConditions(f), ...tripFilter] : dateConditions(f), sql` and `)}
    group by d.trip_id
  )`
}

/** A matching date of the trip s, of the chosen status if one is chosen. */
export function dateMatchConditions(f: Filter): SQL[] {
  const conditions = dateConditions(f)
  if (f.search.bookable !== null) conditions.push(sql`d.bookable = ${f.search.bookable}`)
  return conditions
}

/** The trip s has a matching date. */
export function hasMatchingDate(f: Filter): SQL {
  return sql`exists (select 1 from trip_dates d where d.trip_id = s.trip_id and ${sql.join(dateMatchConditions(f), sql` and `)})`
}

/**
 * Everything the trip itself must satisfy (the three faceted lists included), and with date
 * filters what its date summary already tells: a trip whose cheapest upcoming date costs more
 * than the price limit, whose first upcoming date lies after the range, or that has no upcoming
 * date of the chosen status, has no matching date. These cheap tests on the row at hand spare
 * many a look into trip_dates.
 */
export function allTripConditions(f: Filter): SQL[] {
  const s = f.search
  const conditions = tripConditions(f)
  if (s.categories.length > 0) conditions.push(sql`s.category_ids && ${intArray(s.categories)}`)
  if (s.countries.length > 0) conditions.push(sql`s.country_ids && ${intArray(s.countries)}`)
  if (usesDates(f)) {
    if (hasPriceFilter(s)) conditions.push(sql`s.min_price <= ${millionths(s.price.max)}`)
    if (s.end !== null) conditions.push(sql`s.next_date <= ${unixToIsoDay(s.end)}::date`)
    if (s.bookable !== null) conditions.push(sql`s.statuses & ${1 << s.bookable} <> 0`)
  }
  return conditions
}

/** The sort keys of the trip row itself (without date filters). */
export const TRIP_KEYS = { nextDate: sql`s.next_date`, minPrice: sql`s.min_price` }

export type Matching = {
  with: SQL | null
  from: SQL
  where: SQL
  /** The first matching date, the lowest matching price and the statuses of the matching dates. */
  nextDate: SQL
  minPrice: SQL
  statuses: SQL
}

/** FROM and WHERE over the trips matching the filter. */
export function matching(f: Filter): Matching {
  const s = f.search
  const conditions = allTripConditions(f)
  if (!usesDates(f)) {
    conditions.push(sql`s.next_date >= ${f.today}::date`)
    return {
      with: null,
      from: sql`trip_search s`,
      where: sql.join(conditions, sql` and `),
      ...TRIP_KEYS,
      statuses: sql`s.statuses`,
    }
  }
  // Read trip by trip, the dates are those of trips that passed every condition already: asking
  // again would look up every trip of the list once more.
  const outer = datesPerTrip(f) ? [] : conditions
  if (s.bookable !== null) outer.push(sql`x.statuses & ${1 << s.bookable} <> 0`)
  return {
    with: datesCte(f),
    from: sql`trip_search s join dates x on x.trip_id = s.trip_id`,
    where: outer.length > 0 ? sql.join(outer, sql` and `) : sql`true`,
    nextDate: sql`x.next_date`,
    minPrice: sql`x.min_price`,
    statuses: sql`x.statuses`,
  }
}
