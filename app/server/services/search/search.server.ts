// The trip search over PostgreSQL (PGlite or a server alike): German full text with stemming,
// umlaut and ß folding, typo tolerance, every filter of the search segment, sorting, paging and
// facet counts. Reads the side tables of migration 0002_search (trip_search,
// trip_search_documents), which triggers keep in step with the catalogue. The parts: filters
// (to SQL), counts (and their caches), pages (the strategies), suggest (the text field).
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { pageCount } from '~/lib/paging'
import { MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from '~/lib/search/results'
import type { SearchResult } from '~/lib/search/results'
import type { TripCardData } from '~/lib/trip-card'
import type { Search } from '~/lib/search/segment'
import { shouldWalk, walkBudget } from '~/lib/search/page-plan'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { queryWords, textQueryFromFolded } from '~/lib/search/text-query'
import { parseLexemeQuery } from '~/lib/search/text-index'
import type { TextQuery } from '~/lib/search/text-query'
import { queryRows, textArray } from '../../db/query.server'
import type { Database } from '../../db/database.server'
import { contentVersionOf } from '../../content-version.server'
import { loadTripCards, todayIsoDay } from '../trip-cards.server'
import { catalogueVersion, prepare, tripCounts } from './prepare.server'
import type { Filter } from './filters.server'
import {
  facetsAndTotal,
  holidayRanges,
  later,
  longestDateDays,
  orderedList,
  pageFromIndex,
  statsCacheFor,
  textHits,
  typoCorrected,
  wordsAloneFindNothing,
} from './counts.server'
import { pageIds } from './pages.server'
import type { PagePlan } from './pages.server'

export type SearchOptions = {
  sortBy: SortBy
  sortDirection: SortDirection
  page: number
  pageSize?: number
  /** Only dates that overlap the school holidays of any German state (Ferientermine). */
  holidaysOnly: boolean
}

/** The search's options from the URL's or the API's parameters (`ferien` is the spec's name). */
export function searchOptionsOf(params: Omit<SearchOptions, 'holidaysOnly'> & { ferien: boolean }): SearchOptions {
  const { ferien, ...rest } = params
  return { ...rest, holidaysOnly: ferien }
}

/** For tests: a fixed day and a forced way of taking a page (to check that every way gives the same). */
export type SearchTuning = {
  /** ISO day in Europe/Berlin; dates before it are not offered (default: today). */
  today?: string
  plan?: PagePlan
  /** 'sql': count in the database, uncached, rather than with the facet index. */
  counts?: 'sql'
}

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
      z.object({ n: z.number().check(z.int()), folded: z.string() }),
    )
    const folded = new Map(rows.map((r) => [r.n, r.folded]))
    let index = 0
    const candidate = textQueryFromFolded(groups.map((variants) => variants.map((v) => folded.get(++index) ?? v)))
    if (candidate !== null) {
      const [row] = await queryRows(
        db,
        sql`select numnode(q)::int as n, q::text as lexemes from to_tsquery('german', ${candidate.tsquery}) q`,
        z.object({ n: z.number().check(z.int()), lexemes: z.string() }),
      )
      resolved = row !== undefined && row.n > 0 ? { ...candidate, lexemes: parseLexemeQuery(row.lexemes) } : null
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
  // The later of the last search's and the one this process follows (when it is this database's:
  // the version the facet index is loaded ahead for, preload.server.ts).
  const followed = contentVersionOf(db)
  const last = knownVersions.get(db)
  let version = followed !== null && (last === undefined || later(followed, last)) ? followed : (last ?? (await catalogueVersion(db)))
  for (let attempt = 0; ; attempt++) {
    const cache = statsCacheFor(db, version)
    const holidays = options.holidaysOnly ? await holidayRanges(db, cache) : undefined
    const longestDate = search.start !== null ? await longestDateDays(db, cache) : undefined
    const plain: Filter = { search, holidaysOnly: options.holidaysOnly, today, text, mode: 'exact', holidays, longestDate }
    const exact: Filter = { ...plain, hits: await textHits(db, plain, cache) }
    let filter = exact
    let counted = await facetsAndTotal(db, exact, cache, tuning.counts)
    // Typo tolerance only when the words alone find nothing: similar words would otherwise crowd
    // out the exact matches ('wien' is one letter from 'wie'), and words that find trips, just
    // none in the chosen dates or prices, are no typo.
    if (counted.total === 0 && text !== null && (await wordsAloneFindNothing(db, exact, cache, tuning.counts))) {
      const corrected = await typoCorrected(db, text, cache)
      if (corrected !== null) {
        const fuzzyPlain: Filter = { ...plain, text: corrected, mode: 'fuzzy' }
        const fuzzy: Filter = { ...fuzzyPlain, hits: await textHits(db, fuzzyPlain, cache) }
        const fuzzyCounted = await facetsAndTotal(db, fuzzy, cache, tuning.counts)
        if (fuzzyCounted.total > 0) {
          filter = fuzzy
          counted = fuzzyCounted
        }
      }
    }

    const { sortBy, sortDirection } = options
    const pages = pageCount(counted.total, pageSize)
    const page = Math.min(Math.max(1, Math.trunc(options.page)), pages)
    const offset = (page - 1) * pageSize
    const catalogueSize = tripCounts.get(db) ?? 0
    const shown =
      counted.total === 0
        ? { ids: [], version: await catalogueVersion(db) }
        : await pageIds(db, filter, {
            sortBy,
            sortDirection,
            offset,
            limit: pageSize,
            walkIndex: plan.indexWalkFrom === undefined ? shouldWalk(sortBy, counted.total, page * pageSize, catalogueSize) : counted.total >= plan.indexWalkFrom,
            budget: plan.walkBudget ?? walkBudget(sortBy, counted.total, page * pageSize, catalogueSize),
            ordered: plan.orderedLists === false ? null : () => orderedList(db, filter, sortBy, cache),
            fromIndex: plan.fromIndex === false ? null : () => pageFromIndex(db, filter, { sortBy, sortDirection, offset, limit: pageSize }, cache),
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
