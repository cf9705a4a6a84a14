// The trip search over PostgreSQL (PGlite or a server alike): German full text with stemming,
// umlaut and ß folding, typo tolerance, every filter of the search segment, sorting, paging and
// facet counts. Reads the side tables of migration 0002_search (trip_search,
// trip_search_documents), which triggers keep in step with the catalogue.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { z } from 'zod'
import { bookableSchema } from '~/lib/bookable'
import { MAX_ID } from '~/lib/ids'
import type { BookableStatus } from '~/lib/bookable'
import { pageCount } from '~/lib/paging'
import { unixToIsoDay } from '~/lib/search/dates'
import {
  MAX_SEARCH_PAGE_SIZE,
  MAX_SUGGESTIONS,
  MIN_SUGGEST_LENGTH,
  SEARCH_PAGE_SIZE,
} from '~/lib/search/results'
import type { FacetValue, SearchFacets, SearchResult, Suggestion } from '~/lib/search/results'
import type { TripCardData } from '~/lib/trip-card'
import { searchPath } from '~/lib/search/path'
import { EMPTY_SEARCH, isDefaultPrice, normalizeText, stringifySegment } from '~/lib/search/segment'
import { tripPath } from '~/lib/trip-detail'
import type { Search } from '~/lib/search/segment'
import { shouldWalk, walkBudget } from '~/lib/search/page-plan'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { foldDigraphs, queryWords, textQueryFromFolded } from '~/lib/search/text-query'
import type { TextQuery } from '~/lib/search/text-query'
import { queryRows } from '../db/query.server'
import type { Database } from '../db/client.server'
import { loadTripCards, todayIsoDay } from './trip-cards.server'

export type SearchOptions = {
  sortBy: SortBy
  sortDirection: SortDirection
  page: number
  pageSize?: number
  /** Only dates that overlap the school holidays of any German state (Ferientermine). */
  ferien: boolean
}

/** For tests: a fixed day and a forced way of taking a page (to check that every way gives the same). */
export type SearchTuning = {
  /** ISO day in Europe/Berlin; dates before it are not offered (default: today). */
  today?: string
  plan?: PagePlan
}

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
  /** How many trips of the list pageByBound takes first (else sized by the share that matches). */
  boundChunk?: number
}


/**
 * A list of ids as one bound int[] parameter (not a list of parameters). Ids a URL may carry but
 * no row can have are left out, so that asking for them finds nothing instead of failing.
 */
function intArray(ids: readonly number[]): SQL {
  const possible = ids.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID)
  return sql`${`{${possible.join(',')}}`}::int[]`
}

/** Strings as one bound text[] parameter (Drizzle would spread a JS array into a row). */
function textArray(words: readonly string[]): SQL {
  const literal = `{${words.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`
  return sql`${literal}::text[]`
}

/** Whole euros to the millionths the dates store, exactly (bigint), as a bound parameter. */
function millionths(euros: number): SQL {
  return sql`${(BigInt(Math.trunc(euros)) * 1_000_000n).toString()}::bigint`
}

// ---------------------------------------------------------------------------------------------
// Preparing a database for the day
// ---------------------------------------------------------------------------------------------

const preparedFor = new WeakMap<Database, string>()
/** Rows in trip_search as the planner statistics have them (see prepare). */
const tripCounts = new WeakMap<Database, number>()

/**
 * Once per process and day: rebuild the date summaries that went stale overnight, and give the
 * planner statistics when nobody has (openDatabase analyses what it seeds, but PGlite has no
 * autovacuum: trips written otherwise would be planned for with the figures of an empty table).
 */
