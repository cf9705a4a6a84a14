// Loads trip cards for a list of trip ids in three queries, keeping the order of the ids.
import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import { bookableAction } from '~/lib/bookable'
import type { BookableStatus } from '~/lib/bookable'
import { tripCardSchema } from '~/lib/trip-card'
import type { TripCardData } from '~/lib/trip-card'
import { unixToIsoDay } from '~/lib/search/dates'
import type { Database } from '../db/database.server'
import { categories, tripCategories, tripDates, trips } from '../db/schema'

const NEXT_DATES = 3

/** Today as an ISO calendar day in Europe/Berlin. */
export function todayIsoDay(now = Date.now()): string {
  return unixToIsoDay(Math.floor(now / 1000))
}

// Which status a card shows when dates differ: bookable beats request beats none.
const ACTION_RANK = { book: 0, request: 1, none: 2 } as const
function bestStatus(statuses: BookableStatus[]): BookableStatus | null {
  return statuses.reduce<BookableStatus | null>(
    (best, s) => (best === null || ACTION_RANK[bookableAction(s)] < ACTION_RANK[bookableAction(best)] ? s : best),
    null,
  )
}

export async function loadTripCards(db: Database, ids: readonly number[], today = todayIsoDay()): Promise<TripCardData[]> {
  if (ids.length === 0) return []
  const idList = [...ids]
  const [tripRows, dateRows, categoryRows] = await Promise.all([
    db
      .select({
        id: trips.id,
        slug: trips.slug,
        title: trips.title,
        subtitle: trips.subtitle,
        teaser: trips.teaser,
        durationDays: trips.durationDays,
        transport: trips.transport,
        images: trips.images,
      })
      .from(trips)
      .where(inArray(trips.id, idList)),
    db
      .select({ tripId: tripDates.tripId, dateFrom: tripDates.dateFrom, dateTill: tripDates.dateTill, price: tripDates.price, bookable: tripDates.bookable })
      .from(tripDates)
      .where(and(inArray(tripDates.tripId, idList), gte(tripDates.dateFrom, today)))
      .orderBy(asc(tripDates.tripId), asc(tripDates.dateFrom)),
    db
      .select({ tripId: tripCategories.tripId, id: categories.id, slug: categories.slug, name: categories.name })
      .from(tripCategories)
      .innerJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(inArray(tripCategories.tripId, idList))
      .orderBy(asc(categories.sort)),
  ])
  const datesByTrip = Map.groupBy(dateRows, (d) => d.tripId)
  const categoriesByTrip = Map.groupBy(categoryRows, (c) => c.tripId)
  const byId = new Map(tripRows.map((t) => [t.id, t]))
  return idList.flatMap((id) => {
    const trip = byId.get(id)
    if (!trip) return []
    const dates = datesByTrip.get(id) ?? []
    const bookableDates = dates.filter((d) => bookableAction(d.bookable) !== 'none')
    const priced = bookableDates.length ? bookableDates : dates
    return [
      tripCardSchema.parse({
        ...trip,
        image: trip.images[0] ?? null,
        priceFrom: priced.length ? Math.min(...priced.map((d) => d.price)) : null,
        nextDates: dates.slice(0, NEXT_DATES).map(({ dateFrom, dateTill, bookable }) => ({ dateFrom, dateTill, bookable })),
        bookable: bestStatus(dates.map((d) => d.bookable)),
        categories: (categoriesByTrip.get(id) ?? []).map(({ id: cid, slug, name }) => ({ id: cid, slug, name })),
      }),
    ]
  })
}
