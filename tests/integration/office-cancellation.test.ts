// A booking cancelled by the office at its customer's request (issue 26, item 5) on PGlite and
// PostgreSQL: 45, 29 and 6 days before departure the scale's percentages are charged; the seats and
// places are free at once, the open instalments end, the money in is set against the fee (refund
// due or still owed), the customer gets the cancellation confirmation once, and a fee or version
// the office did not see is refused.
import { eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancellationScaleSchema } from '~/lib/booking/cancellation'
import { addDays } from '~/lib/calendar'
import type { BookingOffer } from '~/lib/booking/offer'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { FEE_MOVED_MESSAGE, PAID_MOVED_MESSAGE, cancelBooking, cancelDeparture, previewCancellation } from '~/server/office/cancellation.server'
import { bookings, mailOutbox, paymentEntries, payments, seatReservations, staffUsers, tripDates, trips } from '~/server/db/schema'
import { NOT_BOOKABLE } from '~/lib/bookable'
import { siteInfo } from '~/server/site.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { loadPaymentRequest } from '~/server/services/booking/payments.server'
import { paymentPath } from '~/server/services/booking/summary.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, layoutSeats, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>
const staff = { kind: 'staff' as const, id: 'staff-storno', name: 'Petra Büro' }

async function book(offer: BookingOffer, tag: string, firstSeat = 0): Promise<{ number: string; id: number; price: number }> {
  const row = await createDraft(t.db, offer, settings)
  const seats = offer.seatPlan ? layoutSeats(offer).slice(firstSeat, firstSeat + 2) : undefined
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag, seats }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `storno-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  const [b] = await t.db.select({ id: bookings.id, price: bookings.gesamtpreis }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  return { number: booked.bookingNumber, id: b!.id, price: b!.price }
}

const context = (today: string) => ({ today, site: siteInfo(), bank: settings.bank, notify: true })

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  takeDate = datePool(t.db)
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'storno@buero.example', name: staff.name, role: 'buero', emailVerified: true })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('cancelBooking', () => {
  it('charges the percentage of the trip’s scale as booked at 45, 29 and 6 days before departure', async () => {
    for (const [days, tag] of [[45, 'Fünfundvierzig'], [29, 'Neunundzwanzig'], [6, 'Sechs']] as const) {
      const offer = await takeDate({ seatPlan: false })
      const { number, id, price } = await book(offer, tag)
      const today = addDays(offer.dateFrom, -days)
      const [stored] = await t.db.select({ terms: bookings.tripTerms }).from(bookings).where(eq(bookings.id, id))
      const scale = cancellationScaleSchema.parse((stored!.terms as { cancellationScale: unknown }).cancellationScale)
      const percent = (scale.find((tier) => days >= tier.daysBefore) ?? scale.at(-1)!).percent
      const preview = await previewCancellation(t.db, number, today)
      expect(preview).toMatchObject({ kind: 'quote', quote: { daysBefore: days, percent } })
      const fee = preview?.kind === 'quote' ? preview.quote.fee : -1
      expect(fee).toBe(Math.floor((price * percent) / 100 / 10_000 + 0.5) * 10_000)
      const detail = (await bookingDetail(t.db, number))!
      const result = await cancelBooking(t.db, number, { version: detail.version, expectedFee: fee, expectedPaid: 0 }, staff, context(today))
      expect(result).toMatchObject({ kind: 'cancelled', quote: { percent, fee, refund: 0, owed: fee } })
      const after = (await bookingDetail(t.db, number))!
      expect(after.status).toBe('cancelled')
      expect(after.ledger).toMatchObject({ owed: fee, paid: 0, state: fee > 0 ? 'open' : null })
      // The trip's instalments end; nothing was paid, so the whole fee is an instalment due in 14 days.
      expect(after.payments.filter((p) => p.kind !== 'fee').every((p) => p.status === 'cancelled')).toBe(true)
      expect(after.payments.filter((p) => p.kind === 'fee')).toEqual(fee > 0 ? [expect.objectContaining({ amount: fee, dueDate: addDays(today, 14), status: 'open' })] : [])
      expect(after.history.map((h) => h.action)).toContain('Buchung storniert')
    }
  })

  it('frees the seats and places at once, sets the money in against the fee and mails the customer once', async () => {
    const offer = await takeDate({ seatPlan: true })
    const { number, id, price } = await book(offer, 'Sitz')
    expect(await t.db.$count(seatReservations, eq(seatReservations.bookingId, id))).toBe(2)
    // The deposit came in; cancelled 45 days before departure the fee is 20 % (or the scale's first tier).
    const [deposit] = await t.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.dueDate)
    await t.db.insert(paymentEntries).values({ bookingId: id, kind: 'payment', amount: deposit!.amount, bookedOn: addDays(offer.dateFrom, -60), method: 'ueberweisung' })
    const today = addDays(offer.dateFrom, -45)
    const preview = await previewCancellation(t.db, number, today)
    if (preview?.kind !== 'quote') throw new Error('no quote')
    const { version } = (await bookingDetail(t.db, number))!

    // A fee the office did not see, or an older version of the booking, changes nothing.
    expect(await cancelBooking(t.db, number, { version, expectedFee: preview.quote.fee + 10_000, expectedPaid: preview.quote.paid }, staff, context(today))).toEqual({ kind: 'refused', message: FEE_MOVED_MESSAGE })
    expect((await cancelBooking(t.db, number, { version: version + 1, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, context(today)))?.kind).toBe('stale')
    // Money in that the check did not show (a payment recorded in another tab) changes nothing either.
    expect(await cancelBooking(t.db, number, { version, expectedFee: preview.quote.fee, expectedPaid: 0 }, staff, context(today))).toEqual({ kind: 'refused', message: PAID_MOVED_MESSAGE })

    const mailsBefore = await t.db.$count(mailOutbox, eq(mailOutbox.bookingId, id))
    const result = await cancelBooking(t.db, number, { version, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, context(today))
    expect(result?.kind).toBe('cancelled')
    expect(await t.db.$count(seatReservations, eq(seatReservations.bookingId, id))).toBe(0)
    const [row] = await t.db.select({ places: bookings.places, fee: bookings.cancellationFee }).from(bookings).where(eq(bookings.id, id))
    expect(row).toEqual({ places: 0, fee: preview.quote.fee })
    const after = (await bookingDetail(t.db, number))!
    const surplus = deposit!.amount - preview.quote.fee
    expect(after.ledger.state).toBe(surplus > 0 ? 'refund_due' : surplus === 0 ? 'paid' : 'open')
    expect(preview.quote.refund).toBe(Math.max(0, surplus))
    expect(preview.quote.refundBy).toBe(addDays(today, 14))

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, id))
    expect(mails.length).toBe(mailsBefore + 1)
    const mail = mails.at(-1)!
    expect(mail.subject).toBe(`Stornobestätigung für Ihre Buchung ${number}`)
    expect(mail.text).toContain(`Stornogebühr (${preview.quote.percent} %, 45 Tage vor Reisebeginn)`)
    expect(price).toBeGreaterThan(0)

    // The instalments' payment links now say the booking is cancelled; no payment is offered.
    const link = paymentPath(settings.linkSecret, number, 'balance', offer.dateFrom).split('/')[2] ?? ''
    expect(await loadPaymentRequest(t.db, settings, link)).toBe('cancelled')

    // Cancelled once: a second cancellation is refused and mails nothing.
    expect((await cancelBooking(t.db, number, { version: version + 1, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, context(today)))?.kind).toBe('refused')
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.bookingId, id))).toBe(mailsBefore + 1)
  })
})

describe('cancelDeparture', () => {
  it('cancels every booking of the date free of charge, refunds all that was paid, mails each booking person once and closes the date', async () => {
    const offer = await takeDate({ seatPlan: true })
    const made = [await book(offer, 'AbsageEins'), await book(offer, 'AbsageZwei', 2)]
    await t.db.insert(paymentEntries).values({ bookingId: made[0]!.id, kind: 'payment', amount: 100_000_000, bookedOn: addDays(offer.dateFrom, -50), method: 'ueberweisung' })
    const today = addDays(offer.dateFrom, -40)
    const mailsBefore = await t.db.$count(mailOutbox)

    // The number of bookings the office saw must still be true.
    expect((await cancelDeparture(t.db, offer.tripDateId, { reason: 'unavoidable', expectedBookings: 1 }, staff, context(today)))?.kind).toBe('refused')
    const result = await cancelDeparture(t.db, offer.tripDateId, { reason: 'unavoidable', expectedBookings: 2 }, staff, context(today))
    expect(result).toEqual({ kind: 'cancelled', bookings: 2, mailed: 2, refunds: 1 })

    const first = (await bookingDetail(t.db, made[0]!.number))!
    expect(first).toMatchObject({ status: 'cancelled', ledger: { owed: 0, paid: 100_000_000, state: 'refund_due' } })
    expect((await bookingDetail(t.db, made[1]!.number))!.ledger).toMatchObject({ owed: 0, paid: 0, state: null })
    expect(await t.db.$count(seatReservations, eq(seatReservations.tripDateId, offer.tripDateId))).toBe(0)
    const [date] = await t.db.select({ bookable: tripDates.bookable }).from(tripDates).where(eq(tripDates.id, offer.tripDateId))
    expect(date?.bookable).toBe(NOT_BOOKABLE)

    const mails = await t.db.select().from(mailOutbox).where(gt(mailOutbox.id, 0)).orderBy(mailOutbox.id)
    const notices = mails.slice(mailsBefore).filter((m) => m.subject.startsWith('Absage Ihrer Reise'))
    expect(notices.map((m) => m.bookingId).sort()).toEqual(made.map((m) => m.id).sort())
    expect(notices.find((m) => m.bookingId === made[0]!.id)?.text).toContain('vollständig bis zum')

    // Called off once: nothing left to cancel, nothing mailed again.
    expect(await cancelDeparture(t.db, offer.tripDateId, { reason: 'unavoidable', expectedBookings: 0 }, staff, context(today))).toEqual({ kind: 'cancelled', bookings: 0, mailed: 0, refunds: 0 })
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore + 2)
  })

  it('calls a date off for too few travellers only while the minimum is missing and its deadline has not passed', async () => {
    const offer = await takeDate({ seatPlan: false })
    await book(offer, 'Mindest')
    const [trip] = await t.db.select({ min: trips.minParticipants, days: trips.minParticipantsDays }).from(trips).where(eq(trips.id, offer.tripId))
    await t.db.update(trips).set({ minParticipants: 30, minParticipantsDays: 21 }).where(eq(trips.id, offer.tripId))
    try {
      const late = await cancelDeparture(t.db, offer.tripDateId, { reason: 'minimum', expectedBookings: 1 }, staff, context(addDays(offer.dateFrom, -20)))
      expect(late).toMatchObject({ kind: 'refused', message: expect.stringContaining('abgelaufen') })
      const inTime = await cancelDeparture(t.db, offer.tripDateId, { reason: 'minimum', expectedBookings: 1 }, staff, context(addDays(offer.dateFrom, -21)))
      expect(inTime).toMatchObject({ kind: 'cancelled', bookings: 1 })
    } finally {
      await t.db.update(trips).set({ minParticipants: trip!.min, minParticipantsDays: trip!.days }).where(eq(trips.id, offer.tripId))
    }
  })
})
