// Loads the in-memory full-text index (~/lib/search/text-index) from trip_search_documents: each
// trip's words as the database's German text search stored them. In slices of trip ids, so that
// PGlite, which answers one statement after another in this thread, serves requests between
// them. Also readies the dictionaries the search's words go through.
import { setImmediate } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { textIndexBuilder } from '~/lib/search/text-index'
import type { TextIndex } from '~/lib/search/text-index'
import { queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'
import { catalogueVersion } from './prepare.server'

/**
 * Documents per statement: with the demo catalogue's documents about 35 ms in the database and
 * 25 ms reading them here, so a request arriving during the load waits 35 ms at the median (at
 * 100,000 trips; with 2,000 per slice 90 ms, without a turn of the event loop the whole load).
 */
const SLICE = 1_000

const rangeRow = z.object({
  count: z.number().check(z.int()),
  version: z.string(),
  changes: z.string(),
})
const changesRow = z.object({ changes: z.string() })
const sliceRow = z.object({ documents: z.string() })
const documents = z.array(z.tuple([z.number().check(z.int()), z.array(z.string())]))

/** The index and the count of document changes it was read at (migration 0026). */
export type LoadedWords = { index: TextIndex; changes: string }

/** How many statements have changed documents so far: while it stays, loaded words stay true. */
export async function documentChanges(db: Database): Promise<string> {
  const [row] = await queryRows(db, sql`select changes::text as changes from trip_search_documents_meta`, changesRow)
  return row?.changes ?? '0'
}

/**
 * The index of the catalogue version `version`, or null when the catalogue is at another version
 * before or after the slices are read (they would then mix two; the next version's index is
 * loaded anyway).
 */
export async function loadTextIndex(db: Database, version: string): Promise<LoadedWords | null> {
  const [range] = await queryRows(
    db,
    sql`select count(*)::int as count,
          (select version::text from trip_search_meta) as version,
          (select changes::text from trip_search_documents_meta) as changes
        from trip_search_documents`,
    rangeRow,
  )
  if (range === undefined || range.version !== version) return null
  // The search's first words would otherwise wait for PGlite to load the unaccent rules, the
  // German stemmer and its stop words (30 ms).
  await db.execute(sql`select search_fold('Städtereise'), to_tsquery('german', 'Städtereise')`)
  const builder = textIndexBuilder(range.count)
  let read = 0
  // Slices of the next trip ids after the last one read, however sparse the ids.
  for (let after = -1; ; ) {
    const [slice] = await queryRows(
      db,
      sql`select coalesce(json_agg(json_build_array(d.trip_id, tsvector_to_array(d.document)) order by d.trip_id), '[]')::text as documents
          from (select trip_id, document from trip_search_documents where trip_id > ${after} order by trip_id limit ${SLICE}) d`,
      sliceRow,
    )
    const rows = documents.parse(JSON.parse(slice?.documents ?? '[]'))
    // More documents than counted: the catalogue changed meanwhile, and this version is past.
    if (read + rows.length > range.count) return null
    for (const [tripId, words] of rows) builder.add(tripId, words)
    read += rows.length
    const last = rows.at(-1)
    if (last === undefined || rows.length < SLICE) break
    after = last[0]
    // PGlite runs in this thread: without a turn of the event loop here, the next slice would
    // follow at once and requests that arrived meanwhile would wait for the whole load.
    await setImmediate()
  }
  return (await catalogueVersion(db)) === version ? { index: builder.finish(), changes: range.changes } : null
}
