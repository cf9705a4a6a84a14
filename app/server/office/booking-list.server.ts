// The office's bookings list (issue 25, item 3): filtered, sorted and paged in the database, one
// query for the page and one for the count; the export reads the same filter without paging.
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { BOOKINGS_PER_PAGE, bookingNumberQuery, containsPattern, isEmailPart, isPhoneNumber, listOrder } from '~/lib/office/booking-list'
import type { BookingChannel, BookingListSearch, BookingStatus, PaymentState } from '~/lib/office/booking-list'
import type { Database } from '../db/database.server'
import { intArray } from '../db/query.server'
import { keptPerVersion } from '../content-version.server'
import { agencies, bookings, tripDates, trips } from '../db/schema'

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
  /** null when nothing is owed and nothing was paid (a cancellation free of charge). */
  paymentState: PaymentState | null
  agency: string | null
}

export type BookingListPage = { rows: BookingListRow[]; total: number; page: number; pages: number }

/**
 * A booking's payment state, as the ledger's triggers keep it on the booking (`payment_state`,
 * migration 0017), made 'overdue' when an instalment it has not covered is past its due day
 * (`open_due`). The filter compares the indexed columns; the rows show the same.
 */
function paymentCondition(state: PaymentState, today: string): SQL {
  const unpaid = sql`${bookings.paymentState} in ('open', 'partly')`
  switch (state) {
    case 'overdue':
      return sql`${unpaid} and ${bookings.openDue} < ${today}::date`
    case 'open':
    case 'partly':
      return sql`${bookings.paymentState} = ${state} and (${bookings.openDue} is null or ${bookings.openDue} >= ${today}::date)`
    default:
      return sql`${bookings.paymentState} = ${state}`
  }
}

/** The payment state on `today`, as a column (the list's rows, a booking's page). */
export function paymentStateOn(today: string) {
  return sql<PaymentState | null>`case when ${bookings.paymentState} in ('open', 'partly') and ${bookings.openDue} < ${today}::date then 'overdue' else ${bookings.paymentState} end`
}

/** The booking person's name as the lists show it. */
export const customerName = sql<string>`concat_ws(' ', ${bookings.contact}->>'firstname', ${bookings.contact}->>'lastname')`

/**
 * The bookings the text finds: by number, e-mail, phone (when the text is one) or the name of the
 * booker or any traveller (the booker is a traveller too), each part on its own trigram index
 * (migration 0015).
 */
function textMatches(text: string): SQL {
  const like = containsPattern(text)
  const number = containsPattern(bookingNumberQuery(text))
  // A phone number as typed ('0521/12 34 56') is compared digit by digit.
  const phone = isPhoneNumber(text)
    ? sql`union select id from bookings where regexp_replace(contact->>'tel', '[^0-9+]', '', 'g') like ${containsPattern(text.replace(/[^0-9+]/g, ''))}`
    : sql``
  const names = sql`select booking_id from booking_participants where (firstname || ' ' || lastname) ilike ${like}`
  // A plain word ('Zimmermann') is mostly a name: the e-mail addresses are read only when no name
  // has it ('hexe77'), which spares a common surname a second thousand rows.
  const email = isEmailPart(text)
    ? sql`select id from bookings where contact->>'email' ilike ${like}`
    : sql`select id from bookings where contact->>'email' ilike ${like} and not exists (${names})`
  // As an array computed once: the bookings are then read by id, not all scanned to join with it.
  return sql`${bookings.id} = any(array(
    select id from bookings where booking_number like ${number}
    union ${email}
    ${phone}
    union ${names}))`
}

/** A Berlin day's first moment, as a timestamp the index on `created_at` can compare with. */
const berlinMidnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Berlin')`

