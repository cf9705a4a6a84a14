// Meine Daten (DESIGN 13): the account's contact data, which a new booking is filled in from and
// which the customer's coming trips take over (as a change of the booking's contact, the same as
// the office makes: audited, with the changed confirmation); the data export of Art. 15/20 DSGVO.
import { and, eq, gte, ne, sql } from 'drizzle-orm'
import type { AccountContact } from '~/lib/account/profile'
import type { Database } from '../db/database.server'
import { bookings, customerBookingLinks, customerSessions, customerUsers, tripDates } from '../db/schema'
import { changeBooking } from '../office/booking-changes.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { bookingsOf } from './customer.server'
import type { Customer } from '~/lib/account/auth'

export type AccountProfile = AccountContact & { email: string }

export async function accountProfile(db: Database, customerId: string): Promise<AccountProfile | null> {
  const [row] = await db
    .select({
      email: customerUsers.email,
      firstname: customerUsers.firstname,
      lastname: customerUsers.lastname,
      street: customerUsers.street,
      streetNr: customerUsers.streetNr,
      zip: customerUsers.zip,
      city: customerUsers.city,
      phone: customerUsers.phone,
    })
    .from(customerUsers)
    .where(eq(customerUsers.id, customerId))
  return row ?? null
}

/** The customer's bookings not cancelled whose departure is today or later. */
async function comingBookings(db: Database, customer: Customer, today: string) {
  return db
    .select({ bookingNumber: bookings.bookingNumber, version: bookings.documentVersion, total: bookings.gesamtpreis, contact: bookings.contact })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .where(and(bookingsOf(customer), ne(bookings.status, 'cancelled'), gte(tripDates.dateFrom, today)))
}

/**
 * Saves the account's contact data, and the address and phone on each coming booking where they
 * differ (each such booking gets the changed confirmation). Returns the booking numbers changed.
 */
export async function saveAccountContact(
  db: Database,
  customer: Customer,
  contact: AccountContact,
  context: { today: string; settings: BookingSettings; origin: string },
): Promise<string[]> {
  await db
    .update(customerUsers)
    .set({ ...contact, name: `${contact.firstname} ${contact.lastname}`, updatedAt: new Date() })
    .where(eq(customerUsers.id, customer.id))
  const changed: string[] = []
  for (const booking of await comingBookings(db, customer, context.today)) {
    const stored = booking.contact as Record<string, string>
    const next = { street: contact.street, street_nr: contact.streetNr, zip: contact.zip, city: contact.city, tel: contact.phone }
    if (Object.entries(next).every(([key, value]) => stored[key] === value)) continue
    const result = await changeBooking(
      db,
      booking.bookingNumber,
      { kind: 'contact', ...next, email: stored.email ?? '' },
      { kind: 'customer' },
      { version: booking.version, expectedTotal: booking.total, notify: true, settings: context.settings, origin: context.origin },
    )
    if (result?.kind === 'changed') changed.push(booking.bookingNumber)
  }
  return changed
}

/**
 * Before the account's address changes: the bookings found by the old address are linked to the
 * account, so that they stay in it under the new one.
 */
export async function keepBookingsOfAddress(db: Database, customer: Customer): Promise<void> {
  await db.execute(sql`
    insert into ${customerBookingLinks} (user_id, booking_id)
    select ${customer.id}, id from ${bookings} where lower(${bookings.contact} ->> 'email') = ${customer.email.toLowerCase()}
    on conflict do nothing`)
}

/** Everything the site keeps about the account and its bookings, as one JSON document (Art. 15, 20 DSGVO). */
export async function accountExport(db: Database, customer: Customer, settings: BookingSettings, origin: string): Promise<Record<string, unknown>> {
  const [profile, sessions, numbers] = await Promise.all([
    db.select().from(customerUsers).where(eq(customerUsers.id, customer.id)),
    db.select({ signedInAt: customerSessions.createdAt, lastUsedAt: customerSessions.updatedAt, expiresAt: customerSessions.expiresAt, browser: customerSessions.userAgent }).from(customerSessions).where(eq(customerSessions.userId, customer.id)),
    db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(bookingsOf(customer)),
  ])
  const summaries = await Promise.all(numbers.map(({ bookingNumber }) => loadBookingSummary(db, bookingNumber, settings, origin)))
  const user = profile[0]
  return {
    exportedAt: new Date().toISOString(),
    account: user
      ? {
          email: user.email,
          emailConfirmed: user.emailVerified,
          firstname: user.firstname,
          lastname: user.lastname,
          street: user.street,
          streetNr: user.streetNr,
          zip: user.zip,
          city: user.city,
          phone: user.phone,
          createdAt: user.createdAt.toISOString(),
        }
      : null,
    sessions: sessions.map((s) => ({ ...s, signedInAt: s.signedInAt.toISOString(), lastUsedAt: s.lastUsedAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
    bookings: summaries.flatMap((stored) => {
      if (!stored) return []
      const { successUrl: _successUrl, ...summary } = stored.summary
      return [{ ...summary, payments: summary.payments.map(({ paymentUrl: _paymentUrl, ...p }) => p) }]
    }),
  }
}
