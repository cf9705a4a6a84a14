// Counts: the total and the facet counts of a set of trips (from the in-memory facet index, see
// facet-index.server.ts, or in the database), the school holidays, text hits and ordered lists,
// each cached per catalogue version.
import { setImmediate } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import * as z from 'zod/mini'
import { bookableSchema } from '~/lib/bookable'
import type { BookableStatus } from '~/lib/bookable'
import { toEpochDay } from '~/lib/calendar'
import { MAX_ID } from '~/lib/ids'
import { baseInSortOrder, countFacets, datedPage, datesByDay, latestOrder, pageInOrder, sortOrder } from '~/lib/search/facet-index'
import { matchingTrips, textIndexBytes, tsqueryLiteral, withNearWords } from '~/lib/search/text-index'
import type { Base as IndexBase, DateColumns, FacetCounts, FacetQuery } from '~/lib/search/facet-index'
import { unixToIsoDay } from '~/lib/search/dates'
import type { FacetValue, SearchFacets } from '~/lib/search/results'
import { EMPTY_SEARCH, isDefaultPrice, stringifySegment } from '~/lib/search/segment'
import type { Search } from '~/lib/search/segment'
import type { TextQuery } from '~/lib/search/text-query'
import { SORT_BY } from '~/lib/search/sort'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { intArray, queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'
import { errorFields, log } from '../../log.server'
import { loadDateColumns, loadFacetIndex } from './facet-index.server'
import type { FacetNames, LoadedFacetIndex } from './facet-index.server'
import { matching, textCondition, textMatches } from './filters.server'
import type { Filter } from './filters.server'
import { orderBy } from './pages.server'
import { documentChanges, loadTextIndex } from './text-index.server'
import type { LoadedWords } from './text-index.server'

type Stats = {
  total: number
  categories: FacetValue[]
  countries: FacetValue[]
  statuses: { status: BookableStatus; count: number }[]
}

const collator = new Intl.Collator('de')
const byName = (a: FacetValue, b: FacetValue) => collator.compare(a.name ?? '', b.name ?? '') || a.id - b.id

const statsRow = z.object({ kind: z.enum(['t', 'c', 'n', 'b']), id: z.number().check(z.int()), name: z.nullable(z.string()), n: z.number().check(z.int()) })

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
  stats.categories.sort(byName)
  stats.countries.sort(byName)
  stats.statuses.sort((a, b) => a.status - b.status)
  return stats
}

/** Enough for every filter set in use at once; an entry is a few hundred bytes. */
const STATS_CACHE_SIZE = 2_000

type Counted = { total: number; facets: SearchFacets }

type StatsCache = {
  version: string
  /** Total and facets per filter set: least recently used go first; one count per key however many ask at once. */
  entries: LRUCache<string, Counted, { db: Database; f: Filter }>
  /** The facet index of a day (see facetIndex), and its trips' dates. */
  index: Map<string, Promise<LoadedFacetIndex>>
  dates: Map<string, Promise<DateColumns | null>>
  /** Trip ids matched by a text (exact or fuzzy), null when there are too many to keep. */
  hits: Map<string, Promise<number[] | null>>
  /** The documents' words in memory (under 'all'), and the index itself once loaded. */
  words: Map<string, Promise<LoadedWords | null>>
  wordsLoaded: LoadedWords | null
  /** The words an earlier version loaded: this one keeps them if no document changed since. */
  earlierWords: LoadedWords | null
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
  return JSON.stringify([stringifySegment(f.search), f.holidaysOnly, f.today, f.mode])
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

/** Whether version a is later than b (versions are the decimal digits of a bigint). */
export function later(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) > BigInt(b) : a !== b
}

/**
 * The caches of the database's version. Versions only go up: a search that still knows an earlier
 * one gets caches of its own, which do not replace those of the later one (which the server may
 * be loading ahead, see loadFacetIndexAhead); its page query then reports the later one.
 */
