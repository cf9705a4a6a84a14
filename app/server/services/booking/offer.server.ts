// What a trip date offers a booking, read from the catalogue, and who may book it now: only
// upcoming dates of published trips with status 0, 4 or 5 and at least one free place.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { DEPARTURE_GUARANTEED, bookableAction } from '~/lib/bookable'
import { insuranceFits, roomTypesFor } from '~/lib/booking/offer'
import type { BookingOffer, ServiceOffer } from '~/lib/booking/offer'
import type { TripTerms } from '~/lib/booking/trip-terms'
import { sellableSeats } from '~/lib/booking/seat-plan'
import type { SeatState } from '~/lib/booking/seat-plan'
import { todayInBerlin } from '~/lib/calendar'
import { contentVersionOf, keptPerVersion } from '../../content-version.server'
import type { Database } from '../../db/database.server'
import { jsonValue } from '../../db/query.server'
import { tripBoardingPointsJson } from '../trip-detail.server'
import { loadDraft } from './drafts.server'
import type { DraftRow } from './drafts.server'
import { reservationState } from './seat-reservation.server'
import {
  bookingDrafts,
  countries,
  hotels,
  insuranceOffers,
  seatPlans,
  seatReservations,
  services,
  ships,
  transferZones,
  tripCountries,
  tripDates,
  trips,
} from '../../db/schema'

/** The passport note of a country that has none configured. */
const ENTRY_NOTE_UNKNOWN = 'Bitte informieren Sie sich rechtzeitig über die Pass-, Visum- und Gesundheitsvorschriften.'

/** Why a date cannot be booked online: each gets its own German page. */
export type Unbookable = 'unknown' | 'past' | 'closed' | 'full'

export const UNBOOKABLE_MESSAGES = {
  unknown: 'Diesen Reisetermin gibt es nicht (mehr).',
  past: 'Dieser Reisetermin liegt in der Vergangenheit und kann nicht mehr gebucht werden.',
  closed: 'Dieser Reisetermin kann zurzeit nicht online gebucht werden. Bitte rufen Sie uns an – wir beraten Sie gern.',
  full: 'Dieser Reisetermin ist leider ausgebucht. Gern setzen wir Sie auf die Warteliste – rufen Sie uns an.',
} as const satisfies Record<Unbookable, string>

/**
 * The offer of a date, or null when there is no such date of a published trip. The date is given
 * by its id or as the date of a draft (`{ draftId }`), so that the offer is read beside the draft
 * rather than after it.
 */
