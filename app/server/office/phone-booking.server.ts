// Phone bookings (issue 25, item 5): the trips and dates a clerk can book for a caller, with the
// places still free. The booking itself is the public one, marked as taken on the phone.
import { and, asc, eq, gte, inArray } from 'drizzle-orm'
import { BOOKABLE_STATUSES, bookableAction } from '~/lib/bookable'
import type { Database } from '../db/database.server'
import { tripDates, trips } from '../db/schema'
import { freePlaces, loadOffer } from '../services/booking/offer.server'

const BOOKING_STATUSES = BOOKABLE_STATUSES.filter((s) => bookableAction(s) === 'book')

export type PhoneBookingChoices = {
  trips: { id: number; title: string }[]
  dates: { dateId: number; dateFrom: string; dateTill: string; free: number }[]
}

/** The published trips with a date still to book; for `tripId` its dates from today with their free places. */
export async function phoneBookingChoices(db: Database, tripId: number | undefined, today: string): Promise<PhoneBookingChoices> {
  const open = and(inArray(tripDates.bookable, BOOKING_STATUSES), gte(tripDates.dateFrom, today), eq(trips.published, true))
  const [tripRows, dateRows] = await Promise.all([
    db.selectDistinct({ id: trips.id, title: trips.title }).from(trips).innerJoin(tripDates, eq(tripDates.tripId, trips.id)).where(open).orderBy(asc(trips.title), asc(trips.id)),
    tripId === undefined
      ? []
      : db
          .select({ dateId: tripDates.id, dateFrom: tripDates.dateFrom, dateTill: tripDates.dateTill })
          .from(tripDates)
          .innerJoin(trips, eq(trips.id, tripDates.tripId))
          .where(and(open, eq(trips.id, tripId)))
          .orderBy(asc(tripDates.dateFrom)),
  ])
  const dates = await Promise.all(
    dateRows.map(async (d) => {
      const offer = await loadOffer(db, d.dateId)
      return { ...d, free: offer ? await freePlaces(db, offer) : 0 }
    }),
  )
  return { trips: tripRows, dates }
}
