// Demo bookings (issue 25, item 8) on PGlite and PostgreSQL: every channel and payment state of a
// real office, no seat twice, no date over its capacity, and prices as the one price function
// gives them (so the office can change a demo booking like any other).
import { asc, eq, inArray, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import { priceBooking } from '~/lib/booking/price'
import { todayInBerlin } from '~/lib/calendar'
import { queryRows } from '~/server/db/query.server'
import { bookingParticipants, bookings } from '~/server/db/schema'
import { seedDemoBookings } from '~/server/db/seed/bookings'
import { draftOfBooking } from '~/server/office/booking-changes.server'
import { listBookings } from '~/server/office/booking-list.server'
import { loadOffer } from '~/server/services/booking/offer.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayInBerlin()
let written = 0

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  written = await seedDemoBookings(t.db, { count: 300, seed: 7, today })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('seedDemoBookings', () => {
  it('writes the bookings asked for, with every channel, payment state and a few cancellations', async () => {
    expect(written).toBe(300)
    const all = await t.db.select({ number: bookings.bookingNumber, channel: bookings.channel, status: bookings.status }).from(bookings)
    expect(all).toHaveLength(300)
    expect(all.every((b) => BOOKING_NUMBER_PATTERN.test(b.number))).toBe(true)
    expect(new Set(all.map((b) => b.channel))).toEqual(new Set(['online', 'agency', 'phone']))
    expect(all.some((b) => b.status === 'cancelled')).toBe(true)
    for (const zahlung of ['paid', 'partly', 'open', 'overdue'] as const) {
      expect((await listBookings(t.db, { zahlung }, today)).total, zahlung).toBeGreaterThan(0)
    }
  })

  it('never puts two travellers on a seat or a date over its capacity', async () => {
    const over = await queryRows(
      t.db,
      sql`select d.id from trip_dates d join bookings b on b.trip_date_id = d.id group by d.id, d.capacity having sum(b.places) > d.capacity`,
      z.object({ id: z.number() }),
    )
    expect(over).toEqual([])
    const twice = await queryRows(
      t.db,
      sql`select b.trip_date_id, p.seat from booking_participants p join bookings b on b.id = p.booking_id
          where p.seat is not null and b.status = 'received' group by b.trip_date_id, p.seat having count(*) > 1`,
      z.object({ seat: z.string() }),
    )
    expect(twice).toEqual([])
  })

  it('keeps payments in time: paid after booking and not in the future, due no earlier than the booking day; a cancellation owes nothing', async () => {
    const wrong = await queryRows(
      t.db,
      sql`select b.booking_number from payments p join bookings b on b.id = p.booking_id
          where (p.paid_at is not null and (p.paid_at < b.created_at or p.paid_at > now()))
             or p.due_date < (b.created_at at time zone 'Europe/Berlin')::date
             or (b.status = 'cancelled' and p.status = 'open')`,
      z.object({ booking_number: z.string() }),
    )
    expect(wrong).toEqual([])
    // A cancellation free of charge owes nothing: what was paid is to be refunded, and no filter
    // for money still due finds it.
    const cancelled = await listBookings(t.db, { status: 'cancelled' }, today)
    expect(cancelled.total).toBeGreaterThan(0)
    for (const row of cancelled.rows) expect(row.paymentState, row.bookingNumber).toBe(row.paid > 0 ? 'refund_due' : null)
    expect(cancelled.rows.some((r) => r.paymentState === 'refund_due')).toBe(true)
    for (const zahlung of ['paid', 'partly', 'open', 'overdue'] as const) {
      expect((await listBookings(t.db, { status: 'cancelled', zahlung }, today)).total, zahlung).toBe(0)
    }
  })

  it('stores the price lines the price function gives for the booking', async () => {
    const sample = await t.db.select().from(bookings).where(eq(bookings.status, 'received')).orderBy(asc(bookings.id)).limit(40)
    const people = await t.db
      .select()
      .from(bookingParticipants)
      .where(inArray(bookingParticipants.bookingId, sample.map((b) => b.id)))
      .orderBy(asc(bookingParticipants.id))
    for (const booking of sample) {
      const offer = await loadOffer(t.db, booking.tripDateId)
      if (!offer) throw new Error('no offer')
      const draft = draftOfBooking(booking, people.filter((p) => p.bookingId === booking.id))
      const pricing = priceBooking(offer, draft)
      expect(booking.priceLines, booking.bookingNumber).toEqual(pricing.lines)
      expect(booking.gesamtpreis).toBe(pricing.gesamtpreis)
    }
  })

  it('adds to what is there: a second run continues the ids and numbers', async () => {
    const more = await seedDemoBookings(t.db, { count: 20, seed: 8, today })
    expect(more).toBe(20)
    const [count] = await queryRows(t.db, sql`select count(distinct booking_number)::int as n from bookings`, z.object({ n: z.number() }))
    expect(count?.n).toBe(320)
  })
})
