// Booking against a real database (PGlite; PostgreSQL when DATABASE_URL is set): a draft that is
// saved and booked, seats that two customers can never both get (holds and bookings under one
// unique constraint), the last place sold once under 100 concurrent bookings, idempotency keys,
// lapsing holds and the sweep, and vouchers. The crash in the middle of a booking is in
// booking-crash.test.ts (it needs a database folder of its own).
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingDraftSchema, travellers } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { priceBooking } from '~/lib/booking/price'
import { todayInBerlin } from '~/lib/calendar'
import { bookingDrafts, bookingParticipants, bookings, mailOutbox, payments, seatReservations, sepaMandates, tripDates, vouchers } from '~/server/db/schema'
import { availabilityOf } from '~/server/services/booking/api.server'
import { bookDraft } from '~/server/services/booking/book.server'
import type { BookResult } from '~/server/services/booking/book.server'
import { DEMO_VOUCHER_CODES } from '~/server/db/seed/reference'
import { createDraft, saveDraft, sweepExpired } from '~/server/services/booking/drafts.server'
import type { DraftRow, SaveResult } from '~/server/services/booking/drafts.server'
import { freePlaces, seatStates } from '~/server/services/booking/offer.server'
import { giveMandate } from '~/server/services/booking/payments.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import {
  ACCEPT,
  bookingRowCounts,
  completeDraft,
  datePool,
  layoutSeats,
  minutes,
  reservationsOf,
  settings,
  withClientPrices,
  writeOutbox,
} from '../support/booking'
import type { DraftOptions } from '../support/booking'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>

beforeAll(async () => {
  t = await openTestDatabase()
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

const euro = (n: number) => n * 1_000_000
let keyCounter = 0
const newKey = (label: string) => `test-${label}-${++keyCounter}-${Date.now()}`

/** A draft created and saved complete; fails the test unless the save succeeds. */
async function savedDraft(offer: BookingOffer, options: DraftOptions, now = new Date()): Promise<DraftRow> {
  const row = await createDraft(t.db, offer, settings, now)
  const result = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, options), settings, now)
  if (result.kind !== 'saved') throw new Error(`save failed: ${JSON.stringify(result)}`)
  expect(result.incompleteStep).toBeNull()
  return row
}

function tally<T extends { kind: string }>(results: readonly T[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const r of results) out[r.kind] = (out[r.kind] ?? 0) + 1
  return out
}