export function statsCacheFor(db: Database, version: string): StatsCache {
  let cache = statsCaches.get(db)
  if (!cache || cache.version !== version) {
    const replace = !cache || later(version, cache.version)
    const earlierWords = replace && cache ? (cache.wordsLoaded ?? cache.earlierWords) : null
    const kept: StatsCache = {
      version,
      entries: new LRUCache<string, Counted, { db: Database; f: Filter }>({
        max: STATS_CACHE_SIZE,
        fetchMethod: (_key, _stale, { context }) => count(context.db, context.f, kept),
      }),
      index: new Map(),
      dates: new Map(),
      hits: new Map(),
      words: new Map(),
      wordsLoaded: null,
      earlierWords,
      ordered: new Map(),
      hitCount: 0,
      holidays: new Map(),
      longestDate: new Map(),
    }
    cache = kept
    if (replace) statsCaches.set(db, cache)
  }
  return cache
}

/** The school holidays of all states merged into day ranges [first, day after last). */
const holidayRow = z.object({ first: z.string(), after: z.string() })

export function holidayRanges(db: Database, cache: StatsCache): Promise<[string, string][]> {
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
const daysRow = z.object({ days: z.number().check(z.int()) })

export function longestDateDays(db: Database, cache: StatsCache): Promise<number> {
  return remember(cache.longestDate, 'all', async () => {
    const [row] = await queryRows(db, sql`select coalesce(max(date_till - date_from), 0)::int as days from trip_dates`, daysRow)
    return row?.days ?? 0
  })
}

/**
 * Texts matching more trips than this in the database are answered by its index each time: a
 * list that long costs more to send along with every query than to find again. Lists from the
 * words in memory are kept whatever their length: the facet index counts and pages with them,
 * where without a list the database counted every document ('reise' at 100,000 trips: 1.4 s
 * for each new filter set, now 50-100 ms the first time and 11 ms after).
 */
const MAX_KEPT_HITS = 30_000
/** All kept lists together: a few megabytes. */
const HIT_BUDGET = 1_000_000

/**
 * The trips a text matches, kept per catalogue version: finding them means visiting every
 * matching document (for a common word, thousands), while the same words come back with
 * other filters, orders and pages.
 */
export function textHits(db: Database, f: Filter, cache: StatsCache): Promise<number[] | null> {
  if (f.text === null) return Promise.resolve(null)
  const key = JSON.stringify([f.mode, f.text.tsquery])
  return remember(cache.hits, key, async () => {
    const lexemes = f.text?.lexemes
    if (lexemes && cache.wordsLoaded) return kept(matchingTrips(cache.wordsLoaded.index, lexemes), cache, Number.POSITIVE_INFINITY)
    const statement = sql`${textMatches(f)} limit ${MAX_KEPT_HITS + 1}`
    const ids = await db.transaction(async (tx) => {
      // The same query, planned without a sequential scan. For a word in a fifth of the
      // documents or more the planner would test every document, unpacking each long one
      // from TOAST, where the full text index's bitmap reads only the matching rows' pages
      // and, without phrases, unpacks none (at 100,000 trips 'stadtereis':* 135-225 ms
      // instead of 320-960 ms, 'stadt':* 154-213 instead of 297-313 ms).
      await tx.execute(sql`set local enable_seqscan = off`)
      return keptIds(tx, statement, cache)
    })
    return ids && ids.sort((a, b) => a - b)
  })
}

/**
 * The text corrected for typos: each word also as the catalogue's words a typo away
 * (withNearWords), read from the words in memory, which it waits for while they load. Null when
 * no word has such a neighbour, or the words cannot be held in memory or read this text.
 */
export async function typoCorrected(db: Database, text: TextQuery, cache: StatsCache): Promise<TextQuery | null> {
  if (!text.lexemes) return null
  const words = cache.wordsLoaded ?? (await textIndex(db, cache))
  const corrected = words && withNearWords(words.index.words, text.lexemes)
  return corrected ? { tsquery: tsqueryLiteral(corrected), lexemes: corrected } : null
}

const idsRow = z.object({ ids: z.string() })

/**
 * The trip ids a query lists, in its order, or null past MAX_KEPT_HITS; counted against HIT_BUDGET.
 * They come as one text rather than a row each: PGlite hands over rows at a few microseconds
 * each (30,000 ids: 150 ms more).
 */
async function keptIds(db: Pick<Database, 'execute'>, statement: SQL, cache: StatsCache): Promise<number[] | null> {
  const [row] = await queryRows(db, sql`select array_to_string(array(${statement}), ',') as ids`, idsRow)
  return kept(row === undefined || row.ids === '' ? [] : row.ids.split(',').map(Number), cache)
}

/** The list, or null past max; counted against HIT_BUDGET. */
function kept(ids: number[], cache: StatsCache, max = MAX_KEPT_HITS): number[] | null {
  if (ids.length > max) return null
  if (cache.hitCount + ids.length > HIT_BUDGET) {
    cache.hits.clear()
    cache.ordered.clear()
    cache.hitCount = 0
  }
  cache.hitCount += ids.length
  return ids
}

/** A base: its key among the kept lists, its condition in SQL, and the same for the facet index. */
type Base = { key: string; condition: SQL; trips: IndexBase }

/**
 * The parts of a search that pick its trips from an index, each a possible base: the trips its
 * words match (the only one when it has words; none when they match too many to keep), else
 * those of its one region, country or category, the narrowest kind first (in the demo
 * catalogue about 3,000, 7,700 and 9,900 trips each of 100,000).
 */
function searchBases(f: Filter): Base[] {
  const s = f.search
  if (f.text !== null) {
    return f.hits
      ? [{ key: JSON.stringify(['text', f.mode, f.text.tsquery]), condition: textCondition(f) ?? sql`false`, trips: { hits: f.hits } }]
      : []
  }
  const bases: Base[] = []
  const lists = [
    ['region', 'regions', s.regions, sql`s.region_ids`],
    ['country', 'countries', s.countries, sql`s.country_ids`],
    ['category', 'categories', s.categories, sql`s.category_ids`],
  ] as const
  for (const [name, list, ids, column] of lists) {
    const [id] = ids
    if (ids.length === 1 && id !== undefined) bases.push({ key: `${name} ${id}`, condition: sql`${column} && ${intArray([id])}`, trips: { list, id } })
  }
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
export async function orderedList(db: Database, f: Filter, sortBy: SortBy, cache: StatsCache): Promise<number[] | null> {
  // A base with too many trips to keep gives way to the next.
  for (const base of searchBases(f)) {
    const list = await baseInOrder(db, f, base, sortBy, cache)
    if (list) return list
  }
  return null
}

/**
 * The base's list from the facet index (its trips are those the SQL below selects, in the same
 * order; none when they are too many to keep, and they are not sorted then); from the database
 * only when the index cannot sort exactly (prices beyond 2^53).
 */
function baseInOrder(db: Database, f: Filter, base: Base, sortBy: SortBy, cache: StatsCache): Promise<number[] | null> {
  return remember(cache.ordered, JSON.stringify([base.key, sortBy, f.today]), async () => {
    const index = await facetIndexOrNull(db, f.today, cache)
    const ids = index && baseInSortOrder(index.trips, base.trips, sortBy, MAX_KEPT_HITS)
    if (ids === 'too many') return null
    if (ids) return kept(ids, cache)
    const m = matching({ ...f, search: EMPTY_SEARCH, text: null, holidaysOnly: false })
    return keptIds(
      db,
      sql`select s.trip_id from trip_search s where ${m.where} and ${base.condition}
          order by ${orderBy(m, sortBy, 'asc', false)} limit ${MAX_KEPT_HITS + 1}`,
      cache,
    )
  })
}

/**
 * A page of a search from the facet index, without asking the database for the trips: in the
 * trips' own order (pageInOrder), or, when single dates decide the first day or lowest price, in
 * that of the matching dates (datedPage; the database would group every matching date first, a
 * month's dates ~100 ms at 100,000 trips). Null when the index cannot answer (words without kept
 * hits, prices beyond 2^53, the index or its dates not loaded).
 */
export async function pageFromIndex(
  db: Database,
  f: Filter,
  order: { sortBy: SortBy; sortDirection: SortDirection; offset: number; limit: number },
  cache: StatsCache,
): Promise<number[] | null> {
  const q = facetQuery(f)
  if (q === null) return null
  const index = await facetIndexOrNull(db, f.today, cache)
  if (!index) return null
  const { sortBy, offset, limit } = order
  const descending = order.sortDirection === 'desc'
  const dated = q.dates !== null || q.bookable !== null
  const dates = dated ? await dateColumnsOrNull(db, f.today, index, cache) : null
  if (dated && !dates) return null
  if (dates && (sortBy === 'date' || sortBy === 'price')) {
    // A status filter alone: every upcoming date of the status matches.
    const dateQuery = q.dates ?? { from: toEpochDay(f.today), start: null, end: null, price: null, holidays: null }
    return datedPage(index.trips, q, dateQuery, dates, sortBy, descending, offset, limit)
  }
  return pageInOrder(index.trips, q, dates, sortBy, descending, offset, limit)
}

/**
 * Counting is the one part of a search whose cost grows with the size of the result (every
 * matching trip is visited), and the same filter sets come back again and again (paging and
 * sorting keep the set). So counts are kept until the catalogue changes: every change bumps
 * trip_search_meta.version. `way: 'sql'` counts in the database, uncached (for tests).
 */
export async function facetsAndTotal(db: Database, f: Filter, cache: StatsCache, way?: 'sql'): Promise<Counted> {
  if (way === 'sql') return countBySql(db, f)
  const counted = await cache.entries.fetch(statsKey(f), { context: { db, f } })
  if (!counted) throw new Error('facetsAndTotal: nothing counted')
  return counted
}

/**
 * Whether the search's words on their own (no other filter, the same page) find no trip: a
 * search that finds nothing only because of its dates or prices is not corrected for typos.
 */
export async function wordsAloneFindNothing(db: Database, exact: Filter, cache: StatsCache, way?: 'sql'): Promise<boolean> {
  const alone: Search = { ...EMPTY_SEARCH, text: exact.search.text }
  if (stringifySegment(alone) === stringifySegment(exact.search)) return true
  return (await facetsAndTotal(db, { ...exact, search: alone }, cache, way)).total === 0
}

/**
 * The facet index answers unless the words matched too many trips to keep (it needs the list)
 * or a price is too large to compare exactly; the database counts those.
 */
async function count(db: Database, f: Filter, cache: StatsCache): Promise<Counted> {
  const q = facetQuery(f)
  if (q === null) return countBySql(db, f)
  const index = await facetIndexOrNull(db, f.today, cache)
  if (index === null) return countBySql(db, f)
  const dates = q.dates === null ? null : await dateColumnsOrNull(db, f.today, index, cache)
  if (q.dates !== null && dates === null) return countBySql(db, f)
  return facetsOf(countFacets(index.trips, q, dates), index.names)
}

/**
 * What load gives, or null when it failed (logged as `message`; the search then asks the
 * database, and the next search tries to load it again).
 */
async function loadedOrNull<T>(load: () => Promise<T>, message: string): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    log('error', message, errorFields(error))
    return null
  }
}

