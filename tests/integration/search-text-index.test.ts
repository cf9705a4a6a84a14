// The full text held in memory (~/lib/search/text-index, loaded by text-index.server.ts) against
// the database's own full text index on the demo catalogue: every word of every document, whole
// and as prefix, words combined, the search's own texts; and after the office changed a trip.
import { eq, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { matchingTrips, parseLexemeQuery, tsqueryLiteral, withNearWords } from '~/lib/search/text-index'
import type { TextIndex } from '~/lib/search/text-index'
import { normalizeSearch } from '~/lib/search/segment'
import type { Database } from '~/server/db/database.server'
import * as schema from '~/server/db/schema'
import { intArray, queryRows } from '~/server/db/query.server'
import { loadFacetIndexAhead } from '~/server/services/search/counts.server'
import { catalogueVersion } from '~/server/services/search/prepare.server'
import { searchTrips } from '~/server/services/search/search.server'
import { loadTextIndex } from '~/server/services/search/text-index.server'
import { todayIsoDay } from '~/server/services/trip-cards.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayIsoDay()
const dialect = new PgDialect()

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 300 } })
})

afterAll(async () => {
  await t?.cleanup()
})

/** The trips whose document matches the to_tsquery source, as the database finds them, and the query as it reads it. */
async function bySql(source: string): Promise<{ ids: number[]; lexemes: string }> {
  const [row] = await queryRows(
    t.db,
    sql`select to_tsquery('german', ${source})::text as lexemes,
          array(select d.trip_id from trip_search_documents d where d.document @@ to_tsquery('german', ${source}) order by d.trip_id)::int[] as ids`,
    z.object({ lexemes: z.string(), ids: z.array(z.number()) }),
  )
  return row ?? { lexemes: '', ids: [] }
}

async function indexOf(db: Database): Promise<TextIndex> {
  const loaded = await loadTextIndex(db, await catalogueVersion(db))
  if (loaded === null) throw new Error('text index not loaded')
  return loaded.index
}

/**
 * The same database with caches of its own, counting the statements that ask the full text index
 * (in transactions too: the search asks it in one) and those that load the words.
 */
function observed(): { db: Database; fullText: () => number; loads: () => number } {
  let asked = 0
  let loads = 0
  const watch = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object)
        if (property === 'execute' && typeof value === 'function') {
          return (statement: SQL) => {
            const text = dialect.sqlToQuery(statement).sql
            if (text.includes('@@')) asked++
            if (text.includes('tsvector_to_array')) loads++
            return value.call(object, statement)
          }
        }
        if (property === 'transaction' && typeof value === 'function') {
          return (run: (tx: object) => unknown) => value.call(object, (tx: object) => run(watch(tx)))
        }
        return value
      },
    })
  return { db: watch(t.db), fullText: () => asked, loads: () => loads }
}

