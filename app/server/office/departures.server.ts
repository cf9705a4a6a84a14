// The office's departures (issue 25, item 6): the trip dates with their places booked, held and
// free (one query for the page, one for its seats, one for the count), and everything one date's
// lists need. Only bookings with status 'received' count; a cancelled one is not read.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { MOBILITY_AIDS } from '~/lib/booking/draft'
import { ROOM_TYPES } from '~/lib/booking/offer'
import {
  DEPARTURES_PER_PAGE,
  departureLists,
  DEPARTURE_LIST_DESCRIPTIONS,
  DEPARTURE_LIST_LABELS,
  busList,
  departureRange,
  listSizes,
  minimumState,
  placeCounts,
  seatPlanView,
} from '~/lib/office/departure-lists'
import type {
  Departure,
  DepartureFacts,
  DepartureNote,
  DepartureList,
  DepartureListSearch,
  DepartureTraveller,
  ListTable,
  MinimumState,
  PlaceCounts,
  SeatPlanView,
  SeatReservation,
} from '~/lib/office/departure-lists'
import type { BookableStatus } from '~/lib/bookable'
import type { AuditAction } from '~/lib/office/audit'
import type { Database } from '../db/database.server'
import { intArray } from '../db/query.server'
import { auditLog, boardingPoints, bookingParticipants, bookings, seatPlans, seatReservations, transferZones, tripBoardingPoints, tripDates, trips } from '../db/schema'
import { holdLapsed } from '../services/booking/seat-reservation.server'

/** The one status that holds places; 'cancelled' does not. */
const COUNTED_STATUS = 'received'
/** The audit log's action of a note the office writes on a booking. */
const NOTE_ACTION: AuditAction = 'booking.note'

export type DepartureListRow = {
  id: number
  tripId: number
  tripTitle: string
  code: string
  dateFrom: string
  dateTill: string
  bookable: BookableStatus
  counts: PlaceCounts
  minimum: MinimumState
}

export type DepartureListPage = { rows: DepartureListRow[]; total: number; page: number; pages: number }

const bookedPlaces = sql<number>`coalesce((select sum(b.places) from ${bookings} b
  where b.trip_date_id = ${tripDates.id} and b.status = ${COUNTED_STATUS}), 0)::int`

function conditions(search: DepartureListSearch, today: string): SQL[] {
  const { from, till } = departureRange(search, today)
  const where: SQL[] = [gte(tripDates.dateFrom, from)]
  if (till) where.push(lte(tripDates.dateFrom, till))
  if (search.reise) where.push(eq(tripDates.tripId, search.reise))
  if (search.belegt) {
    where.push(sql`exists (select 1 from ${bookings} b where b.trip_date_id = ${tripDates.id} and b.status = ${COUNTED_STATUS})`)
  }
  return where
}

/** The seats of these dates that a counted booking has or a draft holds at `now`. */
async function reservationsOf(db: Database, dateIds: readonly number[], now: Date): Promise<Map<number, SeatReservation[]>> {
  const byDate = new Map<number, SeatReservation[]>()
  if (dateIds.length === 0) return byDate
  const rows = await db
    .select({
      tripDateId: seatReservations.tripDateId,
      seat: seatReservations.seat,
      booked: sql<boolean>`(${bookings.id} is not null)`,
    })
    .from(seatReservations)
    .leftJoin(bookings, and(eq(bookings.id, seatReservations.bookingId), eq(bookings.status, COUNTED_STATUS)))
    .where(
      and(
        sql`${seatReservations.tripDateId} = any(${intArray(dateIds)})`,
        sql`(${bookings.id} is not null or (${seatReservations.holdToken} is not null and not ${holdLapsed(now)}))`,
      ),
    )
  for (const r of rows) {
    const list = byDate.get(r.tripDateId) ?? []
    list.push({ seat: r.seat, state: r.booked ? 'booked' : 'held' })
    byDate.set(r.tripDateId, list)
  }
  return byDate
}