function facetIndexOrNull(db: Database, today: string, cache: StatsCache): Promise<LoadedFacetIndex | null> {
  return loadedOrNull(() => facetIndex(db, today, cache), 'facet index not loaded')
}

function dateColumnsOrNull(db: Database, today: string, index: LoadedFacetIndex, cache: StatsCache): Promise<DateColumns | null> {
  return loadedOrNull(() => dateColumns(db, today, index, cache), 'facet index dates not loaded')
}

/**
 * Loads the facet index of the version and day with its dates, unless they are loaded or being
 * loaded: for the server to do as soon as it learns of a version (see preload.server.ts), so that
 * no visitor's search waits for them. Searches that come meanwhile wait for the same load. Null
 * when nothing was to load (or the version is no longer the latest); rejects when a load failed.
 */
export async function loadFacetIndexAhead(
  db: Database,
  version: string,
  today: string,
): Promise<{ trips: number; dates: number; words: number; wordBytes: number } | null> {
  const cache = statsCacheFor(db, version)
  if (statsCaches.get(db) !== cache) return null
  if (cache.index.has(today) && cache.dates.has(today) && cache.words.has('all')) return null
  const index = await facetIndex(db, today, cache)
  const dates = await dateColumns(db, today, index, cache)
  const words = await textIndex(db, cache)
  // The orders every base's list and every dated page are read off, sorted now rather than by the
  // first search of each; and what a first search with dates or holidays would ask the database.
  for (const sortBy of SORT_BY) {
    sortOrder(index.trips, sortBy)
    await setImmediate()
  }
  if (dates) {
    datesByDay(dates)
    for (const sortBy of ['date', 'price'] as const) {
      await setImmediate()
      latestOrder(index.trips, dates, sortBy)
    }
  }
  await Promise.all([holidayRanges(db, cache), longestDateDays(db, cache)])
  return {
    trips: index.trips.ids.length,
    dates: dates?.from.length ?? 0,
    words: words?.index.words.length ?? 0,
    wordBytes: words ? textIndexBytes(words.index) : 0,
  }
}

