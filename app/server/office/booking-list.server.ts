// The office's bookings list (issue 25, item 3): filtered, sorted and paged in the database, one
// query for the page and one for the count; the export reads the same filter without paging.
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { BOOKINGS_PER_PAGE, containsPattern, isPhoneNumber, listOrder } from '~/lib/office/booking-list'
import type { BookingChannel, BookingListSearch, BookingStatus, PaymentState } from '~/lib/office/booking-list'
import type { Database } from '../db/client.server'
import { agencies, bookings, payments, tripDates, trips } from '../db/schema'

export type BookingListRow = {
  bookingNumber: string
  bookedAt: string
  status: BookingStatus
  channel: BookingChannel
  tripTitle: string
  departure: string
  customer: string
  email: string
  phone: string
  places: number
  total: number
  paid: number
  paymentState: PaymentState
  agency: string | null
}

export type BookingListPage = { rows: BookingListRow[]; total: number; page: number; pages: number }

/**
 * What has been paid per booking, and whether an open instalment is past its due day: one lateral
 * look-up of the booking's payments (by their booking index), for the rows of the page.
 */
function paymentSummary(db: Database, today: string) {
  return db
    .select({
      paid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'paid'), 0)::bigint`.as('paid'),
      overdue: sql<boolean>`coalesce(bool_or(${payments.status} <> 'paid' and ${payments.amount} > 0 and ${payments.dueDate} < ${today}::date), false)`.as('overdue'),
    })
    .from(payments)
    .where(eq(payments.bookingId, bookings.id))
    .as('pay')
}

/**
 * The payment filter as set conditions the indexes answer (the instalments of a booking add up to
 * its price): paid = no open instalment left; overdue = an open one past its day (the partial index
 * of open instalments); partly = something paid, something open, nothing overdue; open = nothing
 * paid, nothing overdue.
 */
function paymentCondition(state: PaymentState, today: string): SQL {
  const openLeft = sql`exists (select 1 from payments p where p.booking_id = ${bookings.id} and p.status <> 'paid' and p.amount > 0)`
  const somePaid = sql`exists (select 1 from payments p where p.booking_id = ${bookings.id} and p.status = 'paid' and p.amount > 0)`
  const overdue = sql`${bookings.id} in (select p.booking_id from payments p where p.status <> 'paid' and p.amount > 0 and p.due_date < ${today}::date)`
  switch (state) {
    case 'paid':
      return sql`not ${openLeft}`
    case 'overdue':
      return overdue
    case 'partly':
      return sql`${somePaid} and ${openLeft} and not ${overdue}`
    case 'open':
      return sql`not ${somePaid} and ${openLeft} and not ${overdue}`
  }
}

const customerName = sql<string>`concat_ws(' ', ${bookings.contact}->>'firstname', ${bookings.contact}->>'lastname')`

function conditions(search: BookingListSearch, today: string): SQL[] {
  const where: SQL[] = []
  if (search.q) {
    const like = containsPattern(search.q)
    const number = containsPattern(search.q.toUpperCase().replace(/\s+/g, ''))
    // A phone number as typed ('0521/12 34 56') is compared digit by digit.
    const phone = isPhoneNumber(search.q)
      ? sql`union select id from bookings where regexp_replace(contact->>'tel', '[^0-9+]', '', 'g') like ${containsPattern(search.q.replace(/[^0-9+]/g, ''))}`
      : sql``
    // Each part on its own trigram index (migration 0015); the booking person is a traveller too.
    where.push(sql`${bookings.id} = any(array(
      select id from bookings where booking_number like ${number}
      union select id from bookings where contact->>'email' ilike ${like}
      ${phone}
      union select booking_id from booking_participants where (firstname || ' ' || lastname) ilike ${like}))`)
  }
  if (search.status) where.push(eq(bookings.status, search.status))
  if (search.zahlung) where.push(paymentCondition(search.zahlung, today))
  if (search.kanal) where.push(eq(bookings.channel, search.kanal))
  if (search.reise) where.push(eq(tripDates.tripId, search.reise))
  if (search.agentur) where.push(eq(bookings.agencyId, search.agentur))
  if (search.abfahrtVon) where.push(gte(tripDates.dateFrom, search.abfahrtVon))
  if (search.abfahrtBis) where.push(lte(tripDates.dateFrom, search.abfahrtBis))
  // Booking days in Berlin.
  if (search.gebuchtVon) where.push(sql`(${bookings.createdAt} at time zone 'Europe/Berlin')::date >= ${search.gebuchtVon}::date`)
  if (search.gebuchtBis) where.push(sql`(${bookings.createdAt} at time zone 'Europe/Berlin')::date <= ${search.gebuchtBis}::date`)
  return where
}

function orderBy(search: BookingListSearch) {
  const { sort, direction } = listOrder(search)
  const by = direction === 'asc' ? asc : desc
  const column = {
    booked: bookings.createdAt,
    departure: tripDates.dateFrom,
    number: bookings.bookingNumber,
    name: sql`lower(${bookings.contact}->>'lastname')`,
    total: bookings.gesamtpreis,
  }[sort]
  // The booking's id breaks ties, so a page never repeats or skips a row.
  return [by(column), by(bookings.id)]
}

/** Whether the filter or the order needs the trip date (otherwise the booking alone answers). */
function needsDate(search: BookingListSearch): boolean {
  return Boolean(search.reise || search.abfahrtVon || search.abfahrtBis || listOrder(search).sort === 'departure')
}

/** The ids of the filter's bookings in the list's order, from `offset` on. */
function matchingIds(db: Database, search: BookingListSearch, today: string, limit: number, offset: number) {
  const base = db.select({ id: bookings.id }).from(bookings)
  const joined = needsDate(search) ? base.innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId)) : base
  return joined
    .where(and(...conditions(search, today)))
    .orderBy(...orderBy(search))
    .limit(limit)
    .offset(offset)
}

/**
 * The rows of these bookings in the list's order. Found first by id (the filter and the order on
 * the bookings' own indexes), then given their trip, agency and payment state: the lateral look-up
 * of the payments runs for the rows shown, not for every booking the filter matched.
 */
async function rowsOf(db: Database, search: BookingListSearch, today: string, ids: number[]): Promise<BookingListRow[]> {
  if (ids.length === 0) return []
  const pay = paymentSummary(db, today)
  return db
    .select({
      bookingNumber: bookings.bookingNumber,
      bookedAt: sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      status: sql<BookingStatus>`${bookings.status}`,
      channel: sql<BookingChannel>`${bookings.channel}`,
      tripTitle: trips.title,
      departure: tripDates.dateFrom,
      customer: customerName,
      email: sql<string>`coalesce(${bookings.contact}->>'email', '')`,
      phone: sql<string>`coalesce(${bookings.contact}->>'tel', '')`,
      places: bookings.places,
      total: bookings.gesamtpreis,
      paid: sql<number>`${pay.paid}`.mapWith(Number),
      paymentState: sql<PaymentState>`case when ${pay.paid} >= ${bookings.gesamtpreis} then 'paid' when ${pay.overdue} then 'overdue' when ${pay.paid} > 0 then 'partly' else 'open' end`,
      agency: agencies.name,
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoinLateral(pay, sql`true`)
    .where(inArray(bookings.id, ids))
    .orderBy(...orderBy(search))
}

export async function listBookings(db: Database, search: BookingListSearch, today: string): Promise<BookingListPage> {
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(bookings)
  const [{ total } = { total: 0 }] = await (needsDate(search) ? counted.innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId)) : counted).where(
    and(...conditions(search, today)),
  )
  const pages = Math.max(1, Math.ceil(total / BOOKINGS_PER_PAGE))
  const page = Math.min(search.seite ?? 1, pages)
  const ids = await matchingIds(db, search, today, BOOKINGS_PER_PAGE, (page - 1) * BOOKINGS_PER_PAGE)
  return { rows: await rowsOf(db, search, today, ids.map((r) => r.id)), total, page, pages }
}

/** Every row of the filter, in the list's order (the export; at most `limit`). */
export async function allBookings(db: Database, search: BookingListSearch, today: string, limit: number): Promise<BookingListRow[]> {
  const ids = await matchingIds(db, search, today, limit, 0)
  const rows: BookingListRow[] = []
  // In slices, so that no statement carries 100,000 parameters.
  for (let i = 0; i < ids.length; i += 5000) rows.push(...(await rowsOf(db, search, today, ids.slice(i, i + 5000).map((r) => r.id))))
  return rows
}

export type BookingListChoices = { trips: { id: number; title: string }[]; agencies: { id: number; name: string }[] }

/** What the trip and agency filters offer: the trips that have bookings, and every agency. */
export async function bookingListChoices(db: Database): Promise<BookingListChoices> {
  const [tripRows, agencyRows] = await Promise.all([
    // Per trip one probe of the bookings' date index, rather than every booking read.
    db
      .select({ id: trips.id, title: trips.title })
      .from(trips)
      .where(sql`exists (select 1 from ${tripDates} d where d.trip_id = ${trips.id} and exists (select 1 from ${bookings} b where b.trip_date_id = d.id))`)
      .orderBy(trips.title, trips.id),
    db.select({ id: agencies.id, name: agencies.name }).from(agencies).orderBy(agencies.name),
  ])
  return { trips: tripRows, agencies: agencyRows }
}
