// One published trip with everything its detail page shows: upcoming dates, boarding points,
// categories, countries, hotel or ship. The description is sanitised here, before it leaves the server.
import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { AnyColumn, SQL } from 'drizzle-orm'
import { bookableLabel } from '~/lib/bookable'
import { formatPrice } from '~/lib/format'
import { buildIcs, icsFileName } from '~/lib/ics'
import { readImages } from '~/lib/image-ref'
import { tripDetailSchema, tripPath } from '~/lib/trip-detail'
import type { TripBoardingPoint, TripDetail, TripRef } from '~/lib/trip-detail'
import { absoluteUrl } from '~/lib/sitemap'
import type { Database } from '../db/database.server'
import { jsonValue } from '../db/query.server'
import {
  boardingPoints,
  categories,
  countries,
  hotels,
  ships,
  tripBoardingPoints,
  tripCategories,
  tripCountries,
  tripDates,
  trips,
} from '../db/schema'
import { sanitize } from './sanitize.server'
import { todayIsoDay } from './trip-cards.server'

/** A date as the detail page and the .ics download show it. */
const TRIP_DATE_COLUMNS = {
  id: tripDates.id,
  dateFrom: tripDates.dateFrom,
  dateTill: tripDates.dateTill,
  price: tripDates.price,
  singleRoomSurcharge: tripDates.singleRoomSurcharge,
  bookable: tripDates.bookable,
  code: tripDates.code,
}

/**
 * The Zustiegsstellen of a trip in the order the coach reaches them, with time and surcharge, as
 * one JSON array: the trip page and the booking offer read them inside a statement of their own.
 * The subquery is an SQL object of its own inside the returned one: a select from one table writes
 * the columns of its fields without their table (`"id"`), and inside this subquery an unqualified
 * `"id"` names the boarding point's, so every trip page listed the same points; nested, drizzle
 * leaves every column of the subquery and the trip's id qualified.
 */
export function tripBoardingPointsJson(tripId: AnyColumn | number): SQL<TripBoardingPoint[]> {
  const points = sql`select json_agg(json_build_object(
        'id', ${boardingPoints.id}, 'name', ${boardingPoints.name}, 'street', ${boardingPoints.street},
        'zip', ${boardingPoints.zip}, 'city', ${boardingPoints.city},
        'departureTime', ${tripBoardingPoints.departureTime}, 'surcharge', ${tripBoardingPoints.surcharge})
      order by ${tripBoardingPoints.departureTime}, ${boardingPoints.city}, ${boardingPoints.id})
    from ${tripBoardingPoints} join ${boardingPoints} on ${boardingPoints.id} = ${tripBoardingPoints.boardingPointId}
    where ${tripBoardingPoints.tripId} = ${tripId}`
  return sql`coalesce((${points}), '[]'::json)`.mapWith(jsonValue<TripBoardingPoint[]>)
}

/** The id of a published trip named by id or slug; null when there is none. */
export async function resolveTripRef(db: Database, ref: TripRef): Promise<number | null> {
  const where = ref.kind === 'id' ? eq(trips.id, ref.id) : eq(trips.slug, ref.slug)
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(where, eq(trips.published, true)))
    .limit(1)
  return row?.id ?? null
}