describe('a complete draft', () => {
  it('saves, books once with the server’s prices, and hands the seats to the booking', async () => {
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer).slice(4, 6)
    const row = await createDraft(t.db, offer, settings)
    const draft = completeDraft(offer, row.draft, { travellers: 2, seats, insurance: true })

    // The client claims the trip costs 1 millionth of a euro: the server prices it itself.
    const saved = await saveDraft(t.db, row, offer, withClientPrices(draft, 1), settings)
    expect(saved.kind).toBe('saved')
    if (saved.kind !== 'saved') return
    const expected = priceBooking(offer, bookingDraftSchema.parse(draft))
    expect(expected.gesamtpreis).toBeGreaterThan(offer.price * 2)
    expect(saved.draft.gesamtpreis).toBe(expected.gesamtpreis)
    expect(saved.pricing.gesamtpreis).toBe(expected.gesamtpreis)
    expect(travellers(saved.draft).map(({ p }) => p.price_per_person)).toEqual(expected.perPerson)
    expect(saved.incompleteStep).toBeNull()
    const [stored] = await t.db.select().from(bookingDrafts).where(eq(bookingDrafts.id, row.id))
    expect(bookingDraftSchema.parse(stored?.data).gesamtpreis).toBe(expected.gesamtpreis)
    // The seats are held for this draft.
    const held = await reservationsOf(t.db, offer.tripDateId)
    expect(held.map((r) => [r.seat, r.holdToken, r.bookingId]).sort()).toEqual(seats.map((s) => [s, row.id, null]).sort())
    expect(held.every((r) => r.heldUntil !== null && r.heldUntil > new Date())).toBe(true)

    const before = await bookingRowCounts(t.db)
    const key = newKey('complete')
    const result = await bookDraft(t.db, row.id, key, ACCEPT, settings, { onBooked: writeOutbox })
    expect(result).toMatchObject({ kind: 'booked', gesamtpreis: expected.gesamtpreis, replayed: false })
    if (result.kind !== 'booked') return
    expect(result.bookingNumber).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)

    const found = await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))
    expect(found).toHaveLength(1)
    const booking = found[0]!
    expect(booking).toMatchObject({
      bookingNumber: result.bookingNumber,
      gesamtpreis: expected.gesamtpreis,
      idempotencyKey: key,
      draftId: row.id,
      places: 2,
      paymentMethod: 'ueberweisung',
      status: 'received',
    })
    expect(booking.priceLines).toEqual(expected.lines)

    const people = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id)).orderBy(bookingParticipants.id)
    expect(people.map((p) => [p.firstname, p.lastname, p.seat, p.buchender, p.price])).toEqual([
      ['Anna', 'Becker', seats[0], true, expected.perPerson[0]],
      ['Bernd', 'Becker', seats[1], false, expected.perPerson[1]],
    ])
    // Data minimisation: only the booking person's contact details are kept.
    expect(people[0]).toMatchObject({ email: 'anna.becker@example.de', tel: '0521 123456', zip: '33602' })
    expect(people[1]).toMatchObject({ email: null, tel: null, zip: null, street: null })

    const paid = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))
    expect(paid.map((p) => p.kind).sort()).toEqual(['balance', 'deposit'])
    expect(paid.reduce((sum, p) => sum + p.amount, 0)).toBe(expected.gesamtpreis)

    const after = await reservationsOf(t.db, offer.tripDateId)
    expect(after.map((r) => [r.seat, r.bookingId, r.holdToken, r.heldUntil]).sort()).toEqual(seats.map((s) => [s, booking.id, null, null]).sort())
    expect(await t.db.select().from(bookingDrafts).where(eq(bookingDrafts.id, row.id))).toHaveLength(0)
    expect(await bookingRowCounts(t.db)).toEqual({ ...before, bookings: before.bookings + 1, participants: before.participants + 2, payments: before.payments + 2, outbox: before.outbox + 1 })
  })

  it('is not booked while a step is incomplete', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    const draft = completeDraft(offer, row.draft, { travellers: 1, seats: layoutSeats(offer).slice(0, 1) })
    draft.payment = { method: null, iban: '', accountHolder: '', mandate: false }
    const saved = await saveDraft(t.db, row, offer, draft, settings)
    expect(saved).toMatchObject({ kind: 'saved', incompleteStep: 3 })
    const result = await bookDraft(t.db, row.id, newKey('incomplete'), ACCEPT, settings)
    expect(result).toMatchObject({ kind: 'incomplete', step: 3, issues: [{ path: 'payment.method', message: 'Bitte wählen Sie eine Zahlungsart.' }] })
    expect(await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))).toHaveLength(0)
  })
})

