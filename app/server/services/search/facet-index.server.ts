// Loads the facet index of ~/lib/search/facet-index: the findable trips' facet columns, their
// upcoming dates (only once a search filters by single dates), and the category and country names.
// Each comes in one statement as one text of integers: PGlite hands over rows one by one at a few
// microseconds each, which for 100,000 trips would cost more than the counting they spare.
import { sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { readDates, readIntegers, readTrips } from '~/lib/search/facet-index'
import type { DateColumns, FacetIndex } from '~/lib/search/facet-index'
import { queryRows } from '../../db/query.server'
import type { Database } from '../../db/database.server'

export type FacetNames = { categories: Map<number, string | null>; countries: Map<number, string | null> }

export type LoadedFacetIndex = { trips: FacetIndex; names: FacetNames }

const integersRow = z.object({ n: z.number().check(z.int()), integers: z.string() })
const nameRow = z.object({ kind: z.enum(['c', 'n']), id: z.number().check(z.int()), name: z.nullable(z.string()) })

/**
 * The trips a search on `today` can find (published, with a date from today on: the same test as
 * filters.server.ts), in id order: id, duration, statuses, first day, lowest price, place in the
 * order by folded title and id, then each id list as its length and its ids.
 */
export async function loadFacetIndex(db: Database, today: string): Promise<LoadedFacetIndex> {
  const [trips] = await queryRows(
    db,
    sql`select count(*)::int as n,
          coalesce(string_agg(concat_ws(',', s.trip_id, s.duration_days, s.statuses,
            s.next_date - date '1970-01-01', coalesce(s.min_price, -1), s.name_rank,
            cardinality(s.category_ids), array_to_string(s.category_ids, ','),
            cardinality(s.country_ids), array_to_string(s.country_ids, ','),
            cardinality(s.region_ids), array_to_string(s.region_ids, ',')), ',' order by s.trip_id), '') as integers
        from (
          select s.*, row_number() over (order by s.title_key, s.trip_id) as name_rank
          from trip_search s where s.published and s.next_date >= ${today}::date
        ) s`,
    integersRow,
  )
  const rows = await queryRows(db, sql`select 'c' as kind, id, name from categories union all select 'n', id, name from countries`, nameRow)
  const names: FacetNames = { categories: new Map(), countries: new Map() }
  for (const row of rows) (row.kind === 'c' ? names.categories : names.countries).set(row.id, row.name)
  return { trips: readTrips(trips?.n ?? 0, readIntegers(trips?.integers ?? '')), names }
}

/**
 * The upcoming dates of the index's trips: trip, first and last day (epoch days), price in
 * millionths and status, in the table's order (sorting or joining 500,000 dates costs the database
 * more than grouping them here). Null when a price is too large to compare exactly.
 */
export async function loadDateColumns(db: Database, today: string, index: FacetIndex): Promise<DateColumns | null> {
  const [dates] = await queryRows(
    db,
    sql`select count(*)::int as n,
          coalesce(string_agg(concat_ws(',', d.trip_id, d.date_from - date '1970-01-01', d.date_till - date '1970-01-01', d.price, d.bookable), ','), '') as integers
        from trip_dates d where d.date_from >= ${today}::date`,
    integersRow,
  )
  return readDates(index, dates?.n ?? 0, readIntegers(dates?.integers ?? ''))
}