export async function loadOffer(db: Database, date: number | { draftId: string }): Promise<BookingOffer | null> {
  // Every seat pick and booking asks: the trip's parts are found through the date in the same
  // round trip rather than after it.
  const tripDateId =
    typeof date === 'number'
      ? date
      : sql<number>`(select ${bookingDrafts.tripDateId} from ${bookingDrafts} where ${bookingDrafts.id} = ${date.draftId})`
  // One statement (one round trip on one connection): the date, its trip, seat plan, boarding
  // points and the trip's own add-ons.
  const [[row], reference] = await Promise.all([
    db
      .select({
        tripDateId: tripDates.id,
        tripId: trips.id,
        tripTitle: trips.title,
        dateFrom: tripDates.dateFrom,
        dateTill: tripDates.dateTill,
        durationDays: trips.durationDays,
        transport: trips.transport,
        bookable: tripDates.bookable,
        price: tripDates.price,
        singleRoomSurcharge: tripDates.singleRoomSurcharge,
        seatPlan: seatPlans.layout,
        boardingPoints: tripBoardingPointsJson(trips.id),
        tripServices: sql`coalesce((
          select json_agg(json_build_object('id', ${services.id}, 'name', ${services.name}, 'description', ${services.description},
              'price', ${services.price}, 'per', ${services.per}) order by ${services.id})
          from ${services} where ${services.tripId} = ${trips.id}), '[]'::json)`.mapWith(jsonValue<ServiceOffer[]>),
        destinations: sql`coalesce((
          select json_agg(json_build_object('iso2', ${countries.iso2}, 'name', ${countries.name}, 'note', ${countries.entryNote})
              order by ${countries.name})
          from ${tripCountries} join ${countries} on ${countries.id} = ${tripCountries.countryId}
          where ${tripCountries.tripId} = ${trips.id}), '[]'::json)`.mapWith(jsonValue<Destination[]>),
        cancellationScale: trips.cancellationScale,
        rebookingFee: trips.rebookingFee,
        minParticipants: trips.minParticipants,
        minParticipantsDays: trips.minParticipantsDays,
        returnTime: trips.returnTime,
        onSiteFees: trips.onSiteFees,
        included: trips.included,
        itinerary: trips.itinerary,
        accommodation: sql<string | null>`coalesce(
          (select ${hotels.name} || ', ' || ${hotels.city} from ${hotels} where ${hotels.id} = ${trips.hotelId}),
          (select 'an Bord der ' || ${ships.name} from ${ships} where ${ships.id} = ${trips.shipId}))`,
      })
      .from(tripDates)
      .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
      .leftJoin(seatPlans, eq(seatPlans.id, tripDates.seatPlanId))
      .where(eq(tripDates.id, tripDateId))
      .limit(1),
    referenceData(db),
  ])
  if (!row) return null

  const {
    tripServices,
    destinations,
    cancellationScale,
    rebookingFee,
    minParticipants,
    minParticipantsDays,
    returnTime,
    onSiteFees,
    included,
    itinerary,
    accommodation,
    ...offerRow
  } = row
  // A departure the operator guarantees (status 4, Durchführungsgarantie) cannot be called off for
  // too few participants: its contract has no minimum.
  const guaranteed = row.bookable === DEPARTURE_GUARANTEED
  const terms = tripTerms(destinations, {
    cancellationScale,
    rebookingFee,
    minParticipants: guaranteed ? null : minParticipants,
    minParticipantsDays,
    returnTime,
    onSiteFees,
  })
  return {
    ...offerRow,
    roomTypes: roomTypesFor(row.durationDays),
    // Door-to-door transfer brings travellers to the bus, so it exists only where boarding points do.
    transferZones: row.boardingPoints.length ? reference.transferZones : [],
    services: [...reference.services, ...tripServices].sort((a, b) => a.id - b.id),
    // Only what fits the trip is offered, so a draft naming another insurance is refused like an unknown one.
    insuranceOffers: reference.insuranceOffers.filter((o) => insuranceFits(o, terms.domestic)),
    terms,
    contents: { accommodation, included, programme: itinerary.map((d) => ({ day: d.day, title: d.title })) },
  }
}

type Destination = { iso2: string | null; name: string | null; note: string | null }

/**
 * A trip is domestic when it has destinations and every one lies in Germany; a trip without a
 * known country is treated as going abroad, so no cover is withheld from it.
 */
export function tripTerms(
  destinations: readonly Destination[],
  stored: Omit<TripTerms, 'domestic' | 'entryNotes'>,
): TripTerms {
  const abroad = destinations.filter((d) => d.iso2 !== 'DE')
  return {
    ...stored,
    domestic: destinations.length > 0 && abroad.length === 0,
    entryNotes: abroad.map((d) => ({ country: d.name ?? 'Reiseland', note: d.note ?? ENTRY_NOTE_UNKNOWN })),
  }
}

/**
 * A date's offer, kept until the content version rises: it is made only of catalogue tables, each
 * of which raises the version (migration 0008). At most 2,000 dates.
 */
export const offerOf = keptPerVersion((db: Database, tripDateId: number) => loadOffer(db, tripDateId), String, 2000)

/**
 * A draft and its date's offer. With the offer kept, only the draft is read; otherwise both at
 * once (the offer found through the draft in the same round trip).
 */
export async function draftWithOffer(db: Database, draftId: string, now: Date): Promise<[DraftRow | null, BookingOffer | null]> {
  if (contentVersionOf(db) === null) {
    const [row, offer] = await Promise.all([loadDraft(db, draftId, now), loadOffer(db, { draftId })])
    // The offer is found through the draft: a draft booked (and so deleted) between the two reads
    // leaves it unfound, so then it is asked for by the date the draft names.
    return [row, row && !offer ? await loadOffer(db, row.tripDateId) : offer]
  }
  const row = await loadDraft(db, draftId, now)
  return [row, row ? await offerOf(db, row.tripDateId) : null]
}