export async function loadTripDetail(db: Database, id: number, today = todayIsoDay()): Promise<TripDetail | null> {
  const [found] = await db
    .select({ trip: trips, points: tripBoardingPointsJson(trips.id) })
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.published, true)))
    .limit(1)
  if (!found) return null
  const { trip, points } = found

  const [dates, categoryRows, countryRows, hotel, ship] = await Promise.all([
    db
      .select(TRIP_DATE_COLUMNS)
      .from(tripDates)
      .where(and(eq(tripDates.tripId, id), gte(tripDates.dateFrom, today)))
      .orderBy(asc(tripDates.dateFrom), asc(tripDates.id)),
    db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, kind: categories.kind })
      .from(tripCategories)
      .innerJoin(categories, eq(categories.id, tripCategories.categoryId))
      .where(eq(tripCategories.tripId, id))
      .orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select({ id: countries.id, slug: countries.slug, name: countries.name })
      .from(tripCountries)
      .innerJoin(countries, eq(countries.id, tripCountries.countryId))
      .where(eq(tripCountries.tripId, id))
      .orderBy(asc(countries.name)),
    trip.hotelId === null
      ? null
      : db
          .select({ id: hotels.id, name: hotels.name, city: hotels.city, stars: hotels.stars, images: hotels.images })
          .from(hotels)
          .where(eq(hotels.id, trip.hotelId))
          .then(([row]) => row ?? null),
    trip.shipId === null
      ? null
      : db
          .select({ id: ships.id, name: ships.name, kind: ships.kind, images: ships.images })
          .from(ships)
          .where(eq(ships.id, trip.shipId))
          .then(([row]) => row ?? null),
  ])

  return tripDetailSchema.parse({
    id: trip.id,
    slug: trip.slug,
    title: trip.title,
    subtitle: trip.subtitle,
    teaser: trip.teaser,
    descriptionHtml: sanitize(trip.description),
    itinerary: [...trip.itinerary].sort((a, b) => a.day - b.day),
    included: trip.included,
    notIncluded: trip.notIncluded,
    durationDays: trip.durationDays,
    transport: trip.transport,
    images: readImages(trip.images),
    listedSince: trip.createdAt.toISOString().slice(0, 10),
    categories: categoryRows,
    countries: countryRows,
    dates,
    boardingPoints: points,
    hotel: hotel
      ? { id: hotel.id, name: hotel.name, city: hotel.city, stars: hotel.stars, image: readImages(hotel.images)[0] ?? null }
      : null,
    ship: ship ? { id: ship.id, name: ship.name, kind: ship.kind, image: readImages(ship.images)[0] ?? null } : null,
  })
}

export type TripDateWithTrip = { trip: { id: number; title: string; teaser: string }; date: TripDetail['dates'][number] }

/** One date of a published trip (for the .ics download); past dates are still found. */
export async function loadTripDate(db: Database, tripId: number, dateId: number): Promise<TripDateWithTrip | null> {
  const [row] = await db
    .select({
      tripId: trips.id,
      title: trips.title,
      teaser: trips.teaser,
      ...TRIP_DATE_COLUMNS,
    })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(and(eq(tripDates.id, dateId), eq(tripDates.tripId, tripId)))
    .limit(1)
  if (!row) return null
  const { tripId: id, title, teaser, ...date } = row
  return { trip: { id, title, teaser }, date }
}

/** The .ics file of one date: an all-day event over the travel days, with price, status and link. */
export async function tripDateIcs(
  db: Database,
  tripId: number,
  dateId: number,
  options: { origin: string; siteName: string; now?: Date },
): Promise<{ fileName: string; body: string } | null> {
  const found = await loadTripDate(db, tripId, dateId)
  if (!found) return null
  const { trip, date } = found
  const url = absoluteUrl(options.origin, tripPath(trip.id))
  const description = [
    trip.teaser,
    `Preis p. P.: ${formatPrice(date.price)}`,
    `Status: ${bookableLabel(date.bookable)}`,
    `Reisedetails: ${url}`,
  ]
    .filter(Boolean)
    .join('\n')
  const body = buildIcs({
    prodId: `-//${options.siteName}//Reisetermine//DE`,
    events: [
      {
        uid: `termin-${date.id}@${new URL(options.origin).hostname}`,
        start: date.dateFrom,
        end: date.dateTill,
        summary: `${trip.title} (${options.siteName})`,
        description,
        url,
        stamp: options.now ?? new Date(),
      },
    ],
  })
  return { fileName: icsFileName(trip.id, date.id), body }
}