function conditions(search: BookingListSearch, today: string): SQL[] {
  const where: SQL[] = []
  if (search.q) where.push(textMatches(search.q))
  if (search.status) where.push(eq(bookings.status, search.status))
  if (search.zahlung) where.push(paymentCondition(search.zahlung, today))
  if (search.kanal) where.push(eq(bookings.channel, search.kanal))
  if (search.reise) where.push(eq(tripDates.tripId, search.reise))
  if (search.agentur) where.push(eq(bookings.agencyId, search.agentur))
  if (search.abfahrtVon) where.push(gte(tripDates.dateFrom, search.abfahrtVon))
  if (search.abfahrtBis) where.push(lte(tripDates.dateFrom, search.abfahrtBis))
  // Booking days in Berlin, compared on the index of the booking time.
  if (search.gebuchtVon) where.push(sql`${bookings.createdAt} >= ${berlinMidnight(search.gebuchtVon)}`)
  if (search.gebuchtBis) where.push(sql`${bookings.createdAt} < ${berlinMidnight(search.gebuchtBis, 1)}`)
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

/** Whether the filter needs the trip date (otherwise the booking alone answers). */
function filtersDate(search: BookingListSearch): boolean {
  return Boolean(search.reise || search.abfahrtVon || search.abfahrtBis)
}

/** The ids of the filter's bookings in the list's order, from `offset` on (all without a limit). */
async function matchingIds(db: Database, search: BookingListSearch, where: SQL[], limit?: number, offset = 0): Promise<number[]> {
  const base = db.select({ id: bookings.id }).from(bookings)
  const joined = filtersDate(search) || listOrder(search).sort === 'departure' ? base.innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId)) : base
  const ordered = joined.where(and(...where)).orderBy(...orderBy(search)).offset(offset)
  return (await (limit === undefined ? ordered : ordered.limit(limit))).map((r) => r.id)
}

/** How many bookings the filter finds (the order does not matter here, so the date only if filtered by). */
async function countOf(db: Database, search: BookingListSearch, where: SQL[]): Promise<number> {
  const counted = db.select({ total: sql<number>`count(*)::int` }).from(bookings)
  const [row] = await (filtersDate(search) ? counted.innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId)) : counted).where(and(...where))
  return row?.total ?? 0
}

/**
 * The rows of these bookings in the list's order. Found first by id (the filter and the order on
 * the bookings' own indexes), then given their trip and agency.
 */
async function rowsOf(db: Database, search: BookingListSearch, today: string, ids: number[]): Promise<BookingListRow[]> {
  if (ids.length === 0) return []
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
      paid: bookings.paidAmount,
      paymentState: paymentStateOn(today),
      agency: agencies.name,
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(sql`${bookings.id} = any(${intArray(ids)})`)
    .orderBy(...orderBy(search))
}

/**
 * One page of the list and the filter's count. A text search reads the ids it finds once, in the
 * list's order (a text finds a bounded number of bookings), and counts them; otherwise the count
 * and the page are two statements on the indexes.
 */
export async function listBookings(db: Database, search: BookingListSearch, today: string): Promise<BookingListPage> {
  const where = conditions(search, today)
  const found = search.q ? await matchingIds(db, search, where) : null
  const total = found ? found.length : await countOf(db, search, where)
  const pages = Math.max(1, Math.ceil(total / BOOKINGS_PER_PAGE))
  const page = Math.min(search.seite ?? 1, pages)
  const offset = (page - 1) * BOOKINGS_PER_PAGE
  const ids = found ? found.slice(offset, offset + BOOKINGS_PER_PAGE) : await matchingIds(db, search, where, BOOKINGS_PER_PAGE, offset)
  return { rows: await rowsOf(db, search, today, ids), total, page, pages }
}

/** Every row of the filter, in the list's order (the export; at most `limit`). */
export async function allBookings(db: Database, search: BookingListSearch, today: string, limit: number): Promise<BookingListRow[]> {
  const ids = await matchingIds(db, search, conditions(search, today), limit)
  const rows: BookingListRow[] = []
  // In slices of a few thousand, each read by one statement.
  for (let i = 0; i < ids.length; i += 5000) rows.push(...(await rowsOf(db, search, today, ids.slice(i, i + 5000))))
  return rows
}

export type BookingListChoices = { trips: { id: number; title: string }[]; agencies: { id: number; name: string }[] }

/**
 * What the trip and agency filters offer: every trip of the catalogue that has dates (asking which
 * of them have bookings would read the bookings of every date on each page load), and every agency;
 * kept until the catalogue changes.
 */
export const bookingListChoices = keptPerVersion(loadChoices, () => 'all', 1)

async function loadChoices(db: Database): Promise<BookingListChoices> {
  const [tripRows, agencyRows] = await Promise.all([
    db
      .select({ id: trips.id, title: trips.title })
      .from(trips)
      .where(sql`exists (select 1 from ${tripDates} d where d.trip_id = ${trips.id})`)
      .orderBy(trips.title, trips.id),
    db.select({ id: agencies.id, name: agencies.name }).from(agencies).orderBy(agencies.name),
  ])
  return { trips: tripRows, agencies: agencyRows }
}