describe('seats under concurrency', () => {
  it('100 drafts saving the same seat at once: one holds it, 99 hear it is taken', async () => {
    const offer = await takeDate({ seatPlan: true })
    const seat = layoutSeats(offer)[2]!
    const rows = await Promise.all(Array.from({ length: 100 }, () => createDraft(t.db, offer, settings)))
    const results = await Promise.all(
      rows.map((row) => {
        const draft = { ...row.draft }
        draft.allRooms = row.draft.allRooms.map((room, i) => ({ ...room, teilnehmer: room.teilnehmer.map((p, j) => ({ ...p, seat: i === 0 && j === 0 ? seat : null })) }))
        return saveDraft(t.db, row, offer, draft, settings)
      }),
    )
    expect(tally(results)).toEqual({ saved: 1, 'seat-conflict': 99 })
    for (const r of results) if (r.kind === 'seat-conflict') expect(r.seats).toEqual([seat])
    const winner = rows[results.findIndex((r) => r.kind === 'saved')]!
    const held = await reservationsOf(t.db, offer.tripDateId, [seat])
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ holdToken: winner.id, bookingId: null })
    // The losers' drafts were left as they were (nothing of the rejected save was stored).
    const loserIds = rows.filter((r) => r.id !== winner.id).map((r) => r.id)
    const losers = await t.db.select().from(bookingDrafts).where(inArray(bookingDrafts.id, loserIds))
    expect(losers).toHaveLength(99)
    expect(losers.every((d) => travellers(bookingDraftSchema.parse(d.data)).every(({ p }) => p.seat === null))).toBe(true)
  })

  it('100 concurrent bookings of the last free place of a date without a seat plan: exactly one books', async () => {
    const offer = await takeDate({ seatPlan: false })
    expect(offer.seatPlan).toBeNull()
    const [date] = await t.db.select({ capacity: tripDates.capacity }).from(tripDates).where(eq(tripDates.id, offer.tripDateId))
    const capacity = date!.capacity
    // Everything but one place is sold.
    await t.db.insert(bookings).values({
      bookingNumber: 'TEST-FULL',
      tripDateId: offer.tripDateId,
      status: 'received',
      gesamtpreis: 0,
      paymentMethod: 'ueberweisung',
      idempotencyKey: newKey('filler'),
      places: capacity - 1,
    })
    const rows = await Promise.all(
      Array.from({ length: 100 }, (_, i) => savedDraft(offer, { travellers: 1, tag: String(i), payment: i % 2 ? 'lastschrift' : 'ueberweisung' })),
    )
    const before = await bookingRowCounts(t.db)

    const results = await Promise.all(rows.map((row, i) => bookDraft(t.db, row.id, newKey(`last-place-${i}`), ACCEPT, settings, { onBooked: writeOutbox })))
    expect(tally(results)).toEqual({ booked: 1, conflict: 99 })
    for (const r of results) {
      if (r.kind === 'conflict') expect(r).toMatchObject({ step: 1, message: expect.stringContaining('nicht mehr genügend Plätze') })
    }
    const winnerIndex = results.findIndex((r) => r.kind === 'booked')
    const winner = rows[winnerIndex]!
    const dateBookings = await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))
    expect(dateBookings).toHaveLength(2)
    expect(dateBookings.reduce((sum, b) => sum + b.places, 0)).toBe(capacity)
    const won = dateBookings.find((b) => b.draftId === winner.id)!
    expect(won).toBeTruthy()

    // No rows of the 99 that failed: only the winner's travellers, payments, mandate and mail.
    const mandates = winnerIndex % 2 ? 1 : 0
    const schedule = await t.db.select().from(payments).where(eq(payments.bookingId, won.id))
    expect(await bookingRowCounts(t.db)).toEqual({
      bookings: before.bookings + 1,
      participants: before.participants + 1,
      payments: before.payments + schedule.length,
      mandates: before.mandates + mandates,
      outbox: before.outbox + 1,
    })
    // The losers keep their drafts (they can pick another date); the winner's is gone.
    const drafts = await t.db.select({ id: bookingDrafts.id }).from(bookingDrafts).where(inArray(bookingDrafts.id, rows.map((r) => r.id)))
    expect(drafts).toHaveLength(99)
    expect(drafts.some((d) => d.id === winner.id)).toBe(false)
  })

  it('100 concurrent bookings of one seat whose holds have all lapsed: exactly one booking gets it', async () => {
    const offer = await takeDate({ seatPlan: true })
    const seat = layoutSeats(offer)[7]!
    const now = Date.now()
    // Customer i picked the seat 21 minutes after customer i−1 (whose hold had lapsed by then),
    // and then went idle; the drafts live long enough to come back (a longer draft lifetime).
    const longDrafts = { ...settings, draftMinutes: 3 * 24 * 60 }
    const start = now - minutes(21 * 100 + 30)
    const rows: DraftRow[] = []
    for (let i = 0; i < 100; i++) {
      const at = new Date(start + minutes(21 * i))
      const row = await createDraft(t.db, offer, longDrafts, at)
      const result = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, seats: [seat], tag: String(i) }), longDrafts, at)
      expect(result.kind).toBe('saved')
      rows.push(row)
    }
    // Only the last one still has a hold row, and it has lapsed too.
    const held = await reservationsOf(t.db, offer.tripDateId, [seat])
    expect(held).toHaveLength(1)
    expect(held[0]!.holdToken).toBe(rows[99]!.id)
    expect(held[0]!.heldUntil!.getTime()).toBeLessThan(now)

    const before = await bookingRowCounts(t.db)
    const results = await Promise.all(rows.map((row, i) => bookDraft(t.db, row.id, newKey(`seat-${i}`), ACCEPT, settings, { onBooked: writeOutbox })))
    expect(tally(results)).toEqual({ booked: 1, conflict: 99 })
    for (const r of results) if (r.kind === 'conflict') expect(r).toMatchObject({ step: 1, message: expect.stringContaining(`Sitzplatz ${seat}`) })
    const winner = rows[results.findIndex((r) => r.kind === 'booked')]!

    const dateBookings = await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))
    expect(dateBookings).toHaveLength(1)
    expect(dateBookings[0]!.draftId).toBe(winner.id)
    const reservations = await reservationsOf(t.db, offer.tripDateId)
    expect(reservations).toHaveLength(1)
    expect(reservations[0]).toMatchObject({ seat, bookingId: dateBookings[0]!.id, holdToken: null })
    const schedule = await t.db.select().from(payments).where(eq(payments.bookingId, dateBookings[0]!.id))
    expect(await bookingRowCounts(t.db)).toEqual({
      ...before,
      bookings: before.bookings + 1,
      participants: before.participants + 1,
      payments: before.payments + schedule.length,
      outbox: before.outbox + 1,
    })
  })
})