/**
 * The documents' words of the version (see ~/lib/search/text-index): an earlier version's when no
 * document changed since (a date, a page or a blog post raise the version too), else loaded.
 * Loaded ahead: until they are there, and when the catalogue changed during the load, words are
 * looked up in the database; only a correction for typos (typoCorrected) waits for them.
 */
function textIndex(db: Database, cache: StatsCache): Promise<LoadedWords | null> {
  return remember(cache.words, 'all', async () => {
    const earlier = cache.earlierWords
    const words = earlier !== null && (await documentChanges(db)) === earlier.changes ? earlier : await loadTextIndex(db, cache.version)
    cache.wordsLoaded = words
    cache.earlierWords = null
    return words
  })
}

/** One index per catalogue version and day (a day later, other trips and dates are upcoming). */
function facetIndex(db: Database, today: string, cache: StatsCache): Promise<LoadedFacetIndex> {
  if (!cache.index.has(today)) cache.index.clear()
  return remember(cache.index, today, () => loadFacetIndex(db, today))
}

function dateColumns(db: Database, today: string, index: LoadedFacetIndex, cache: StatsCache): Promise<DateColumns | null> {
  if (!cache.dates.has(today)) cache.dates.clear()
  return remember(cache.dates, today, () => loadDateColumns(db, today, index.trips))
}

