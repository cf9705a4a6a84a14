// Who is calling Mein Konto: the customer of this request's session (DESIGN 13), and which bookings
// are theirs: those whose booker has the account's confirmed address, and those linked by number,
// surname and departure day. Every account function and download asks here; another customer's
// booking is answered like one that does not exist.
import { notFound } from '@tanstack/react-router'
import { deleteCookie, getCookie, getRequest, setCookie, setResponseStatus } from '@tanstack/react-start/server'
import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { SIGNED_IN_HINT_COOKIE } from '~/lib/account/auth'
import type { Customer } from '~/lib/account/auth'
import { comparableName } from '~/lib/account/bookings'
import type { AccountBookingRow, BookingLinkInput } from '~/lib/account/bookings'
import type { BookingStatus } from '~/lib/office/booking-list'
import { createLoginThrottles } from '../auth/login-throttle.server'
import type { LoginThrottles } from '../auth/login-throttle.server'
import type { Database } from '../db/database.server'
import { bookingParticipants, bookings, customerBookingLinks, tripDates, trips } from '../db/schema'
import { requestOverHttps } from '../http/https.server'
import { paymentStateOn } from '../office/booking-list.server'
import { getDb } from '../runtime.server'
import { customerAuth } from './auth.server'
import type { CustomerAuth } from './auth.server'


/** The customer signed in with these headers' cookies, or null (no session, ended, or address not confirmed). */
export async function customerOfSession(auth: CustomerAuth, headers: Headers): Promise<Customer | null> {
  const found = await auth.api.getSession({ headers })
  if (!found || !found.user.emailVerified) return null
  const { user } = found
  return { id: user.id, email: user.email, name: user.name, firstname: user.firstname, lastname: user.lastname }
}

/** The customer signed in on this request, or null. */
export async function currentCustomer(): Promise<Customer | null> {
  return customerOfSession(await customerAuth(), getRequest().headers)
}

/** For every account function: the caller, or a 404 as for a page that does not exist. */
export async function requireCustomer(): Promise<Customer> {
  const customer = await currentCustomer()
  if (!customer) {
    setResponseStatus(404)
    throw notFound()
  }
  return customer
}

/** Sets the hint for the header with a session (it lasts as long as a remembered session). */
export function markSignedIn(): void {
  setCookie(SIGNED_IN_HINT_COOKIE, '1', { sameSite: 'lax', secure: requestOverHttps(getRequest()), path: '/', maxAge: 30 * 24 * 60 * 60 })
}

/** Drops the hint: signed out, or the session it hinted at has ended. */
export function clearSignedInHint(): void {
  if (getCookie(SIGNED_IN_HINT_COOKIE) !== undefined) deleteCookie(SIGNED_IN_HINT_COOKIE, { path: '/' })
}

/** Whether the customer signed in on this request may see the booking (its files are served to them). */
export async function signedInCustomerOwns(bookingNumber: string): Promise<boolean> {
  const customer = await currentCustomer()
  return customer !== null && (await customerBookingId(await getDb(), customer, bookingNumber)) !== null
}

/** The bookings a customer may see, as a condition on `bookings`. */
export function bookingsOf(customer: Pick<Customer, 'id' | 'email'>): SQL {
  return or(
    sql`lower(${bookings.contact} ->> 'email') = ${customer.email.toLowerCase()}`,
    sql`${bookings.id} in (select ${customerBookingLinks.bookingId} from ${customerBookingLinks} where ${customerBookingLinks.userId} = ${customer.id})`,
  ) as SQL
}

/** The id of the customer's booking with this number, or null when there is none they may see. */
export async function customerBookingId(db: Database, customer: Customer, bookingNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.bookingNumber, bookingNumber), bookingsOf(customer)))
    .limit(1)
  return row?.id ?? null
}

/** Meine Buchungen: the next departure first, then the past ones, newest first. */
export async function listCustomerBookings(db: Database, customer: Customer, today: string): Promise<AccountBookingRow[]> {
  const rows = await db
    .select({
      bookingNumber: bookings.bookingNumber,
      tripTitle: trips.title,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
      status: bookings.status,
      // Counted from the travellers: a cancelled booking holds no places any more.
      travellers: sql<number>`(select count(*)::int from ${bookingParticipants} where ${bookingParticipants.bookingId} = ${bookings.id})`,
      // A cancelled booking costs its fee.
      total: sql<number>`case when ${bookings.status} = 'cancelled' then coalesce(${bookings.cancellationFee}, 0) else ${bookings.gesamtpreis} end`,
      paymentState: paymentStateOn(today),
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(bookingsOf(customer))
    .orderBy(sql`${tripDates.dateTill} < ${today}::date`, sql`case when ${tripDates.dateTill} < ${today}::date then null else ${tripDates.dateFrom} end`, desc(tripDates.dateFrom), desc(bookings.id))
    .limit(200)
  return rows.map((row) => ({ ...row, status: row.status as BookingStatus }))
}

export type LinkResult = { kind: 'linked' | 'already' } | { kind: 'not-found' }

/** Links a booking found by number, the booker's surname and the departure day to the account. */
export async function linkGuestBooking(db: Database, customer: Customer, input: BookingLinkInput): Promise<LinkResult> {
  const [found] = await db
    .select({ id: bookings.id, lastname: sql<string>`${bookings.contact} ->> 'lastname'` })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .where(and(eq(bookings.bookingNumber, input.bookingNumber), eq(tripDates.dateFrom, input.departure)))
    .limit(1)
  if (!found || comparableName(found.lastname ?? '') !== comparableName(input.lastname)) return { kind: 'not-found' }
  if (await customerBookingId(db, customer, input.bookingNumber)) return { kind: 'already' }
  await db.insert(customerBookingLinks).values({ userId: customer.id, bookingId: found.id }).onConflictDoNothing()
  return { kind: 'linked' }
}

let throttles: LoginThrottles | undefined

/** The customer sign-in's failed-attempt counters in this instance (the office and agencies have their own). */
export function customerLoginThrottles(): LoginThrottles {
  throttles ??= createLoginThrottles()
  return throttles
}