describe('idempotency key', () => {
  it('the same key twice in a row: one booking, the same answer', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(0, 1) })
    const key = newKey('twice')
    const first = await bookDraft(t.db, row.id, key, ACCEPT, settings)
    const second = await bookDraft(t.db, row.id, key, ACCEPT, settings)
    expect(first).toMatchObject({ kind: 'booked', replayed: false })
    expect(second).toMatchObject({ kind: 'booked', replayed: true })
    if (first.kind !== 'booked' || second.kind !== 'booked') return
    expect(second.bookingNumber).toBe(first.bookingNumber)
    expect(second.gesamtpreis).toBe(first.gesamtpreis)

    // The same key with another request (another referrer, or another draft): refused.
    expect(await bookDraft(t.db, row.id, key, { ...ACCEPT, referrer: 'newsletter' }, settings)).toEqual({ kind: 'key-reused' })
    const other = await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(1, 2) })
    expect(await bookDraft(t.db, other.id, key, ACCEPT, settings)).toEqual({ kind: 'key-reused' })

    // Another key for the draft already booked: no second booking, the booking number is named.
    const again = await bookDraft(t.db, row.id, newKey('second-key'), ACCEPT, settings)
    expect(again).toMatchObject({ kind: 'gone', message: expect.stringContaining(first.bookingNumber) })
    const all = await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))
    expect(all.map((b) => b.bookingNumber)).toEqual([first.bookingNumber])
  })

  it('the same key 10 times at once: one booking, every answer the same booking number', async () => {
    for (const seatPlan of [true, false]) {
      const offer = await takeDate({ seatPlan })
      const row = await savedDraft(offer, { travellers: 2, seats: layoutSeats(offer).slice(0, 2) })
      const key = newKey('concurrent')
      const results = await Promise.all(Array.from({ length: 10 }, () => bookDraft(t.db, row.id, key, ACCEPT, settings, { onBooked: writeOutbox })))
      expect(tally(results), JSON.stringify(results.filter((r) => r.kind !== 'booked'))).toEqual({ booked: 10 })
      const numbers = new Set(results.map((r) => (r.kind === 'booked' ? r.bookingNumber : null)))
      expect(numbers.size).toBe(1)
      expect(results.filter((r) => r.kind === 'booked' && !r.replayed)).toHaveLength(1)
      const all = await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))
      expect(all).toHaveLength(1)
      expect(all[0]!.bookingNumber).toBe([...numbers][0])
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Ihre Buchung ${all[0]!.bookingNumber}`))
      expect(mails).toHaveLength(1)
    }
  })

  it('the same key 10 times at once with a single-use voucher: the waiting requests answer the booking, not a voucher conflict', async () => {
    const offer = await takeDate({ seatPlan: true })
    // A voucher of its own, so the voucher tests below still find the seeded ones unused.
    const today = todayInBerlin()
    await t.db.insert(vouchers).values({ einloesecode: 'PARALLEL20', value: 20_000_000, validFrom: today, validUntil: '2099-12-31', singleUse: true })
    const row = await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(0, 1), vouchers: ['PARALLEL20'] })
    const key = newKey('concurrent-voucher')
    const results = await Promise.all(Array.from({ length: 10 }, () => bookDraft(t.db, row.id, key, ACCEPT, settings)))
    expect(tally(results), JSON.stringify(results.filter((r) => r.kind !== 'booked'))).toEqual({ booked: 10 })
    expect(new Set(results.map((r) => (r.kind === 'booked' ? r.bookingNumber : null))).size).toBe(1)
  })

  it('different keys for one draft at once: still one booking', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(0, 1) })
    const results: BookResult[] = await Promise.all(Array.from({ length: 10 }, (_, i) => bookDraft(t.db, row.id, newKey(`many-keys-${i}`), ACCEPT, settings)))
    expect(tally(results)).toEqual({ booked: 1, gone: 9 })
    for (const r of results) if (r.kind === 'gone') expect(r.message).toMatch(/^Diese Buchung wurde bereits abgeschlossen/)
    expect(await t.db.select().from(bookings).where(eq(bookings.tripDateId, offer.tripDateId))).toHaveLength(1)
    expect(await t.db.select().from(bookingParticipants).innerJoin(bookings, eq(bookings.id, bookingParticipants.bookingId)).where(eq(bookings.tripDateId, offer.tripDateId))).toHaveLength(1)
  })
})

describe('holds that lapse', () => {
  it('a seat held 21 minutes ago is free for the next customer; the sweep removes lapsed holds and expired drafts', async () => {
    const offer = await takeDate({ seatPlan: true })
    const [x, y, z] = layoutSeats(offer).slice(10, 13) as [string, string, string]
    const t0 = Date.now()
    const at = (m: number) => new Date(t0 + minutes(m))
    const seatDraft = (row: DraftRow, seats: string[]) => {
      const draft = { ...row.draft, allRooms: row.draft.allRooms.map((room) => ({ ...room, teilnehmer: room.teilnehmer.map((p) => ({ ...p })) })) }
      travellers(draft).forEach(({ p }, i) => (p.seat = seats[i] ?? null))
      return draft
    }

    const a = await createDraft(t.db, offer, settings, at(0))
    expect((await saveDraft(t.db, a, offer, seatDraft(a, [x, y]), settings, at(0))).kind).toBe('saved')
    const b = await createDraft(t.db, offer, settings, at(0))
    const early: SaveResult = await saveDraft(t.db, b, offer, seatDraft(b, [x]), settings, at(5))
    expect(early).toEqual({ kind: 'seat-conflict', seats: [x] })
    const late = await saveDraft(t.db, b, offer, seatDraft(b, [x]), settings, at(21))
    expect(late.kind).toBe('saved')
    if (late.kind === 'saved') expect(late.holdsUntil).toEqual(at(41))
    expect(await reservationsOf(t.db, offer.tripDateId, [x])).toMatchObject([{ holdToken: b.id, heldUntil: at(41) }])
    // A's hold on y lapsed as well, but nobody took it: the row is still there until the sweep.
    expect(await reservationsOf(t.db, offer.tripDateId, [y])).toMatchObject([{ holdToken: a.id, heldUntil: at(20) }])
    // A cannot win x back while B's hold lives.
    expect(await saveDraft(t.db, a, offer, seatDraft(a, [x, y]), settings, at(22))).toEqual({ kind: 'seat-conflict', seats: [x] })

    // A third draft with a live hold on z, saved later: the sweeps must leave it alone.
    const c = await createDraft(t.db, offer, settings, at(30))
    expect((await saveDraft(t.db, c, offer, seatDraft(c, [z]), settings, at(30))).kind).toBe('saved')

    // t0+45: B's hold (until t0+41) and A's on y (until t0+20) lapsed; no draft expired yet.
    const first = await sweepExpired(t.db, at(45))
    expect(first.drafts).toBe(0)
    expect(first.holds).toBeGreaterThanOrEqual(2)
    expect((await reservationsOf(t.db, offer.tripDateId)).map((r) => [r.seat, r.holdToken])).toEqual([[z, c.id]])

    // A expires at t0+120, B at t0+141, C at t0+150: at t0+125 only A goes, at t0+145 B too.
    const second = await sweepExpired(t.db, at(125))
    expect(second.drafts).toBeGreaterThanOrEqual(1)
    const left = async () => (await t.db.select({ id: bookingDrafts.id }).from(bookingDrafts).where(inArray(bookingDrafts.id, [a.id, b.id, c.id]))).map((d) => d.id).sort()
    expect(await left()).toEqual([b.id, c.id].sort())
    await sweepExpired(t.db, at(145))
    expect(await left()).toEqual([c.id])
    // C's hold on z lapsed at t0+50, so the sweep took it; C's draft lives on without it.
    expect(await reservationsOf(t.db, offer.tripDateId)).toEqual([])
  })

  it('after a hold ran out (sweeper not yet run) the seat is free and counted free, the same at its last moment', async () => {
    const offer = await takeDate({ seatPlan: true })
    const all = layoutSeats(offer).length
    const seat = layoutSeats(offer)[5]!
    const t0 = Date.now()
    const at = (ms: number) => new Date(t0 + ms)
    const row = await createDraft(t.db, offer, settings, at(0))
    const draft = { ...row.draft, allRooms: row.draft.allRooms.map((r, i) => ({ ...r, teilnehmer: r.teilnehmer.map((p, j) => ({ ...p, seat: i === 0 && j === 0 ? seat : null })) })) }
    expect((await saveDraft(t.db, row, offer, draft, settings, at(0))).kind).toBe('saved')
    const view = async (now: Date) => {
      const availability = await availabilityOf(t.db, offer, now)
      return {
        state: availability.seats.find((s) => s.seat === seat)?.state,
        freePlaces: availability.freePlaces,
        counted: availability.seats.filter((s) => s.state === 'free').length,
        places: await freePlaces(t.db, offer, now),
        own: (await seatStates(t.db, offer, row.id, now))[seat],
      }
    }
    const holdEnd = minutes(settings.holdMinutes)
    expect(await view(at(holdEnd - 1))).toEqual({ state: 'held', freePlaces: all - 1, counted: all - 1, places: all - 1, own: 'mine' })
    // At its end and after it the hold keeps the seat from nobody; its row is still there.
    for (const now of [at(holdEnd), at(holdEnd + minutes(1))]) {
      expect(await view(now)).toEqual({ state: 'free', freePlaces: all, counted: all, places: all, own: 'free' })
      expect(await reservationsOf(t.db, offer.tripDateId, [seat])).toHaveLength(1)
    }
    // The sweeper removes exactly such a hold, and nothing changes for the count.
    expect((await sweepExpired(t.db, at(holdEnd))).holds).toBeGreaterThanOrEqual(1)
    expect(await reservationsOf(t.db, offer.tripDateId, [seat])).toEqual([])
    expect(await view(at(holdEnd))).toEqual({ state: 'free', freePlaces: all, counted: all, places: all, own: 'free' })
  })

  it('deleting an expired draft takes its holds with it (cascade)', async () => {
    const offer = await takeDate({ seatPlan: true })
    const seat = layoutSeats(offer)[0]!
    const t0 = Date.now()
    // A hold that outlives its draft can only be made by hand: a draft that expires in 1 minute.
    const short = { ...settings, draftMinutes: 1 }
    const row = await createDraft(t.db, offer, short, new Date(t0))
    const saved = await saveDraft(t.db, row, offer, { ...row.draft, allRooms: row.draft.allRooms.map((r, i) => ({ ...r, teilnehmer: r.teilnehmer.map((p, j) => ({ ...p, seat: i === 0 && j === 0 ? seat : null })) })) }, short, new Date(t0))
    expect(saved.kind).toBe('saved')
    const swept = await sweepExpired(t.db, new Date(t0 + minutes(2)))
    // The draft went, and with it its still live hold (held until t0+20): not counted as a lapsed hold.
    expect(swept.drafts).toBeGreaterThanOrEqual(1)
    expect(await t.db.select().from(bookingDrafts).where(eq(bookingDrafts.id, row.id))).toHaveLength(0)
    expect(await reservationsOf(t.db, offer.tripDateId)).toEqual([])
  })
})

describe('vouchers', () => {
  it('a valid code lowers the total and is redeemed by the booking', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    const welcome = DEMO_VOUCHER_CODES.welcome
    // Typed as a customer might: lower case, spaces for the dashes.
    const typed = ` ${welcome.toLowerCase().replaceAll('-', ' ')} `
    const draft = completeDraft(offer, row.draft, { travellers: 1, seats: layoutSeats(offer).slice(0, 1), vouchers: [typed] })
    const saved = await saveDraft(t.db, row, offer, draft, settings)
    expect(saved.kind).toBe('saved')
    if (saved.kind !== 'saved') return
    expect(saved.draft.vouchers).toEqual([{ einloesecode: welcome }])
    expect(saved.pricing.voucherTotal).toBe(euro(25))
    expect(saved.pricing.gesamtpreis).toBe(saved.pricing.subtotal - euro(25))
    expect(saved.pricing.lines.at(-1)).toMatchObject({ kind: 'voucher', label: `Gutschein ${welcome}`, amount: -euro(25) })

    const result = await bookDraft(t.db, row.id, newKey('voucher'), ACCEPT, settings)
    expect(result).toMatchObject({ kind: 'booked', gesamtpreis: saved.pricing.gesamtpreis })
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.draftId, row.id))
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.einloesecode, welcome))
    expect(voucher?.bookingId).toBe(booking!.id)
    expect(voucher?.redeemedAt).not.toBeNull()
    expect(booking!.vouchers).toEqual([{ einloesecode: welcome, value: euro(25) }])
  })

  it('unknown, expired and redeemed codes get one and the same German message, so a guesser cannot tell them apart', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    const codes = ['GIBTESNICHT', DEMO_VOUCHER_CODES.expired, DEMO_VOUCHER_CODES.redeemed]
    for (const code of codes) {
      const result = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, seats: layoutSeats(offer).slice(0, 1), vouchers: [code] }), settings)
      expect(result, code).toEqual({
        kind: 'invalid',
        issues: [
          {
            path: 'vouchers.0.einloesecode',
            message: `Den Gutscheincode „${code}“ können wir nicht anrechnen. Bitte prüfen Sie die Schreibweise und ob der Gutschein noch gilt.`,
          },
        ],
      })
    }
    // Nothing of an invalid save is stored: no hold was taken.
    expect(await reservationsOf(t.db, offer.tripDateId)).toEqual([])
    // Several codes: each bad one is reported at its own position, the good one passes.
    const mixed = await saveDraft(
      t.db,
      row,
      offer,
      completeDraft(offer, row.draft, { travellers: 1, vouchers: [DEMO_VOUCHER_CODES.regular, DEMO_VOUCHER_CODES.redeemed, 'GIBTESNICHT'] }),
      settings,
    )
    expect(mixed).toMatchObject({ kind: 'invalid', issues: [{ path: 'vouchers.1.einloesecode' }, { path: 'vouchers.2.einloesecode' }] })
  })

  it('a single-use voucher is redeemed by one booking only; a multi-use one by several', async () => {
    const { summer, regular } = DEMO_VOUCHER_CODES
    const [o1, o2] = [await takeDate({ seatPlan: true }), await takeDate({ seatPlan: true })]
    const seat = (o: BookingOffer) => layoutSeats(o).slice(0, 1)
    // Both drafts were saved while the summer voucher was still free.
    const d1 = await savedDraft(o1, { travellers: 1, seats: seat(o1), vouchers: [summer, regular] })
    const d2 = await savedDraft(o2, { travellers: 1, seats: seat(o2), vouchers: [summer, regular] })
    const first = await bookDraft(t.db, d1.id, newKey('sommer-1'), ACCEPT, settings)
    expect(first.kind).toBe('booked')
    const before = await bookingRowCounts(t.db)
    const second = await bookDraft(t.db, d2.id, newKey('sommer-2'), ACCEPT, settings)
    // At booking the reason is told: the draft's save had accepted the code.
    expect(second).toEqual({ kind: 'conflict', step: 3, message: `Der Gutschein „${summer}“ wurde bereits eingelöst.` })
    expect(await bookingRowCounts(t.db)).toEqual(before)
    // The failed booking left the seat held by its draft, not booked.
    expect(await reservationsOf(t.db, o2.tripDateId)).toMatchObject([{ holdToken: d2.id, bookingId: null }])
    const [b1] = await t.db.select().from(bookings).where(eq(bookings.draftId, d1.id))
    const [used] = await t.db.select().from(vouchers).where(eq(vouchers.einloesecode, summer))
    expect(used?.bookingId).toBe(b1!.id)

    // Without the summer voucher the second customer books, with the multi-use one again.
    const retry = await saveDraft(t.db, d2, o2, completeDraft(o2, d2.draft, { travellers: 1, seats: seat(o2), vouchers: [regular] }), settings)
    expect(retry.kind).toBe('saved')
    expect(await bookDraft(t.db, d2.id, newKey('sommer-3'), ACCEPT, settings)).toMatchObject({ kind: 'booked' })
    const [multi] = await t.db.select().from(vouchers).where(eq(vouchers.einloesecode, regular))
    expect(multi?.redeemedAt).not.toBeNull()
  })

  it('10 concurrent bookings on different dates with the same single-use voucher: one redeems it', async () => {
    const today = todayInBerlin()
    await t.db.insert(vouchers).values({ einloesecode: 'EINMALTEST', value: euro(40), validFrom: today, validUntil: '2099-12-31', singleUse: true })
    const rows: DraftRow[] = []
    const offers: BookingOffer[] = []
    for (let i = 0; i < 10; i++) {
      const offer = await takeDate({ seatPlan: i % 2 === 0 })
      offers.push(offer)
      rows.push(await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(0, 1), vouchers: ['EINMALTEST'] }))
    }
    const before = await bookingRowCounts(t.db)
    const results = await Promise.all(rows.map((row, i) => bookDraft(t.db, row.id, newKey(`einmal-${i}`), ACCEPT, settings, { onBooked: writeOutbox })))
    expect(tally(results)).toEqual({ booked: 1, conflict: 9 })
    // Whoever saw the voucher already redeemed is told so by name; whoever read it free but then
    // lost the race to redeem it, with the general message.
    for (const r of results) {
      if (r.kind !== 'conflict') continue
      expect(r.step).toBe(3)
      expect(['Der Gutschein „EINMALTEST“ wurde bereits eingelöst.', 'Ein Gutschein wurde inzwischen eingelöst. Bitte prüfen Sie Ihre Gutscheine.']).toContain(r.message)
    }
    const winner = rows[results.findIndex((r) => r.kind === 'booked')]!
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.draftId, winner.id))
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.einloesecode, 'EINMALTEST'))
    expect(voucher?.bookingId).toBe(booking!.id)
    const schedule = await t.db.select().from(payments).where(eq(payments.bookingId, booking!.id))
    expect(await bookingRowCounts(t.db)).toEqual({
      ...before,
      bookings: before.bookings + 1,
      participants: before.participants + 1,
      payments: before.payments + schedule.length,
      outbox: before.outbox + 1,
    })
    // Every seat of these dates is still only held by its draft, but the winner's, which is booked.
    const seats = await t.db.select().from(seatReservations).where(inArray(seatReservations.tripDateId, offers.map((o) => o.tripDateId)))
    expect(seats).toHaveLength(5)
    for (const s of seats) {
      if (s.holdToken === null) expect(s).toMatchObject({ tripDateId: booking!.tripDateId, bookingId: booking!.id })
      else expect(s.bookingId).toBeNull()
    }
    expect(seats.filter((s) => s.bookingId !== null)).toHaveLength(offers[rows.indexOf(winner)]!.seatPlan ? 1 : 0)
  })
})

describe('SEPA mandates', () => {
  it('name their reference in the confirmation: the booking’s own mandate, or one given later on the payment page', async () => {
    const debit = await savedDraft(await takeDate({ seatPlan: false }), { travellers: 1, payment: 'lastschrift' })
    const booked = await bookDraft(t.db, debit.id, newKey('mandate'), ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(`not booked: ${booked.kind}`)
    const stored = await loadBookingSummary(t.db, booked.bookingNumber, settings, 'https://reisen.example')
    expect(stored?.summary.paymentMethod).toBe('lastschrift')
    expect(stored?.summary.mandateReference).toBe(`${booked.bookingNumber}-1`)

    // A transfer booking has none until the customer gives a mandate through the payment link.
    const transfer = await savedDraft(await takeDate({ seatPlan: false }), { travellers: 1, payment: 'ueberweisung' })
    const second = await bookDraft(t.db, transfer.id, newKey('mandate'), { ...ACCEPT, referrer: 'news\r\nletter\u0000' }, settings)
    if (second.kind !== 'booked') throw new Error(`not booked: ${second.kind}`)
    const [secondRow] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, second.bookingNumber))
    expect(secondRow?.referrer).toBe('news letter')
    const before = await loadBookingSummary(t.db, second.bookingNumber, settings, 'https://reisen.example')
    expect(before?.summary.mandateReference).toBeNull()
    const link = before?.summary.payments[0]?.paymentUrl.match(/\/payment\/([^/]+)\//)?.[1] ?? ''
    // Control characters never reach the stored account holder (it is printed on the mandate and in mails).
    const given = await giveMandate(t.db, settings, link, { iban: 'DE89 3704 0044 0532 0130 00', accountHolder: ' Jürgen\r\nMüller\u0007 ', accept: true })
    expect(given).toEqual({ kind: 'stored' })
    const [mandate] = await t.db.select().from(sepaMandates).where(eq(sepaMandates.bookingId, secondRow?.id ?? 0))
    expect(mandate?.accountHolder).toBe('Jürgen Müller')
    const after = await loadBookingSummary(t.db, second.bookingNumber, settings, 'https://reisen.example')
    expect(after?.summary).toMatchObject({ paymentMethod: 'lastschrift', mandateReference: `${second.bookingNumber}-1` })
  })
})

describe('booking numbers', () => {
  it('draw again when a number is taken: the booking gets another one, nothing is written twice', async () => {
    const first = await savedDraft(await takeDate({ seatPlan: false }), { travellers: 1 })
    const taken = await bookDraft(t.db, first.id, newKey('number'), ACCEPT, settings)
    if (taken.kind !== 'booked') throw new Error(`not booked: ${taken.kind}`)

    const offer = await takeDate({ seatPlan: true })
    const second = await savedDraft(offer, { travellers: 1, seats: layoutSeats(offer).slice(0, 1) })
    const draws = [taken.bookingNumber, taken.bookingNumber, 'ZZZZ-0001']
    const before = await bookingRowCounts(t.db)
    const result = await bookDraft(t.db, second.id, newKey('number'), ACCEPT, settings, { drawNumber: () => draws.shift() ?? 'ZZZZ-9999' })
    expect(result).toMatchObject({ kind: 'booked', bookingNumber: 'ZZZZ-0001' })
    expect(draws).toEqual([])
    const after = await bookingRowCounts(t.db)
    expect(after).toMatchObject({ bookings: before.bookings + 1, participants: before.participants + 1 })
    const seats = await reservationsOf(t.db, offer.tripDateId)
    expect(seats.filter((r) => r.bookingId !== null)).toHaveLength(1)
  })
})
