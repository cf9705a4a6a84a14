// One page of published trips matching a condition (a ship, a hotel, a country, a region, a
// category), as trip cards. By default soonest upcoming departure first, trips without upcoming
// dates last, then by title, so a visitor sees first what they can still book.
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { TripCardData } from '~/lib/trip-card'
import { paged } from '~/lib/paging'
import type { Paged } from '~/lib/paging'
import type { Database } from '../db/database.server'
import { tripDates, trips } from '../db/schema'
import { loadTripCards, todayIsoDay } from './trip-cards.server'

export type TripPage = { trips: TripCardData[]; paging: Paged }

/**
 * An ORDER BY key close to German collation (Ä beside A, ß as ss) whatever the database's
 * collation is: PGlite and many PostgreSQL servers sort bytewise, which puts 'Österreich' after 'Zypern'.
 */
export function germanSortKey(column: SQL.Aliased | AnyColumn): SQL {
  return sql`lower(unaccent(${column}))`
}

export async function pageTrips(
  db: Database,
  condition: SQL | undefined,
  /** order: the ORDER BY when the list is sorted otherwise (the category overview's sort choices). */
  options: { page: number; perPage: number; today?: string; order?: SQL[] },
): Promise<TripPage> {
  const today = options.today ?? todayIsoDay()
  const where = and(eq(trips.published, true), condition)
  const nextDate = sql`(select min(${tripDates.dateFrom}) from ${tripDates} where ${tripDates.tripId} = ${trips.id} and ${tripDates.dateFrom} >= ${today})`
  const order = options.order ?? [sql`${nextDate} asc nulls last`, germanSortKey(trips.title), asc(trips.id)]
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: trips.id })
      .from(trips)
      .where(where)
      .orderBy(...order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ n: count() }).from(trips).where(where),
  ])
  const total = totals?.n ?? 0
  return { trips: await loadTripCards(db, rows.map((r) => r.id), today), paging: paged(options.page, total, options.perPage) }
}