type ReferenceData = Pick<BookingOffer, 'transferZones' | 'services' | 'insuranceOffers'>

/**
 * What every date offers alike (insurance, add-ons for all trips, transfer zones): each seat pick
 * and booking needs it, so it is kept per content version like the offers (its tables raise it).
 */
const referenceData = keptPerVersion(loadReferenceData, () => '', 1)

function loadReferenceData(db: Database): Promise<ReferenceData> {
  return Promise.all([
    db.select().from(transferZones).orderBy(asc(transferZones.id)),
    db
      .select({ id: services.id, name: services.name, description: services.description, price: services.price, per: services.per })
      .from(services)
      .where(isNull(services.tripId))
      .orderBy(asc(services.id)),
    db.select().from(insuranceOffers).orderBy(asc(insuranceOffers.id)),
  ]).then(([zones, globalServices, insurance]) => ({
    transferZones: zones.map((z) => ({ id: z.id, name: z.name, zipPrefixes: z.zipPrefixes, price: z.price })),
    services: globalServices,
    insuranceOffers: insurance.map((i) => ({
      id: i.id,
      code: i.code,
      name: i.name,
      description: i.description,
      insurer: i.insurer,
      productSheetUrl: i.productSheetUrl,
      conditionsUrl: i.conditionsUrl,
      scope: i.scope,
      percentBasisPoints: i.percentBasisPoints,
      minPrice: i.minPrice,
      fixedPrice: i.fixedPrice,
    })),
  }))
}

/** The state of every seat of a date for one draft (its own holds are 'mine'). */
export async function seatStates(
  db: Database,
  offer: BookingOffer,
  draftId: string | null,
  now = new Date(),
): Promise<Record<string, SeatState>> {
  if (!offer.seatPlan) return {}
  const rows = await db
    .select({ seat: seatReservations.seat, state: reservationState(now, draftId) })
    .from(seatReservations)
    .where(eq(seatReservations.tripDateId, offer.tripDateId))
  const states: Record<string, SeatState> = {}
  for (const seat of sellableSeats(offer.seatPlan)) states[seat] = 'free'
  for (const r of rows) if (r.seat in states) states[r.seat] = r.state
  return states
}

/**
 * Places still free on a date: with a seat plan the seats whose state (above) is free, so the count
 * and the plan follow one rule; without, capacity minus booked travellers.
 */
export async function freePlaces(db: Database, offer: BookingOffer, now = new Date()): Promise<number> {
  if (offer.seatPlan) {
    const states = await seatStates(db, offer, null, now)
    return Object.values(states).filter((s) => s === 'free').length
  }
  const [date] = await db
    .select({
      capacity: tripDates.capacity,
      booked: sql<number>`coalesce((select sum(b.places) from bookings b where b.trip_date_id = ${offer.tripDateId}), 0)::int`,
    })
    .from(tripDates)
    .where(eq(tripDates.id, offer.tripDateId))
  return date ? Math.max(0, date.capacity - date.booked) : 0
}

/** Whether a customer may start or finish a booking of this date today; null when they may. */
export async function unbookableReason(db: Database, offer: BookingOffer | null, today = todayInBerlin()): Promise<Unbookable | null> {
  if (!offer) return 'unknown'
  const closed = closedReason(offer, today)
  if (closed) return closed
  if ((await freePlaces(db, offer)) === 0) return 'full'
  return null
}

/** The rules that need no query: past dates and statuses that do not allow booking. */
export function closedReason(offer: Pick<BookingOffer, 'dateFrom' | 'bookable'>, today: string): 'past' | 'closed' | null {
  // The trip page offers every date from today on; one leaving today can still be booked.
  if (offer.dateFrom < today) return 'past'
  if (bookableAction(offer.bookable) !== 'book') return 'closed'
  return null
}