/** One page of the trip dates of the filter, by departure day, with their places and minimum. */
export async function listDepartures(db: Database, search: DepartureListSearch, today: string, now = new Date()): Promise<DepartureListPage> {
  const where = and(...conditions(search, today))
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(tripDates).where(where)
  const pages = Math.max(1, Math.ceil(total / DEPARTURES_PER_PAGE))
  const page = Math.min(search.seite ?? 1, pages)
  const rows = await db
    .select({
      id: tripDates.id,
      tripId: trips.id,
      tripTitle: trips.title,
      code: tripDates.code,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
      bookable: tripDates.bookable,
      capacity: tripDates.capacity,
      minParticipants: trips.minParticipants,
      minParticipantsDays: trips.minParticipantsDays,
      layout: seatPlans.layout,
      booked: bookedPlaces,
    })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(seatPlans, eq(seatPlans.id, tripDates.seatPlanId))
    .where(where)
    // The date's id breaks ties, so a page never repeats or skips a row.
    .orderBy(asc(tripDates.dateFrom), asc(trips.title), asc(tripDates.id))
    .limit(DEPARTURES_PER_PAGE)
    .offset((page - 1) * DEPARTURES_PER_PAGE)
  const reservations = await reservationsOf(
    db,
    rows.filter((r) => r.layout).map((r) => r.id),
    now,
  )
  return {
    rows: rows.map(({ capacity, layout, booked, minParticipants, minParticipantsDays, ...row }) => ({
      ...row,
      counts: placeCounts(capacity, layout, booked, reservations.get(row.id) ?? []),
      minimum: minimumState({ minParticipants, minParticipantsDays, bookable: row.bookable, dateFrom: row.dateFrom }, booked, today),
    })),
    total,
    page,
    pages,
  }
}

export type DepartureChoices = { trips: { id: number; title: string }[] }

/** What the trip filter offers: every trip that has a date. */
export async function departureChoices(db: Database): Promise<DepartureChoices> {
  const rows = await db
    .selectDistinct({ id: trips.id, title: trips.title })
    .from(trips)
    .innerJoin(tripDates, eq(tripDates.tripId, trips.id))
    .orderBy(trips.title, trips.id)
  return { trips: rows }
}

const roomTypeOf = (value: string | null) => ROOM_TYPES.find((t) => t === value) ?? null
const mobilityOf = (value: string) => MOBILITY_AIDS.find((m) => m === value) ?? 'keine'