async function prepare(db: Database, today: string): Promise<void> {
  if (preparedFor.get(db) === today) return
  await db.execute(sql`select trip_search_roll_over(${today}::date)`)
  const [stats] = await queryRows(
    db,
    sql`select (select reltuples from pg_class where oid = 'trip_search'::regclass) < 0
              and exists (select 1 from trip_search) as missing`,
    z.object({ missing: z.boolean() }),
  )
  if (stats?.missing) await db.execute(sql`analyze trip_search, trip_search_documents, trip_dates`)
  const [size] = await queryRows(
    db,
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'trip_search'::regclass`,
    z.object({ n: z.number() }),
  )
  tripCounts.set(db, size?.n ?? 0)
  preparedFor.set(db, today)
}

const versionRow = z.object({ version: z.string() })

async function catalogueVersion(db: Database): Promise<string> {
  const [row] = await queryRows(db, sql`select version::text as version from trip_search_meta`, versionRow)
  return row?.version ?? '0'
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

type TextMode = 'exact' | 'fuzzy'

/** A search as the SQL sees it: the segment's search, the Ferien flag, the day and how text matches. */
type Filter = {
  search: Search
  ferien: boolean
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

/**
 * A region or country name this similar (pg_trgm similarity) to a word counts as meant by it
 * ('gardase' ~ 'gardasee' 0.7). Titles use pg_trgm's word similarity threshold (0.6) instead.
 */
const PLACE_SIMILARITY = 0.5

function hasPriceFilter(search: Search): boolean {
  return !isDefaultPrice(search.price)
}

/**
 * Filters that look at single dates. Without them a trip's date summary (next date, lowest price,
 * statuses of its upcoming dates) answers everything and trip_dates is not read at all.
 */
function usesDates(f: Filter): boolean {
  const s = f.search
  return s.start !== null || s.end !== null || s.bookable !== null || hasPriceFilter(s) || f.ferien
}

function textCondition(f: Filter): SQL | null {
  if (f.text === null) return null
  if (f.hits) {
    // As a constant the list is hashed, which a walk needs (2 ms for 4,000 hits); unnested in a
    // subquery the planner does not estimate each element, and looks them up (10 ms, not 22).
    return f.walking ? sql`s.trip_id = any(${intArray(f.hits)})` : sql`s.trip_id = any(array(select unnest(${intArray(f.hits)})))`
  }
  return sql`s.trip_id in (${textMatches(f)})`
}

/** The trips whose words match (exact: the full text index; fuzzy: similar titles and places). */
function textMatches(f: Filter): SQL {
  if (f.text === null) return sql`select null::int`
  if (f.mode === 'exact') {
    return sql`select d.trip_id from trip_search_documents d where d.document @@ to_tsquery('german', ${f.text.tsquery})`
  }
  // Typo tolerance: a title containing a word similar to the text, or a trip in a region or
  // country whose name is similar to one of the words ('gardase' -> region Gardasee). Each arm
  // on its own, so that each is answered by its index (trigrams, the id arrays).
  const words = f.text.words
  const similarPlaces = (table: 'regions' | 'countries') =>
    sql`(select coalesce(array_agg(p.id), '{}') from ${sql.identifier(table)} p
      where exists (select 1 from unnest(${textArray(words)}) w
                    where similarity(search_fold(coalesce(p.name, '')), w) >= ${PLACE_SIMILARITY}))`
  const arms = [
    ...f.text.phrases.map((phrase) => sql`select t.trip_id from trip_search t where t.title_key %> ${phrase}`),
    sql`select t.trip_id from trip_search t where t.region_ids && ${similarPlaces('regions')}`,
    sql`select t.trip_id from trip_search t where t.country_ids && ${similarPlaces('countries')}`,
  ]
  return sql.join(arms, sql` union `)
}

/** Conditions on the trip itself (not its dates, and not the three faceted filters). */
function tripConditions(f: Filter): SQL[] {
  const s = f.search
  return [
    sql`s.published`,
    s.regions.length > 0 ? sql`s.region_ids && ${intArray(s.regions)}` : null,
    s.duration !== null
      ? sql`s.duration_days between ${Math.min(s.duration.min, MAX_ID)} and ${Math.min(s.duration.max, MAX_ID)}`
      : null,
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
    f.ferien ? holidayCondition(f.holidays ?? []) : null,
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
const LATERAL_DATES_MAX_TRIPS = 5_000

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
function dateMatchConditions(f: Filter): SQL[] {
  const conditions = dateConditions(f)
  if (f.search.bookable !== null) conditions.push(sql`d.bookable = ${f.search.bookable}`)
  return conditions
}

/** The trip s has a matching date. */
function hasMatchingDate(f: Filter): SQL {
  return sql`exists (select 1 from trip_dates d where d.trip_id = s.trip_id and ${sql.join(dateMatchConditions(f), sql` and `)})`
}

/**
 * Everything the trip itself must satisfy (the three faceted lists included), and with date
 * filters what its date summary already tells: a trip whose cheapest upcoming date costs more
 * than the price limit, whose first upcoming date lies after the range, or that has no upcoming
 * date of the chosen status, has no matching date. These cheap tests on the row at hand spare
 * many a look into trip_dates.
 */
function allTripConditions(f: Filter): SQL[] {
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
const TRIP_KEYS = { nextDate: sql`s.next_date`, minPrice: sql`s.min_price` }

type Matching = {
  with: SQL | null
  from: SQL
  where: SQL
  /** The first matching date, the lowest matching price and the statuses of the matching dates. */
  nextDate: SQL
  minPrice: SQL
  statuses: SQL
}

/** FROM and WHERE over the trips matching the filter. */
function matching(f: Filter): Matching {
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

// ---------------------------------------------------------------------------------------------
// Counts: the total and the facet counts of a set of trips, cached per catalogue version
// ---------------------------------------------------------------------------------------------

type Stats = {
  total: number
  categories: FacetValue[]
  countries: FacetValue[]
  statuses: { status: BookableStatus; count: number }[]
}

const statsRow = z.object({ kind: z.enum(['t', 'c', 'n', 'b']), id: z.number().int(), name: z.string().nullable(), n: z.number().int() })

/**
 * One pass over the matching trips: how many there are, how many per category, per country and
 * per booking status (a trip counts for a status when one of its matching dates has it).
 */
async function computeStats(db: Database, f: Filter): Promise<Stats> {
  const m = matching(f)
  const rows = await queryRows(
    db,
    sql`with ${m.with === null ? sql`` : sql`${m.with}, `}base as materialized (
        select s.category_ids, s.country_ids, ${m.statuses} as statuses from ${m.from} where ${m.where}
      )
      select 't' as kind, 0 as id, null::text as name, count(*)::int as n from base
      union all
      select 'c', c.id, c.name, count(*)::int from base cross join unnest(base.category_ids) u(id) join categories c on c.id = u.id group by c.id
      union all
      select 'n', c.id, c.name, count(*)::int from base cross join unnest(base.country_ids) u(id) join countries c on c.id = u.id group by c.id
      union all
      select 'b', b, null, count(*)::int from base cross join generate_series(0, 5) b where base.statuses & (1 << b) <> 0 group by b`,
    statsRow,
  )
  const stats: Stats = { total: 0, categories: [], countries: [], statuses: [] }
  for (const row of rows) {
    if (row.kind === 't') stats.total = row.n
    else if (row.kind === 'c') stats.categories.push({ id: row.id, name: row.name, count: row.n })
    else if (row.kind === 'n') stats.countries.push({ id: row.id, name: row.name, count: row.n })
    else {
      const status = bookableSchema.safeParse(row.id)
      if (status.success) stats.statuses.push({ status: status.data, count: row.n })
    }
  }
  const byName = (a: FacetValue, b: FacetValue) => collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id
  stats.categories.sort(byName)
  stats.countries.sort(byName)
  stats.statuses.sort((a, b) => a.status - b.status)
  return stats
}

const collator = new Intl.Collator('de')

/** Enough for every filter set in use at once; an entry is a few hundred bytes. */
const STATS_CACHE_SIZE = 2_000

type StatsCache = {
  version: string
  entries: Map<string, Promise<Stats>>
  /** Trip ids matched by a text (exact or fuzzy), null when there are too many to keep. */
  hits: Map<string, Promise<number[] | null>>
  /** Bases in sort order (see orderedList), null when there are too many to keep. */
  ordered: Map<string, Promise<number[] | null>>
  /** Ids in hits and ordered together. */
  hitCount: number
  /** The school holidays (see holidayRanges) and the longest date (longestDateDays), each under 'all'. */
  holidays: Map<string, Promise<[string, string][]>>
  longestDate: Map<string, Promise<number>>
}
const statsCaches = new WeakMap<Database, StatsCache>()

function statsKey(f: Filter): string {
  return JSON.stringify([stringifySegment(f.search), f.ferien, f.today, f.mode])
}

/**
 * Counting is the one part of a search whose cost grows with the size of the result (every
 * matching trip is visited), and the same filter sets come back again and again (a filter list
 * asks for the set without its own filter, paging and sorting keep the set). So counts are
 * kept until the catalogue changes: every change bumps trip_search_meta.version.
 */
async function stats(db: Database, f: Filter, cache: StatsCache): Promise<Stats> {
  const key = statsKey(f)
  const entries = cache.entries
  const hit = entries.get(key)
  if (hit) {
    // Map order is insertion order: re-inserting keeps the most recently used entries last.
    entries.delete(key)
    entries.set(key, hit)
    return hit
  }
  if (entries.size >= STATS_CACHE_SIZE) {
    const oldest = entries.keys().next()
    if (!oldest.done) entries.delete(oldest.value)
  }
  return remember(entries, key, () => computeStats(db, f))
}

/**
 * The promise kept under the key, or a new one from load. One that fails is forgotten, so that
 * the next search tries again rather than keep the failure until the catalogue changes.
 */
function remember<T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  const known = map.get(key)
  if (known) return known
  const loading = load()
  map.set(key, loading)
  loading.catch(() => {
    if (map.get(key) === loading) map.delete(key)
  })
  return loading
}

function statsCacheFor(db: Database, version: string): StatsCache {
  let cache = statsCaches.get(db)
  if (!cache || cache.version !== version) {
    cache = { version, entries: new Map(), hits: new Map(), ordered: new Map(), hitCount: 0, holidays: new Map(), longestDate: new Map() }
    statsCaches.set(db, cache)
  }
  return cache
}

/** The school holidays of all states merged into day ranges [first, day after last). */
const holidayRow = z.object({ first: z.string(), after: z.string() })

function holidayRanges(db: Database, cache: StatsCache): Promise<[string, string][]> {
  return remember(cache.holidays, 'all', async () => {
    const rows = await queryRows(
      db,
      sql`select lower(r)::text as first, upper(r)::text as after
          from unnest((select range_agg(daterange(h.date_from, h.date_till, '[]')) from school_holidays h)) r
          order by 1`,
      holidayRow,
    )
    return rows.map((r): [string, string] => [r.first, r.after])
  })
}

/** The longest date in days (last day minus first), kept per catalogue version. */
const daysRow = z.object({ days: z.number().int() })

function longestDateDays(db: Database, cache: StatsCache): Promise<number> {
  return remember(cache.longestDate, 'all', async () => {
    const [row] = await queryRows(db, sql`select coalesce(max(date_till - date_from), 0)::int as days from trip_dates`, daysRow)
    return row?.days ?? 0
  })
}

/**
 * Texts matching more trips than this are answered by the index each time: a list that long
 * costs more to send along with every query than to find again.
 */
const MAX_KEPT_HITS = 30_000
/** All kept lists together: a few megabytes. */
const HIT_BUDGET = 1_000_000

/**
 * The trips a text matches, kept per catalogue version: finding them means visiting every
 * matching document (for a common word, thousands), while the same words come back with
 * other filters, orders and pages.
 */
function textHits(db: Database, f: Filter, cache: StatsCache): Promise<number[] | null> {
  if (f.text === null) return Promise.resolve(null)
  const key = JSON.stringify([f.mode, f.text.tsquery, f.text.phrases])
  return remember(cache.hits, key, async () => {
    const ids = await keptIds(db, sql`${textMatches(f)} limit ${MAX_KEPT_HITS + 1}`, cache)
    return ids && ids.sort((a, b) => a - b)
  })
}

const tripIdRow = z.object({ trip_id: z.number().int() })

/** The trip ids a query lists, in its order, or null past MAX_KEPT_HITS; counted against HIT_BUDGET. */
async function keptIds(db: Database, statement: SQL, cache: StatsCache): Promise<number[] | null> {
  const rows = await queryRows(db, statement, tripIdRow)
  if (rows.length > MAX_KEPT_HITS) return null
  if (cache.hitCount + rows.length > HIT_BUDGET) {
    cache.hits.clear()
    cache.ordered.clear()
    cache.hitCount = 0
  }
  cache.hitCount += rows.length
  return rows.map((r) => r.trip_id)
}

type Base = { key: string; condition: SQL }

/**
 * The parts of a search that pick its trips from an index, each a possible base: the trips its
 * words match (the only one when it has words; none when they match too many to keep), else
 * those of its one region, country or category, the narrowest kind first (in the demo
 * catalogue about 3,000, 7,700 and 9,900 trips each of 100,000).
 */
function searchBases(f: Filter): Base[] {
  const s = f.search
  if (f.text !== null) {
    return f.hits ? [{ key: JSON.stringify(['text', f.mode, f.text.tsquery, f.text.phrases]), condition: textCondition(f) ?? sql`false` }] : []
  }
  const bases: Base[] = []
  if (s.regions.length === 1) bases.push({ key: `region ${s.regions.join()}`, condition: sql`s.region_ids && ${intArray(s.regions)}` })
  if (s.countries.length === 1) bases.push({ key: `country ${s.countries.join()}`, condition: sql`s.country_ids && ${intArray(s.countries)}` })
  if (s.categories.length === 1) bases.push({ key: `category ${s.categories.join()}`, condition: sql`s.category_ids && ${intArray(s.categories)}` })
  return bases
}

/**
 * The base's published trips with upcoming dates, sorted once per catalogue version, day and
 * order, as search engines keep their posting lists in rank order. A page is then read off the
 * list (pageFromOrdered) rather than sorting every match again: a word or a category matching
 * thousands of trips is searched again and again, with other filters, orders and pages, and
 * sorting its matches costs a few microseconds per trip each time, while prices and durations
 * cluster too much by kind of trip for a walk of the sort index to find them.
 */
async function orderedList(db: Database, f: Filter, sortBy: SortBy, cache: StatsCache): Promise<number[] | null> {
  // A base with too many trips to keep gives way to the next.
  for (const base of searchBases(f)) {
    const list = await baseInOrder(db, f, base, sortBy, cache)
    if (list) return list
  }
  return null
}

function baseInOrder(db: Database, f: Filter, base: Base, sortBy: SortBy, cache: StatsCache): Promise<number[] | null> {
  const m = matching({ ...f, search: EMPTY_SEARCH, text: null, ferien: false })
  return remember(cache.ordered, JSON.stringify([base.key, sortBy, f.today]), () =>
    keptIds(
      db,
      sql`select s.trip_id from trip_search s where ${m.where} and ${base.condition}
          order by ${orderBy(m, sortBy, 'asc', false)} limit ${MAX_KEPT_HITS + 1}`,
      cache,
    ),
  )
}

async function facetsAndTotal(db: Database, f: Filter, cache: StatsCache): Promise<{ total: number; facets: SearchFacets }> {
  const without = (patch: Partial<Search>): Filter => ({ ...f, search: { ...f.search, ...patch } })
  const s = f.search
  // Each list ignores its own filter; without that filter the set is the same as the search's.
  const [all, noCategories, noCountries, noBookable] = await Promise.all([
    stats(db, f, cache),
    s.categories.length > 0 ? stats(db, without({ categories: [] }), cache) : null,
    s.countries.length > 0 ? stats(db, without({ countries: [] }), cache) : null,
    s.bookable !== null ? stats(db, without({ bookable: null }), cache) : null,
  ])
  return {
    total: all.total,
    facets: {
      categories: (noCategories ?? all).categories,
      countries: (noCountries ?? all).countries,
      bookable: (noBookable ?? all).statuses,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// One page
// ---------------------------------------------------------------------------------------------

/**
 * Ties go by title, then id, in the same direction as the sort (descending reverses the whole
 * list), so the order is the same on every request and one index per sort serves both ways.
 */
function orderBy(m: Pick<Matching, 'nextDate' | 'minPrice'>, sortBy: SortBy, direction: SortDirection, walkIndex: boolean): SQL {
  const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc')
  // "+ 0" and "|| ''" keep a value but hide the column from the planner's index matching.
  if (sortBy === 'name') return walkIndex ? sql`s.title_key ${dir}, s.trip_id ${dir}` : sql`s.title_key || '' ${dir}, s.trip_id ${dir}`
  const key = sortBy === 'date' ? m.nextDate : sortBy === 'price' ? m.minPrice : sql`s.duration_days`
  return sql`${walkIndex ? key : sql`${key} + 0`} ${dir}, s.title_key ${dir}, s.trip_id ${dir}`
}

const VERSION_ROW = sql`(select null::int as id, version::text as version from trip_search_meta)`
const pageRow = z.object({ id: z.number().int().nullable(), version: z.string().nullable() })

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
}
type Found = { ids: number[]; version: string }

function found(rows: z.infer<typeof pageRow>[], take?: { offset: number; limit: number }): Found {
  let ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]))
  if (take) ids = [...new Set(ids)].slice(take.offset, take.offset + take.limit)
  return { ids, version: rows.find((r) => r.version !== null)?.version ?? '0' }
}

/**
 * One page of ids, and the catalogue version the database has now (one round trip for both),
 * taken the first of these ways that applies:
 * 1. read off the base's ordered list (pageFromOrdered), or with date filters and an ascending
 *    date or price order, bounded by it (pageByBound);
 * 2. with date filters: the order by name or duration walks trip_search and asks for one
 *    matching date per trip; the first date and lowest price (ascending) walk trip_dates in that
 *    order and keep each trip's first appearance, which is its first date or lowest price;
 * 3. without: a walk of the sort index within a row budget (walkWithinBudget);
 * 4. sorting every match: the descending date and price orders with date filters group every
 *    matching date first.
 */
async function pageIds(db: Database, filter: Filter, options: PageOptions): Promise<Found> {
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
async function pageFromOrdered(db: Database, f: Filter, ordered: readonly number[], options: PageOptions): Promise<Found> {
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

const boundRow = z.object({ id: z.number().int().nullable(), version: z.string().nullable(), complete: z.boolean().nullable() })

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
async function pageByBound(db: Database, f: Filter, ordered: readonly number[], options: PageOptions): Promise<Found | null> {
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

// ---------------------------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------------------------

const TEXT_CACHE_SIZE = 1_000
const textQueries = new Map<string, TextQuery | null>()

/**
 * The text as a query: its words folded by the database (search_fold, as the documents are),
 * then quoted. Words that are all stop words ('die', 'und') leave no condition rather than
 * matching nothing. Depends on the text only, so it is kept per text.
 */
async function resolveText(db: Database, text: string): Promise<TextQuery | null> {
  const known = textQueries.get(text)
  if (known !== undefined) return known
  const groups = queryWords(text)
  let resolved: TextQuery | null = null
  if (groups !== null) {
    const flat = groups.flat()
    const rows = await queryRows(
      db,
      sql`select w.n::int as n, search_fold(w.word) as folded from unnest(${textArray(flat)}) with ordinality as w(word, n)`,
      z.object({ n: z.number().int(), folded: z.string() }),
    )
    const folded = new Map(rows.map((r) => [r.n, r.folded]))
    let index = 0
    const candidate = textQueryFromFolded(groups.map((variants) => variants.map((v) => folded.get(++index) ?? v)))
    if (candidate !== null) {
      const [row] = await queryRows(db, sql`select numnode(to_tsquery('german', ${candidate.tsquery}))::int as n`, z.object({ n: z.number().int() }))
      resolved = (row?.n ?? 0) > 0 ? candidate : null
    }
  }
  if (textQueries.size >= TEXT_CACHE_SIZE) textQueries.clear()
  textQueries.set(text, resolved)
  return resolved
}

/**
 * Trip cards as loadTripCards builds them, kept per catalogue version and day (a card shows the
 * next dates and the price from today on). The same popular trips head many result pages.
 */
type CardCache = { key: string; cards: Map<number, TripCardData> }
const cardCaches = new WeakMap<Database, CardCache>()
const CARD_CACHE_SIZE = 5_000

async function tripCards(db: Database, ids: readonly number[], version: string, today: string): Promise<TripCardData[]> {
  const key = `${version}|${today}`
  let cache = cardCaches.get(db)
  if (!cache || cache.key !== key) {
    cache = { key, cards: new Map() }
    cardCaches.set(db, cache)
  }
  const cards = cache.cards
  const missing = ids.filter((id) => !cards.has(id))
  if (missing.length > 0) {
    if (cards.size + missing.length > CARD_CACHE_SIZE) cards.clear()
    for (const card of await loadTripCards(db, missing, today)) cards.set(card.id, card)
  }
  return ids.flatMap((id) => {
    const card = cards.get(id)
    return card ? [card] : []
  })
}

/** The catalogue version each database had at its last search: what cached counts belong to. */
const knownVersions = new WeakMap<Database, string>()

export async function searchTrips(db: Database, search: Search, options: SearchOptions, tuning: SearchTuning = {}): Promise<SearchResult> {
  const today = tuning.today ?? todayIsoDay()
  const plan = tuning.plan ?? {}
  const pageSize = Math.min(MAX_SEARCH_PAGE_SIZE, Math.max(1, Math.trunc(options.pageSize ?? SEARCH_PAGE_SIZE)))
  await prepare(db, today)
  const text = await resolveText(db, search.text)
  // Every round trip to the database counts (PGlite answers each one in turn), so the version
  // is not asked for first: the page query reports it, and a search that finds its counts
  // outdated runs once more with the new version. That happens once after each change.
  let version = knownVersions.get(db) ?? (await catalogueVersion(db))
  for (let attempt = 0; ; attempt++) {
    const cache = statsCacheFor(db, version)
    const holidays = options.ferien ? await holidayRanges(db, cache) : undefined
    const longestDate = search.start !== null ? await longestDateDays(db, cache) : undefined
    const plain: Filter = { search, ferien: options.ferien, today, text, mode: 'exact', holidays, longestDate }
    const exact: Filter = { ...plain, hits: await textHits(db, plain, cache) }
    let filter = exact
    let counted = await facetsAndTotal(db, exact, cache)
    // Typo tolerance only when the words themselves found nothing: similar words would
    // otherwise crowd out the exact matches ('wien' is similar to 'wiek').
    if (counted.total === 0 && text !== null) {
      const fuzzyPlain: Filter = { ...plain, mode: 'fuzzy' }
      const fuzzy: Filter = { ...fuzzyPlain, hits: await textHits(db, fuzzyPlain, cache) }
      const fuzzyCounted = await facetsAndTotal(db, fuzzy, cache)
      if (fuzzyCounted.total > 0) {
        filter = fuzzy
        counted = fuzzyCounted
      }
    }

    const pages = pageCount(counted.total, pageSize)
    const page = Math.min(Math.max(1, Math.trunc(options.page)), pages)
    const shown =
      counted.total === 0
        ? { ids: [], version: await catalogueVersion(db) }
        : await pageIds(db, filter, {
            sortBy: options.sortBy,
            sortDirection: options.sortDirection,
            offset: (page - 1) * pageSize,
            limit: pageSize,
            walkIndex:
              plan.indexWalkFrom === undefined
                ? shouldWalk(options.sortBy, counted.total, page * pageSize, tripCounts.get(db) ?? 0)
                : counted.total >= plan.indexWalkFrom,
            budget: plan.walkBudget ?? walkBudget(options.sortBy, counted.total, page * pageSize, tripCounts.get(db) ?? 0),
            ordered: plan.orderedLists === false ? null : () => orderedList(db, filter, options.sortBy, cache),
            total: counted.total,
            boundChunk: plan.boundChunk,
          })
    if (shown.version !== version && attempt === 0) {
      version = shown.version
      knownVersions.set(db, version)
      continue
    }
    knownVersions.set(db, shown.version)
    return {
      total: counted.total,
      page,
      pageCount: pages,
      pageSize,
      trips: await tripCards(db, shown.ids, shown.version, today),
      facets: counted.facets,
      fuzzy: filter.mode === 'fuzzy',
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Suggestions for the text field
// ---------------------------------------------------------------------------------------------

const MAX_PLACE_SUGGESTIONS = 3

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

const suggestionRow = z.object({ kind: z.enum(['trip', 'region', 'country']), id: z.number().int(), label: z.string() })

function placeHref(kind: 'region' | 'country', id: number): string {
  return searchPath(kind === 'region' ? { ...EMPTY_SEARCH, regions: [id] } : { ...EMPTY_SEARCH, countries: [id] })
}

/**
 * Up to eight suggestions for what has been typed: regions and countries whose name starts with
 * it or has a word starting with it (at most three, only those with upcoming trips), then
 * published trips with upcoming dates whose title contains it, titles starting with it first.
 */
export async function suggest(db: Database, prefix: string, today = todayIsoDay()): Promise<Suggestion[]> {
  const text = normalizeText(prefix)
  if (Array.from(text).length < MIN_SUGGEST_LENGTH) return []
  await prepare(db, today)
  // 'staed' is typed for 'Städ…': the folded names spell it 'stad'.
  const patterns = [...new Set([text, foldDigraphs(text)])].map(likePattern)
  const anyOf = (match: (like: string) => SQL) => sql`(${sql.join(patterns.map(match), sql` or `)})`
  const startsWith = (column: SQL) => anyOf((like) => sql`${column} like search_fold(${like}) || '%'`)
  // Two letters match title beginnings only (the title index); from three on, anywhere (trigrams).
  const titleMatch =
    Array.from(text).length < 3 ? startsWith(sql`s.title_key`) : anyOf((like) => sql`s.title_key like '%' || search_fold(${like}) || '%'`)
  const placeMatch = (name: SQL) =>
    anyOf((like) => sql`(search_fold(${name}) like search_fold(${like}) || '%' or search_fold(${name}) like '% ' || search_fold(${like}) || '%')`)
  const upcoming = sql`s.published and s.next_date >= ${today}::date`
  const rows = await queryRows(
    db,
    sql`(select 'region' as kind, r.id, r.name as label from regions r
         where ${placeMatch(sql`r.name`)}
           and exists (select 1 from trip_search s where s.region_ids @> array[r.id] and ${upcoming})
         order by ${startsWith(sql`search_fold(r.name)`)} desc, r.name, r.id
         limit ${MAX_PLACE_SUGGESTIONS})
        union all
        (select 'country', c.id, c.name from countries c
         where c.name is not null and ${placeMatch(sql`c.name`)}
           and exists (select 1 from trip_search s where s.country_ids @> array[c.id] and ${upcoming})
         order by ${startsWith(sql`search_fold(c.name)`)} desc, c.name, c.id
         limit ${MAX_PLACE_SUGGESTIONS})
        union all
        (select 'trip', hit.trip_id, hit.title from (
           -- Titles repeat across variants of a trip; one suggestion per title is enough.
           select distinct on (s.title_key) s.trip_id, s.title_key, t.title
           from trip_search s join trips t on t.id = s.trip_id
           where ${titleMatch} and ${upcoming}
           order by s.title_key, s.trip_id
         ) hit
         order by ${startsWith(sql`hit.title_key`)} desc, hit.title_key, hit.trip_id
         limit ${MAX_SUGGESTIONS})`,
    suggestionRow,
  )
  const places = rows.filter((r) => r.kind !== 'trip').slice(0, MAX_PLACE_SUGGESTIONS)
  const trips = rows.filter((r) => r.kind === 'trip')
  return [...places, ...trips].slice(0, MAX_SUGGESTIONS).map((r) => ({
    label: r.label,
    kind: r.kind,
    id: r.id,
    href: r.kind === 'trip' ? tripPath(r.id) : placeHref(r.kind, r.id),
  }))
}
