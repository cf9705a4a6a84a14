// A change of date (Umbuchung, issue 26 item 5) on PGlite and PostgreSQL: the office moves a
// booking to another date of the same trip at that date's prices plus the rebooking fee of the
// booked conditions per traveller; the seats leave the old bus and are taken in the new one under
// the unique seat constraint (kept where free, others proposed and then booked exactly as shown);
// the balance falls due before the new departure; a new confirmation and invoice; one audit entry.
// Too late, the same date, another trip, a full date, seats gone meanwhile or a direct debit
// announced for an instalment it would change: nothing is changed.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingOffer } from '~/lib/booking/offer'
import { addDays, todayInBerlin } from '~/lib/calendar'
import { rebookingLastDay, REBOOKING_NO_PLACES, REBOOKING_OTHER_TRIP, REBOOKING_SAME_DATE, REBOOKING_SEATS_GONE } from '~/lib/office/rebooking'
import { bookingAuditRows } from '~/server/office/audit.server'
import { DEBIT_PENDING_MESSAGE, changeBooking } from '~/server/office/booking-changes.server'
import { announceDebits } from '~/server/office/sepa-debits.server'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { recordLedgerEntry } from '~/server/office/ledger.server'
import { bookingParticipants, bookings, invoices, mailOutbox, payments, seatReservations, staffUsers, tripDates, trips } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { confirmationMailWriter } from '~/server/services/booking/confirmation.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadOffer } from '~/server/services/booking/offer.server'
import { ACCEPT, completeDraft, layoutSeats, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const staff = { kind: 'staff' as const, id: 'staff-test', name: 'Petra Büro' }
const origin = 'http://localhost:3000'
const usedTrips = new Set<number>()

/** Two upcoming bookable dates of one trip nobody has booked yet, the earlier first. */
async function twoDates(seatPlan: boolean): Promise<[BookingOffer, BookingOffer]> {
  const rows = await t.db
    .select({ id: tripDates.id, tripId: tripDates.tripId })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(
      and(
        inArray(tripDates.bookable, [0, 4, 5]),
        sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 45`,
        seatPlan ? sql`${tripDates.seatPlanId} is not null` : isNull(tripDates.seatPlanId),
        sql`${tripDates.capacity} > 6`,
        sql`not exists (select 1 from ${bookings} where ${bookings.tripDateId} = ${tripDates.id})`,
      ),
    )
    .orderBy(asc(tripDates.tripId), asc(tripDates.dateFrom))
  const byTrip = Map.groupBy(rows, (r) => r.tripId)
  for (const [tripId, dates] of byTrip) {
    if (usedTrips.has(tripId) || dates.length < 2) continue
    const [a, b] = await Promise.all([loadOffer(t.db, dates[0]!.id), loadOffer(t.db, dates[1]!.id)])
    if (!a || !b || !a.roomTypes.some((r) => b.roomTypes.includes(r))) continue
    usedTrips.add(tripId)
    return [a, b]
  }
  throw new Error('no trip with two free dates left')
}

async function book(offer: BookingOffer, tag: string, seats?: string[], payment?: 'lastschrift'): Promise<string> {
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag, seats, ...(payment ? { payment } : {}) }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `rebook-${tag}`, ACCEPT, settings, { onBooked: confirmationMailWriter(settings, origin) })
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

async function stored(number: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, number))
  if (!booking) throw new Error('no booking')
  const [people, plan, mails, history, seats, issued] = await Promise.all([
    t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id)).orderBy(asc(bookingParticipants.id)),
    t.db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.dueDate)),
    t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id)).orderBy(asc(mailOutbox.id)),
    bookingAuditRows(t.db, booking.id),
    t.db.select({ date: seatReservations.tripDateId, seat: seatReservations.seat }).from(seatReservations).where(eq(seatReservations.bookingId, booking.id)).orderBy(asc(seatReservations.seat)),
    t.db.select().from(invoices).where(eq(invoices.bookingId, booking.id)).orderBy(asc(invoices.version)),
  ])
  return { booking, people, plan, mails, history, seats, issued }
}

const at = async (number: string, extra: { expectedTotal?: number; now?: Date } = {}) => {
  const { booking } = await stored(number)
  return { settings, origin, version: booking.documentVersion, ...extra }
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 60 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'petra.umbuchung@buero.example', name: staff.name, role: 'buero', emailVerified: true })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('a change of date', () => {
  it('moves travellers, seats and money to the other date for the fee, after a preview that wrote nothing', async () => {
    const [from, to] = await twoDates(true)
    const seats = layoutSeats(from)
    const number = await book(from, 'Move', seats.slice(0, 2))
    // On the new date someone else already sits in the first of the two seats.
    await book(to, 'Other', [seats[0]!, seats[4]!])
    const before = await stored(number)

    const preview = await changeBooking(t.db, number, { kind: 'date', tripDateId: to.tripDateId }, staff, await at(number))
    if (preview?.kind !== 'preview') throw new Error(JSON.stringify(preview))
    expect(await stored(number)).toEqual(before)
    // The seat still free is kept; the taken one is replaced by the first free seat of the plan.
    const proposed = [seats[2]!, seats[1]!]
    expect(preview.change).toEqual({ kind: 'date', tripDateId: to.tripDateId, seats: proposed })
    const fee = from.terms.rebookingFee
    const feeLine = preview.lines.find((l) => l.kind === 'rebooking')
    expect(feeLine).toMatchObject({ quantity: 2, unitPrice: fee, amount: 2 * fee, traveller: null })
    expect(preview.details).toEqual(
      expect.arrayContaining([expect.stringContaining('Neuer Termin: '), `Sitzplätze auf dem neuen Termin: ${proposed.join(', ')}`]),
    )
    // The new date's prices: two travellers at its price per person, plus the fee.
    expect(preview.lines.filter((l) => l.kind === 'travel').map((l) => l.amount)).toEqual([to.price, to.price])

    const done = await changeBooking(t.db, number, preview.change, staff, await at(number, { expectedTotal: preview.gesamtpreis }))
    expect(done).toEqual({ kind: 'changed', previous: before.booking.gesamtpreis, gesamtpreis: preview.gesamtpreis, version: 2 })
    const after = await stored(number)
    expect(after.booking.tripDateId).toBe(to.tripDateId)
    expect(after.booking.gesamtpreis).toBe(preview.gesamtpreis)
    expect(after.people.map((p) => p.seat)).toEqual(proposed)
    // The old bus has the seats free again, the new one has them under this booking.
    expect(after.seats).toEqual([...proposed].sort().map((seat) => ({ date: to.tripDateId, seat })))
    const oldBus = await t.db.select().from(seatReservations).where(eq(seatReservations.tripDateId, from.tripDateId))
    expect(oldBus).toEqual([])
    // The instalments add up to the new price; the balance is due 30 days before the new departure.
    expect(after.plan.reduce((s, p) => s + p.amount, 0)).toBe(preview.gesamtpreis)
    const balance = after.plan.find((p) => p.kind === 'balance')
    if (balance) expect(balance.dueDate).toBe(addDays(to.dateFrom, -settings.terms.balanceDays))
    // One audit entry, a new confirmation to the customer, a new invoice version; the old one stays.
    expect(after.history.at(-1)).toMatchObject({ action: 'booking.date', actorName: 'Petra Büro', after: { fee: 2 * fee } })
    expect(after.mails).toHaveLength(before.mails.length + 1)
    expect(after.mails.at(-1)?.subject).toContain(`Ihre geänderte Buchung ${number}`)
    expect(after.mails.at(-1)?.text).toContain('Umbuchungsentgelt')
    expect(after.issued.map((i) => [i.kind, i.version, i.amount])).toEqual([
      ['invoice', 1, before.booking.gesamtpreis],
      ['invoice', 2, preview.gesamtpreis],
    ])

    // A later change keeps the fee: a name changed on the new date.
    const renamed = await changeBooking(t.db, number, { kind: 'traveller', traveller: 1, firstname: 'Clara', lastname: 'Neu' }, staff, await at(number, { expectedTotal: preview.gesamtpreis }))
    expect(renamed).toMatchObject({ kind: 'changed', gesamtpreis: preview.gesamtpreis })
    expect(((await stored(number)).booking.priceLines as { kind: string }[]).filter((l) => l.kind === 'rebooking')).toHaveLength(1)
  })

  it('books exactly the seats of the preview: taken meanwhile, nothing is changed', async () => {
    const [from, to] = await twoDates(true)
    const seats = layoutSeats(from)
    const number = await book(from, 'Gone', seats.slice(0, 2))
    const preview = await changeBooking(t.db, number, { kind: 'date', tripDateId: to.tripDateId }, staff, await at(number))
    if (preview?.kind !== 'preview') throw new Error(JSON.stringify(preview))
    // A customer books one of the proposed seats in the new bus before the office confirms.
    await book(to, 'Quick', [seats[0]!, seats[9]!])
    const before = await stored(number)
    expect(await changeBooking(t.db, number, preview.change, staff, await at(number, { expectedTotal: preview.gesamtpreis }))).toEqual({
      kind: 'refused',
      message: REBOOKING_SEATS_GONE,
    })
    expect(await stored(number)).toEqual(before)
    // Seats the bus does not have, or one seat twice, are refused the same way.
    for (const wrong of [['99Z', seats[1]!], [seats[1]!, seats[1]!], [seats[1]!]]) {
      expect(await changeBooking(t.db, number, { kind: 'date', tripDateId: to.tripDateId, seats: wrong }, staff, await at(number, { expectedTotal: preview.gesamtpreis }))).toEqual({
        kind: 'refused',
        message: REBOOKING_SEATS_GONE,
      })
    }
    expect(await stored(number)).toEqual(before)
  })

  it('is refused too late, onto the same date, another trip or a full date, and then changes nothing', async () => {
    const [from, to] = await twoDates(false)
    const number = await book(from, 'Refuse')
    const before = await stored(number)
    const change = { kind: 'date', tripDateId: to.tripDateId } as const

    // The day after the last day of the conditions (the scale's first tier).
    const lastDay = rebookingLastDay(from.terms.cancellationScale, from.dateFrom)
    const late = new Date(`${addDays(lastDay, 1)}T10:00:00Z`)
    expect(await changeBooking(t.db, number, change, staff, await at(number, { now: late }))).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('Jetzt ist eine Änderung des Termins nur als Rücktritt mit neuer Buchung möglich.'),
    })
    expect(await changeBooking(t.db, number, change, staff, await at(number, { now: new Date(`${lastDay}T10:00:00Z`) }))).toMatchObject({ kind: 'preview' })

    expect(await changeBooking(t.db, number, { kind: 'date', tripDateId: from.tripDateId }, staff, await at(number))).toEqual({ kind: 'refused', message: REBOOKING_SAME_DATE })
    const [other] = await twoDates(false)
    expect(await changeBooking(t.db, number, { kind: 'date', tripDateId: other.tripDateId }, staff, await at(number))).toEqual({ kind: 'refused', message: REBOOKING_OTHER_TRIP })

    // The new date has one place left for two travellers.
    const [{ capacity } = { capacity: 0 }] = await t.db.select({ capacity: tripDates.capacity }).from(tripDates).where(eq(tripDates.id, to.tripDateId))
    await t.db.update(tripDates).set({ capacity: 1 }).where(eq(tripDates.id, to.tripDateId))
    expect(await changeBooking(t.db, number, change, staff, await at(number))).toEqual({ kind: 'refused', message: REBOOKING_NO_PLACES })
    await t.db.update(tripDates).set({ capacity }).where(eq(tripDates.id, to.tripDateId))
    expect(await stored(number)).toEqual(before)
  })

  it('of a booking paid in full: the fee opens the last instalment again, due no earlier than a week after the change', async () => {
    const [from, to] = await twoDates(false)
    const number = await book(from, 'Paid')
    const before = await stored(number)
    const euros = (before.booking.gesamtpreis / 1_000_000).toFixed(2).replace('.', ',')
    const today = todayInBerlin()
    expect(await recordLedgerEntry(t.db, number, { kind: 'payment', amount: euros, bookedOn: today, method: 'ueberweisung', reference: 'Auszug 7' }, 0, staff, today)).toEqual({
      kind: 'recorded',
      entries: 1,
    })
    expect((await stored(number)).booking.paymentState).toBe('paid')

    const preview = await changeBooking(t.db, number, { kind: 'date', tripDateId: to.tripDateId }, staff, await at(number))
    if (preview?.kind !== 'preview') throw new Error(JSON.stringify(preview))
    expect(await changeBooking(t.db, number, preview.change, staff, await at(number, { expectedTotal: preview.gesamtpreis }))).toMatchObject({ kind: 'changed' })
    const after = await stored(number)
    const difference = preview.gesamtpreis - before.booking.gesamtpreis
    const last = after.plan.at(-1)!
    if (difference > 0) {
      expect(last.status).toBe('open')
      // Its day: before the new departure as a balance is, or a week from now if that is later.
      const balanceDay = addDays(to.dateFrom, -settings.terms.balanceDays)
      const inAWeek = addDays(today, 7)
      expect(last.dueDate).toBe(last.kind === 'balance' && balanceDay > inAWeek ? balanceDay : inAWeek)
      expect(after.booking.paymentState).not.toBe('paid')
    } else {
      // The new date is cheaper by more than the fee: what was paid over is to be refunded.
      expect(after.booking.paymentState).toBe(difference < 0 ? 'refund_due' : 'paid')
    }
    expect(after.plan.reduce((s, p) => s + p.amount, 0)).toBe(preview.gesamtpreis)
  })

  it('waits for a direct debit announced for an instalment it would change', async () => {
    const [from, to] = await twoDates(false)
    const number = await book(from, 'Debit', undefined, 'lastschrift')
    const { plan } = await stored(number)
    const today = todayInBerlin()
    const announced = await announceDebits(
      t.db,
      { period: { from: today, till: addDays(today, 365) }, paymentIds: plan.map((p) => p.id) },
      staff,
      { today, bank: settings.bank, site: DEFAULT_SITE_INFO },
    )
    expect(announced).toMatchObject({ kind: 'done' })
    const before = await stored(number)
    expect(await changeBooking(t.db, number, { kind: 'date', tripDateId: to.tripDateId }, staff, await at(number))).toEqual({ kind: 'refused', message: DEBIT_PENDING_MESSAGE })
    expect(await stored(number)).toEqual(before)
  })
})