/** Everything the lists of one trip date need; null when there is no such date. */
export async function loadDeparture(db: Database, id: number, now = new Date()): Promise<Departure | null> {
  const [facts] = await db
    .select({
      id: tripDates.id,
      tripId: trips.id,
      tripTitle: trips.title,
      code: tripDates.code,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
      durationDays: trips.durationDays,
      bookable: tripDates.bookable,
      capacity: tripDates.capacity,
      minParticipants: trips.minParticipants,
      minParticipantsDays: trips.minParticipantsDays,
      seatPlanName: seatPlans.name,
      layout: seatPlans.layout,
    })
    .from(tripDates)
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(seatPlans, eq(seatPlans.id, tripDates.seatPlanId))
    .where(eq(tripDates.id, id))
    .limit(1)
  if (!facts) return null

  const counted = and(eq(bookings.tripDateId, id), eq(bookings.status, COUNTED_STATUS))
  const contact = (key: string) => sql<string>`coalesce(${bookings.contact}->>${key}, '')`
  const [points, zones, people, reservations, notes] = await Promise.all([
    // The trip's points, and a point a traveller booked that the trip no longer lists (no time).
    db
      .select({
        id: boardingPoints.id,
        name: boardingPoints.name,
        street: boardingPoints.street,
        zip: boardingPoints.zip,
        city: boardingPoints.city,
        note: boardingPoints.note,
        departureTime: tripBoardingPoints.departureTime,
      })
      .from(boardingPoints)
      .leftJoin(tripBoardingPoints, and(eq(tripBoardingPoints.boardingPointId, boardingPoints.id), eq(tripBoardingPoints.tripId, facts.tripId)))
      .where(
        sql`${tripBoardingPoints.tripId} is not null or ${boardingPoints.id} in (
          select p.boarding_point_id from ${bookingParticipants} p join ${bookings} b on b.id = p.booking_id
          where b.trip_date_id = ${id} and b.status = ${COUNTED_STATUS} and p.boarding_point_id is not null)`,
      )
      .orderBy(asc(tripBoardingPoints.departureTime), asc(boardingPoints.name), asc(boardingPoints.id)),
    db.select({ id: transferZones.id, name: transferZones.name, zipPrefixes: transferZones.zipPrefixes, price: transferZones.price }).from(transferZones),
    db
      .select({
        bookingNumber: bookings.bookingNumber,
        roomIndex: bookingParticipants.roomIndex,
        roomType: sql<string | null>`${bookings.rooms}->${bookingParticipants.roomIndex}->>'type'`,
        firstname: bookingParticipants.firstname,
        lastname: bookingParticipants.lastname,
        buchender: bookingParticipants.buchender,
        seat: bookingParticipants.seat,
        boardingPointId: bookingParticipants.boardingPointId,
        transferZip: bookingParticipants.transferZip,
        mobility: bookingParticipants.mobility,
        phone: contact('tel'),
        street: contact('street'),
        streetNr: contact('street_nr'),
        zip: contact('zip'),
        city: contact('city'),
      })
      .from(bookingParticipants)
      .innerJoin(bookings, eq(bookings.id, bookingParticipants.bookingId))
      .where(counted)
      // The booking's own order: its rooms, and in each the booking person first where they sleep there.
      .orderBy(asc(bookings.id), asc(bookingParticipants.roomIndex), asc(bookingParticipants.id)),
    facts.layout ? reservationsOf(db, [id], now) : new Map<number, SeatReservation[]>(),
    // The office's notes on these bookings: entries of their audit log (issue 25, item 7).
    db
      .select({
        bookingNumber: bookings.bookingNumber,
        at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        author: auditLog.actorName,
        text: sql<string>`coalesce(${auditLog.after}->>'note', '')`,
      })
      .from(auditLog)
      .innerJoin(bookings, eq(bookings.id, auditLog.bookingId))
      .where(and(counted, eq(auditLog.action, NOTE_ACTION)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  ])

  const travellers: DepartureTraveller[] = people.map(({ street, streetNr, zip, city, roomType, mobility, ...p }) => ({
    ...p,
    roomType: roomTypeOf(roomType),
    mobility: mobilityOf(mobility),
    bookerAddress: zip ? { street, streetNr, zip, city } : null,
  }))
  return {
    facts: facts satisfies DepartureFacts,
    points,
    zones,
    travellers,
    reservations: reservations.get(id) ?? [],
    notes: notes satisfies DepartureNote[],
  }
}

export type DepartureView = {
  facts: Omit<DepartureFacts, 'layout'>
  counts: PlaceCounts
  /** The bookings of the date (those a cancellation of the departure would end). */
  bookings: number
  minimum: MinimumState
  seatPlan: SeatPlanView | null
  /** The Busliste's tables the seat plan does not show: travellers without a seat (all of them without a plan). */
  travellerTables: ListTable[]
  lists: { list: DepartureList; label: string; description: string; size: string }[]
}

/** What the departure's page shows. */
export function departureView(d: Departure, today: string): DepartureView {
  const { layout, ...facts } = d.facts
  const booked = d.travellers.length
  const bus = busList(d)
  const sizes = listSizes(d)
  return {
    facts,
    counts: placeCounts(facts.capacity, layout, booked, d.reservations),
    bookings: new Set(d.travellers.map((t) => t.bookingNumber)).size,
    minimum: minimumState(facts, booked, today),
    seatPlan: layout ? seatPlanView(layout, d.travellers, d.reservations) : null,
    travellerTables: layout ? bus.tables.slice(1) : bus.tables,
    lists: departureLists(facts.durationDays).map((list) => ({
      list,
      label: DEPARTURE_LIST_LABELS[list],
      description: DEPARTURE_LIST_DESCRIPTIONS[list],
      size: sizes[list],
    })),
  }
}
