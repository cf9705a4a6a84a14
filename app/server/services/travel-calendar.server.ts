// The Reisekalender: upcoming dates of published trips month by month, three months per page,
// for all trips or only flight trips (/flugreisen-reisekalender/), optionally of one category.
import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { specialCategoryKind } from '~/lib/categories'
import {
  CALENDAR_HORIZON_MONTHS,
  addMonths,
  calendarPageSchema,
  calendarWindow,
  monthKeyOf,
  monthKeySchema,
  monthLabel,
  monthStart,
} from '~/lib/travel-calendar'
import type { CalendarPage, CalendarScope, MonthKey } from '~/lib/travel-calendar'
import type { Database } from '../db/database.server'
import { categories, tripCategories, tripDates, trips } from '../db/schema'
import { todayIsoDay } from './trip-cards.server'
import { germanSortKey } from './trip-pages.server'

export type CalendarQuery = { scope: CalendarScope; month?: MonthKey; category?: string; today?: string }

/** Flight trips: transport 'flug' or a category of kind 'flug'. */
export function flightTripCondition(): SQL {
  const condition = or(
    eq(trips.transport, 'flug'),
    sql`exists (select 1 from ${tripCategories} inner join ${categories} on ${categories.id} = ${tripCategories.categoryId} where ${tripCategories.tripId} = ${trips.id} and ${categories.kind} = 'flug')`,
  )
  // or() of two conditions is never undefined; the type only allows for an empty call.
  return condition ?? sql`false`
}

function scopeCondition(scope: CalendarScope): SQL | undefined {
  return scope === 'all' ? undefined : flightTripCondition()
}

function inCategory(categoryId: number): SQL {
  return sql`exists (select 1 from ${tripCategories} where ${tripCategories.tripId} = ${trips.id} and ${tripCategories.categoryId} = ${categoryId})`
}

export async function loadCalendarPage(db: Database, query: CalendarQuery): Promise<CalendarPage> {
  const today = query.today ?? todayIsoDay()
  const current = monthKeyOf(today)
  const horizon = monthStart(addMonths(current, CALENDAR_HORIZON_MONTHS))
  const base = and(eq(trips.published, true), gte(tripDates.dateFrom, today), lt(tripDates.dateFrom, horizon), scopeCondition(query.scope))

  const categoryOptions = await db
    .selectDistinct({ id: categories.id, slug: categories.slug, name: categories.name, sort: categories.sort })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .innerJoin(tripCategories, eq(tripCategories.tripId, trips.id))
    .innerJoin(categories, eq(categories.id, tripCategories.categoryId))
    .where(base)
    .orderBy(asc(categories.sort), asc(categories.id))
  const filterable = categoryOptions.filter((c) => specialCategoryKind(c.name) === null)
  const chosen = query.category === undefined ? undefined : filterable.find((c) => c.slug === query.category)
  const where = chosen ? and(base, inCategory(chosen.id)) : base

  const monthRows = await db
    .selectDistinct({ month: sql<string>`to_char(${tripDates.dateFrom}, 'YYYY-MM')` })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(where)
    .orderBy(sql`1`)
  const monthOptions = monthRows.flatMap((r) => {
    const key = monthKeySchema.safeParse(r.month)
    return key.success ? [{ key: key.data, label: monthLabel(key.data) }] : []
  })
  const window = calendarWindow({ requested: query.month, current, lastWithDates: monthOptions.at(-1)?.key ?? null })
  const first = window.months[0] ?? current
  const end = monthStart(addMonths(first, window.months.length))

  const rows = await db
    .select({
      dateId: tripDates.id,
      tripId: trips.id,
      title: trips.title,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
      durationDays: trips.durationDays,
      price: tripDates.price,
      bookable: tripDates.bookable,
    })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(and(where, gte(tripDates.dateFrom, monthStart(first)), lt(tripDates.dateFrom, end)))
    .orderBy(asc(tripDates.dateFrom), germanSortKey(trips.title), asc(tripDates.id))
  const byMonth = Map.groupBy(rows, (r) => monthKeyOf(r.dateFrom))

  return calendarPageSchema.parse({
    months: window.months.map((key) => ({ key, label: monthLabel(key), entries: byMonth.get(key) ?? [] })),
    previous: window.previous,
    next: window.next,
    monthOptions,
    categories: filterable.map(({ slug, name }) => ({ slug, name })),
    category: chosen ? { slug: chosen.slug, name: chosen.name } : null,
    unknownCategory: query.category !== undefined && chosen === undefined,
  })
}