/** The filter as the facet index reads it; null when it cannot (words without a kept list of hits). */
function facetQuery(f: Filter): FacetQuery | null {
  if (f.text !== null && !f.hits) return null
  const s = f.search
  const priced = !isDefaultPrice(s.price)
  const day = (sec: number | null) => (sec === null ? null : toEpochDay(unixToIsoDay(sec)))
  const dated = s.start !== null || s.end !== null || priced || f.holidaysOnly
  return {
    categories: s.categories,
    countries: s.countries,
    regions: s.regions,
    duration: s.duration && { min: Math.min(s.duration.min, MAX_ID), max: Math.min(s.duration.max, MAX_ID) },
    bookable: s.bookable,
    hits: f.text === null ? null : (f.hits ?? null),
    dates: dated
      ? {
          from: toEpochDay(f.today),
          start: day(s.start),
          end: day(s.end),
          // Whole euros to millionths, as filters.server.ts does (exact below 2^53, and any larger
          // bound compares the same with the prices, which are all below it).
          price: priced ? { min: Math.trunc(s.price.min) * 1_000_000, max: Math.trunc(s.price.max) * 1_000_000 } : null,
          holidays: f.holidaysOnly ? (f.holidays ?? []).map(([first, after]) => [toEpochDay(first), toEpochDay(after)] as const) : null,
        }
      : null,
  }
}

/** The counts as the search answers them: named (ids without a row left out, as a join would), sorted. */
function facetsOf(counts: FacetCounts, names: FacetNames): Counted {
  const named = (list: Map<number, number>, known: Map<number, string | null>): FacetValue[] =>
    [...list].flatMap(([id, n]) => (known.has(id) ? [{ id, name: known.get(id) ?? null, count: n }] : [])).sort(byName)
  const bookable = [...counts.statuses].flatMap(([status, n]) => {
    const parsed = bookableSchema.safeParse(status)
    return parsed.success ? [{ status: parsed.data, count: n }] : []
  })
  bookable.sort((a, b) => a.status - b.status)
  return {
    total: counts.total,
    facets: { categories: named(counts.categories, names.categories), countries: named(counts.countries, names.countries), bookable },
  }
}

/** The same counts in the database: one pass per list that ignores a filter of the search. */
async function countBySql(db: Database, f: Filter): Promise<Counted> {
  const without = (patch: Partial<Search>): Filter => ({ ...f, search: { ...f.search, ...patch } })
  const s = f.search
  // Each list ignores its own filter; without that filter the set is the same as the search's.
  const [all, noCategories, noCountries, noBookable] = await Promise.all([
    computeStats(db, f),
    s.categories.length > 0 ? computeStats(db, without({ categories: [] })) : null,
    s.countries.length > 0 ? computeStats(db, without({ countries: [] })) : null,
    s.bookable !== null ? computeStats(db, without({ bookable: null })) : null,
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
