// Suggestions for the search's text field: trips, regions and countries whose names start with what
// was typed.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import * as z from 'zod/mini'
import { MAX_SUGGESTIONS, MIN_SUGGEST_LENGTH } from '~/lib/search/results'
import type { Suggestion } from '~/lib/search/results'
import { searchPath } from '~/lib/search/path'
import { EMPTY_SEARCH, normalizeText } from '~/lib/search/segment'
import { tripPath } from '~/lib/trip-detail'
import { foldDigraphs } from '~/lib/search/text-query'
import { queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'
import { todayIsoDay } from '../trip-cards.server'
import { prepare } from './prepare.server'


const MAX_PLACE_SUGGESTIONS = 3

function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

const suggestionRow = z.object({ kind: z.enum(['trip', 'region', 'country']), id: z.number().check(z.int()), label: z.string() })

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
    anyOf(
      (like) =>
        sql`(search_fold(${name}) like search_fold(${like}) || '%' or search_fold(${name}) like '% ' || search_fold(${like}) || '%')`,
    )
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
