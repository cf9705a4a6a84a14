// The office's bookings list (issue 25, item 3) on PGlite and PostgreSQL: found by number, by the
// booker's or a traveller's name, by e-mail and phone; filtered by payment state, departure, trip and
// channel; sorted and paged without a row twice.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInBerlin } from '~/lib/calendar'
import type { BookingOffer } from '~/lib/booking/offer'
import { agencies, bookings, paymentEntries, payments, tripDates } from '~/server/db/schema'
import ExcelJS from 'exceljs'
import { bookingsWorkbook } from '~/server/office/booking-export.server'
import { allBookings, bookingListChoices, listBookings } from '~/server/office/booking-list.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayInBerlin()
const made: { number: string; offer: BookingOffer; tag: string }[] = []

async function book(offer: BookingOffer, tag: string): Promise<string> {
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `list-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  const takeDate = datePool(t.db)
  for (const tag of ['Eins', 'Zwei', 'Drei']) {
    const offer = await takeDate({ seatPlan: false })
    made.push({ number: await book(offer, tag), offer, tag })
  }
  // The second is paid in full, the third came through an agency.
  const [second, third] = [made[1], made[2]]
  const [b2] = await t.db.select({ id: bookings.id, total: bookings.gesamtpreis }).from(bookings).where(eq(bookings.bookingNumber, second?.number ?? ''))
  await t.db.insert(paymentEntries).values({ bookingId: b2!.id, kind: 'payment', amount: b2!.total, bookedOn: today, method: 'ueberweisung', reference: second!.number })
  const [agency] = await t.db.select({ id: agencies.id }).from(agencies).limit(1)
  await t.db.update(bookings).set({ agencyId: agency?.id ?? null, channel: 'agency' }).where(eq(bookings.bookingNumber, third?.number ?? ''))
})
afterAll(async () => {
  await t?.cleanup()
})

const numbers = (rows: { bookingNumber: string }[]) => rows.map((r) => r.bookingNumber).sort()

describe('listBookings', () => {
  it('finds a booking by its number (also typed in lower case), the booker, a traveller, e-mail and phone', async () => {
    const first = made[0]!
    expect(numbers((await listBookings(t.db, { q: first.number.toLowerCase() }, today)).rows)).toEqual([first.number])
    // Bernd is the second traveller, not the booker.
    expect(numbers((await listBookings(t.db, { q: `bernd becker${first.tag}` }, today)).rows)).toEqual([first.number])
    expect((await listBookings(t.db, { q: 'anna.becker@example.de' }, today)).total).toBe(3)
    expect((await listBookings(t.db, { q: '0521/123456' }, today)).total).toBe(3)
    // A plain word that is in no name is still found in the e-mail addresses.
    expect((await listBookings(t.db, { q: 'EXAMPLE' }, today)).total).toBe(3)
    expect((await listBookings(t.db, { q: 'niemand-heisst-so' }, today)).total).toBe(0)
    // The digits of a booking number are no phone number.
    expect((await listBookings(t.db, { q: 'AB12-CDEF' }, today)).total).toBe(0)
    // Wildcards are taken literally.
    expect((await listBookings(t.db, { q: '%' }, today)).total).toBe(0)
  })

  it('filters by payment state, channel, trip and departure', async () => {
    const [first, second, third] = made
    expect(numbers((await listBookings(t.db, { zahlung: 'paid' }, today)).rows)).toEqual([second!.number])
    expect(numbers((await listBookings(t.db, { zahlung: 'open' }, today)).rows)).toEqual(numbers([{ bookingNumber: first!.number }, { bookingNumber: third!.number }]))
    expect(numbers((await listBookings(t.db, { kanal: 'agency' }, today)).rows)).toEqual([third!.number])
    expect(numbers((await listBookings(t.db, { reise: first!.offer.tripId }, today)).rows)).toContain(first!.number)
    const day = first!.offer.dateFrom
    const onDay = (await listBookings(t.db, { abfahrtVon: day, abfahrtBis: day }, today)).rows
    expect(onDay.every((r) => r.departure === day)).toBe(true)
    expect(numbers(onDay)).toContain(first!.number)
    expect((await listBookings(t.db, { gebuchtVon: today, gebuchtBis: today }, today)).total).toBe(3)
    expect((await listBookings(t.db, { gebuchtBis: '2000-01-01' }, today)).total).toBe(0)
  })

  it('sorts both ways and says what was paid', async () => {
    const up = (await listBookings(t.db, { sortierung: 'number', richtung: 'asc' }, today)).rows.map((r) => r.bookingNumber)
    expect(up).toEqual([...up].sort())
    const down = (await listBookings(t.db, { sortierung: 'number', richtung: 'desc' }, today)).rows.map((r) => r.bookingNumber)
    expect(down).toEqual([...up].reverse())
    const paid = (await listBookings(t.db, { q: made[1]!.number }, today)).rows[0]
    expect(paid?.paid).toBe(paid?.total)
    expect(paid?.customer).toBe(`Anna Becker${made[1]!.tag}`)
  })

  it('offers every trip that has dates and every agency as filter choices', async () => {
    const choices = await bookingListChoices(t.db)
    const dated = await t.db.selectDistinct({ id: tripDates.tripId }).from(tripDates)
    expect(choices.trips.map((trip) => trip.id).sort()).toEqual(dated.map((d) => d.id).sort())
    expect(choices.trips.map((trip) => trip.id)).toEqual(expect.arrayContaining(made.map((m) => m.offer.tripId)))
    expect(choices.agencies.length).toBeGreaterThan(0)
  })

  it('exports the same rows as the list shows, in its order, as an Excel sheet with dates and amounts', async () => {
    const search = { sortierung: 'departure' as const }
    const rows = await allBookings(t.db, search, today, 1000)
    expect(rows.map((r) => r.bookingNumber)).toEqual((await listBookings(t.db, search, today)).rows.map((r) => r.bookingNumber))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await bookingsWorkbook(rows))
    const sheet = book.getWorksheet('Buchungen')
    expect(sheet?.rowCount).toBe(rows.length + 1)
    expect(sheet?.getRow(1).getCell(1).value).toBe('Buchungsnummer')
    const first = rows[0]!
    expect(sheet?.getRow(2).getCell(1).value).toBe(first.bookingNumber)
    expect(sheet?.getRow(2).getCell(8).value).toEqual(new Date(`${first.departure}T00:00:00Z`))
    expect(sheet?.getRow(2).getCell(10).value).toBe(first.total / 1_000_000)
  })
})

describe('the payment state the ledger keeps on the booking (migration 0017)', () => {
  it('follows every entry of money in and out, and every change of what is due, whatever statement made it', async () => {
    const number = await book(await datePool(t.db)({ seatPlan: false }), 'Vier')
    const [booking] = await t.db.select({ id: bookings.id, total: bookings.gesamtpreis }).from(bookings).where(eq(bookings.bookingNumber, number))
    const { id, total } = booking!
    const state = async () => {
      const [row] = await t.db
        .select({ paid: bookings.paidAmount, refunded: bookings.refundedAmount, openDue: bookings.openDue })
        .from(bookings)
        .where(eq(bookings.id, id))
      return row
    }
    const instalments = () => t.db.select({ status: payments.status, paidAt: payments.paidAt }).from(payments).where(eq(payments.bookingId, id)).orderBy(payments.dueDate, payments.id)
    const plan = await t.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.dueDate, payments.id)
    expect(plan.length).toBeGreaterThan(0)
    const first = plan[0]!
    expect(await state()).toEqual({ paid: 0, refunded: 0, openDue: first.dueDate })
    const stateOf = async () => (await listBookings(t.db, { q: number }, today)).rows[0]?.paymentState
    expect(await stateOf()).toBe('open')
    const pay = (amount: number, kind: 'payment' | 'refund' = 'payment', bookedOn = today) =>
      t.db.execute(sql`insert into payment_entries (booking_id, kind, amount, booked_on, method) values (${id}, ${kind}, ${amount}, ${bookedOn}, 'ueberweisung')`)

    // Less than the first instalment, in SQL: money in, nothing paid off, still open.
    await pay(first.amount - 10_000)
    expect(await state()).toEqual({ paid: first.amount - 10_000, refunded: 0, openDue: first.dueDate })
    expect(await stateOf()).toBe('open')

    // The rest of it, a day later: the first instalment is paid on that day.
    await pay(10_000, 'payment', today)
    const rest = plan.slice(1)
    expect(await state()).toEqual({ paid: first.amount, refunded: 0, openDue: rest[0]?.dueDate ?? null })
    expect((await instalments())[0]).toEqual({ status: 'paid', paidAt: expect.any(Date) })
    expect(await stateOf()).toBe(first.kind === 'deposit' ? 'partly' : 'paid')

    // An instalment not covered and past its day makes the booking overdue, in the filter and in the row.
    const last = plan[plan.length - 1]!
    if (rest.length > 0) {
      await t.db.update(payments).set({ dueDate: '2020-01-02' }).where(eq(payments.id, last.id))
      expect((await state())?.openDue).toBe('2020-01-02')
      expect(await stateOf()).toBe('overdue')
      expect(numbers((await listBookings(t.db, { zahlung: 'overdue' }, today)).rows)).toContain(number)
      await t.db.update(payments).set({ dueDate: last.dueDate }).where(eq(payments.id, last.id))
    }

    // Everything paid through Drizzle, then 50 € too much: to be refunded; refunded: done.
    await t.db.insert(paymentEntries).values({ bookingId: id, kind: 'payment', amount: total - first.amount + 50_000_000, bookedOn: today, method: 'bar' })
    expect(await state()).toEqual({ paid: total + 50_000_000, refunded: 0, openDue: null })
    expect((await instalments()).every((i) => i.status === 'paid')).toBe(true)
    expect(await stateOf()).toBe('refund_due')
    expect(numbers((await listBookings(t.db, { zahlung: 'refund_due' }, today)).rows)).toContain(number)
    await pay(50_000_000, 'refund')
    expect(await state()).toEqual({ paid: total, refunded: 50_000_000, openDue: null })
    expect(await stateOf()).toBe('refunded')

    // Cancelled with a fee of 100 €: the rest of the money is to be refunded.
    await t.db.update(bookings).set({ status: 'cancelled', cancellationFee: 100_000_000 }).where(eq(bookings.id, id))
    expect(await stateOf()).toBe('refund_due')
    await t.db.update(bookings).set({ status: 'received', cancellationFee: null }).where(eq(bookings.id, id))
    expect(await stateOf()).toBe('refunded')

    // The entries gone (a correction): nothing paid, the first instalment open again.
    await t.db.delete(paymentEntries).where(eq(paymentEntries.bookingId, id))
    expect(await state()).toEqual({ paid: 0, refunded: 0, openDue: first.dueDate })
    expect((await instalments())[0]).toEqual({ status: 'open', paidAt: null })
    await t.db.delete(payments).where(eq(payments.bookingId, id))
    expect(await state()).toEqual({ paid: 0, refunded: 0, openDue: null })
    await t.db.insert(payments).values({ bookingId: id, kind: 'full', amount: 100, status: 'open', dueDate: '2999-01-01' })
    expect(await state()).toEqual({ paid: 0, refunded: 0, openDue: '2999-01-01' })
    expect(await stateOf()).toBe('open')
  })
})
