// The office's bookings list (issue 25, item 3) on PGlite and PostgreSQL: found by number, by the
// booker's or a traveller's name, by e-mail and phone; filtered by payment state, departure, trip and
// channel; sorted and paged without a row twice.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInBerlin } from '~/lib/calendar'
import type { BookingOffer } from '~/lib/booking/offer'
import { agencies, bookings, payments, tripDates } from '~/server/db/schema'
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
  const [b2] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, second?.number ?? ''))
  await t.db.update(payments).set({ status: 'paid', paidAt: new Date() }).where(eq(payments.bookingId, b2?.id ?? 0))
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

describe('the payment state kept on the booking (migration 0016)', () => {
  it('follows every insert, update and delete of its payments, whatever statement made it', async () => {
    const number = await book(await datePool(t.db)({ seatPlan: false }), 'Vier')
    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, number))
    const id = booking!.id
    const state = async () => {
      const [row] = await t.db.select({ paid: bookings.paidAmount, openDue: bookings.openDue }).from(bookings).where(eq(bookings.id, id))
      return row
    }
    const plan = await t.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.dueDate)
    expect(plan.length).toBeGreaterThan(0)
    expect(await state()).toEqual({ paid: 0, openDue: plan[0]!.dueDate })
    const stateOf = async () => (await listBookings(t.db, { q: number }, today)).rows[0]?.paymentState

    // The first instalment paid by a statement of its own, in SQL.
    await t.db.execute(sql`update payments set status = 'paid', paid_at = now() where id = ${plan[0]!.id}`)
    const rest = plan.slice(1)
    expect(await state()).toEqual({ paid: plan[0]!.amount, openDue: rest[0]?.dueDate ?? null })
    expect(await stateOf()).toBe(rest.length > 0 ? 'partly' : 'paid')

    // An open instalment past its day makes the booking overdue, in the filter and in the row.
    const last = plan[plan.length - 1]!
    await t.db.update(payments).set({ status: 'open', paidAt: null, dueDate: '2020-01-01' }).where(eq(payments.id, last.id))
    expect((await state())?.openDue).toBe('2020-01-01')
    expect(await stateOf()).toBe('overdue')
    expect(numbers((await listBookings(t.db, { zahlung: 'overdue' }, today)).rows)).toContain(number)

    // Everything paid: nothing open, the paid sum is the payments' sum.
    await t.db.update(payments).set({ status: 'paid', paidAt: new Date() }).where(eq(payments.bookingId, id))
    const all = await t.db.select({ amount: payments.amount }).from(payments).where(eq(payments.bookingId, id))
    expect(await state()).toEqual({ paid: all.reduce((sum, p) => sum + p.amount, 0), openDue: null })
    expect(numbers((await listBookings(t.db, { zahlung: 'paid' }, today)).rows)).toContain(number)

    await t.db.delete(payments).where(eq(payments.bookingId, id))
    expect(await state()).toEqual({ paid: 0, openDue: null })
    await t.db.insert(payments).values({ bookingId: id, kind: 'full', amount: 100, status: 'open', dueDate: '2999-01-01' })
    expect(await state()).toEqual({ paid: 0, openDue: '2999-01-01' })
    expect(await stateOf()).toBe('open')
  })
})