describe('the full text in memory', () => {
  it('finds for every word, whole and as prefix, alone and combined, what the database finds', async () => {
    const index = await indexOf(t.db)
    const words = (
      await queryRows(t.db, sql`select word from ts_stat('select document from trip_search_documents') order by word`, z.object({ word: z.string() }))
    ).map((r) => r.word)
    expect(words.length).toBeGreaterThan(100)
    expect(index.words).toEqual([...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const quote = (word: string) => `'${word.replaceAll("'", "''")}'`
    // The search asks for runs of letters and digits only (text-query.ts); a hyphenated word
    // ('alpen-rundreis') would be a phrase, which the database answers.
    const plain = words.filter((word) => /^[\p{L}\p{N}]+$/u.test(word))
    expect(plain.length).toBeGreaterThan(100)
    const sources = plain.flatMap((word, i) => {
      const other = plain[(i * 7 + 3) % plain.length] ?? word
      const prefix = `${quote(word.slice(0, 4))}:*`
      return [quote(word), prefix, `${quote(word)} & ${quote(other)}`, `(${prefix} | ${quote(other)}) & ${quote(plain[(i * 13) % plain.length] ?? word)}:*`]
    })
    let found = 0
    for (const source of sources) {
      const { ids, lexemes } = await bySql(source)
      const query = parseLexemeQuery(lexemes)
      // Stop words (to_tsquery drops them) leave nothing to ask.
      if (lexemes === '') continue
      expect(query, lexemes).not.toBeNull()
      if (query === null) continue
      expect(matchingTrips(index, query), source).toEqual(ids)
      if (ids.length > 0) found++
    }
    expect(found).toBeGreaterThan(sources.length / 2)
  })

  it('answers the words of a search without asking the database, with the same trips', async () => {
    const memory = observed()
    await loadFacetIndexAhead(memory.db, await catalogueVersion(t.db), today)
    const asked = memory.fullText()
    for (const text of ['wien', 'städtereise', 'staedte', 'gardasee', 'ostsee advent', 'rundreise norwegen', 'die', 'xylophon', 'gardase']) {
      for (const sortBy of ['date', 'name'] as const) {
        const search = normalizeSearch({ text })
        const options = { sortBy, sortDirection: 'asc' as const, page: 1, holidaysOnly: false }
        const fromMemory = await searchTrips(memory.db, search, options, { today })
        const fromDatabase = await searchTrips(t.db, search, options, { today, counts: 'sql', plan: { orderedLists: false, fromIndex: false } })
        expect({ text, total: fromMemory.total, fuzzy: fromMemory.fuzzy, ids: fromMemory.trips.map((trip) => trip.id) }).toEqual({
          text,
          total: fromDatabase.total,
          fuzzy: fromDatabase.fuzzy,
          ids: fromDatabase.trips.map((trip) => trip.id),
        })
      }
    }
    // The typo ('gardase' finds nothing exactly) is corrected against the same words: no '@@' either.
    expect(memory.fullText()).toBe(asked)
  })

  it('corrects a mistyped word to the catalogue words a typo away, in memory as in the database', async () => {
    const index = await indexOf(t.db)
    // Words of the catalogue with their fourth letter dropped, as typed in a hurry.
    const meant = index.words.filter((word) => /^\p{L}{6,}$/u.test(word)).filter((_, i) => i % 7 === 0)
    expect(meant.length).toBeGreaterThan(20)
    for (const word of meant) {
      const typo = word.slice(0, 3) + word.slice(4)
      const { lexemes } = await bySql(`'${typo}':*`)
      const query = parseLexemeQuery(lexemes)
      if (query === null) continue
      const corrected = withNearWords(index.words, query)
      expect(corrected, typo).not.toBeNull()
      if (corrected === null) continue
      const [row] = await queryRows(
        t.db,
        sql`select array(select d.trip_id from trip_search_documents d where d.document @@ ${tsqueryLiteral(corrected)}::tsquery order by d.trip_id)::int[] as ids`,
        z.object({ ids: z.array(z.number()) }),
      )
      const found = matchingTrips(index, corrected)
      expect(found, typo).toEqual(row?.ids)
      expect(found, typo).toEqual(expect.arrayContaining(matchingTrips(index, { word, prefix: false })))
    }
  })

  it('corrects only words that find nothing at all, not those that find no trip in the chosen dates', async () => {
    const options = { sortBy: 'date' as const, sortDirection: 'asc' as const, page: 1, holidaysOnly: false }
    for (const [typo, word] of [['amsterdan', 'amsterdam'], ['dresdn', 'dresden'], ['gardasse', 'gardasee']]) {
      const corrected = await searchTrips(t.db, normalizeSearch({ text: typo }), options, { today })
      const exact = await searchTrips(t.db, normalizeSearch({ text: word }), options, { today })
      expect({ typo, fuzzy: corrected.fuzzy }).toEqual({ typo, fuzzy: true })
      expect(exact.total, word).toBeGreaterThan(0)
      expect(corrected.total, typo).toBeGreaterThanOrEqual(exact.total)
    }
    // A word whose correction would add other trips, on a day when only those have a date: the
    // word finds trips, just none that day, so nothing is shown rather than the other trips.
    const index = await indexOf(t.db)
    let checked = 0
    for (const word of index.words.filter((w) => /^\p{L}{5,}$/u.test(w))) {
      const own = matchingTrips(index, { word, prefix: true })
      const corrected = withNearWords(index.words, { word, prefix: true })
      const others = corrected ? matchingTrips(index, corrected).filter((id) => !own.includes(id)) : []
      if (others.length === 0 || (await bySql(`'${word}':*`)).lexemes !== `'${word}':*`) continue
      const [date] = await queryRows(
        t.db,
        sql`select x.date_from::text as day from trip_dates x join trips tr on tr.id = x.trip_id and tr.published
            where x.trip_id = any(${intArray(others)}) and x.date_from > current_date + 1
              and not exists (select 1 from trip_dates y where y.trip_id = any(${intArray(own)}) and y.date_from <= x.date_from and y.date_till >= x.date_from)
            order by x.date_from limit 1`,
        z.object({ day: z.string() }),
      )
      if (date === undefined) continue
      const noon = Date.parse(`${date.day}T12:00:00Z`) / 1000
      const found = await searchTrips(t.db, normalizeSearch({ text: word, start: noon, end: noon }), options, { today })
      expect({ word, day: date.day, total: found.total, fuzzy: found.fuzzy }).toEqual({ word, day: date.day, total: 0, fuzzy: false })
      if (++checked === 3) break
    }
    expect(checked).toBe(3)
  })

  it('follows the catalogue: kept while no document changes, loaded again with the new words when one does', async () => {
    const before = await catalogueVersion(t.db)
    const [trip] = await queryRows(
      t.db,
      sql`select trip_id from trip_search where published and next_date >= ${today}::date order by trip_id limit 1`,
      z.object({ trip_id: z.number() }),
    )
    const id = trip?.trip_id ?? 0
    const memory = observed()
    await loadFacetIndexAhead(memory.db, before, today)
    expect(memory.loads()).toBeGreaterThan(0)
    // A date's price raises the version but changes no document: the words stay, unloaded.
    const loads = memory.loads()
    await t.db.update(schema.tripDates).set({ price: 456_000_000 }).where(eq(schema.tripDates.tripId, id))
    const priced = await catalogueVersion(t.db)
    expect(priced).not.toBe(before)
    await loadFacetIndexAhead(memory.db, priced, today)
    expect(memory.loads()).toBe(loads)
    await t.db.update(schema.trips).set({ title: 'Zauberflötenfahrt nach Salzburg' }).where(eq(schema.trips.id, id))
    const after = await catalogueVersion(t.db)
    expect(after).not.toBe(priced)
    expect(await loadTextIndex(t.db, before)).toBeNull()
    await loadFacetIndexAhead(memory.db, after, today)
    expect(memory.loads()).toBeGreaterThan(loads)
    const found = await searchTrips(memory.db, normalizeSearch({ text: 'zauberflötenfahrt' }), { sortBy: 'date', sortDirection: 'asc', page: 1, holidaysOnly: false }, { today })
    expect(found.trips.map((x) => x.id)).toEqual([id])
    expect(memory.fullText()).toBe(0)
  })

  it('is built for ids far beyond the number of trips too, and finds their words in memory', async () => {
    const [trip] = await queryRows(t.db, sql`select max(id)::int as id from trips`, z.object({ id: z.number() }))
    const far = 50_000_000
    // A copy of the last trip under a far id, in one statement (a pool's connections do not share temporary tables).
    await t.db.execute(
      sql`insert into trips select (jsonb_populate_record(null::trips, to_jsonb(x)
            || jsonb_build_object('id', ${far}::int, 'slug', x.slug || '-fern', 'title', 'Fernwehfahrt ins Blaue'))).*
          from trips x where x.id = ${trip?.id ?? 0}`,
    )
    const index = await indexOf(t.db)
    expect(index.ids.at(-1)).toBe(far)
    expect(matchingTrips(index, { word: 'fernwehfahrt', prefix: true })).toEqual([far])
    const memory = observed()
    await loadFacetIndexAhead(memory.db, await catalogueVersion(t.db), today)
    // The copy has no dates, so the search finds no trip, but its words were not asked of the database.
    const found = await searchTrips(memory.db, normalizeSearch({ text: 'fernwehfahrt' }), { sortBy: 'date', sortDirection: 'asc', page: 1, holidaysOnly: false }, { today })
    expect(found.total).toBe(0)
    expect(memory.fullText()).toBe(0)
    await t.db.delete(schema.trips).where(eq(schema.trips.id, far))
  })
})
