// Issue 23, point 7: the contract a package-tour operator must send. Per-trip terms (cancellation
// scale, rebooking fee, minimum participants) come from the database and stay with the booking;
// only insurance that fits the trip is offered, and the server refuses any other.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cancellationScaleSchema } from '~/lib/booking/cancellation'
import type { BookingOffer } from '~/lib/booking/offer'
import { INSURANCE_NOT_OFFERED } from '~/lib/booking/steps'
import { legalMinParticipantsDays } from '~/lib/booking/trip-terms'
import { todayInBerlin } from '~/lib/calendar'
import { bookings, insuranceOffers, tripDates, trips } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadOffer } from '~/server/services/booking/offer.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { ACCEPT, completeDraft, settings } from '../support/booking'

let t: TestDatabase

beforeAll(async () => {
  t = await openTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A bookable upcoming date of a trip that lies wholly in Germany (or has a destination abroad), not yet booked. */
async function dateOf(where: 'domestic' | 'abroad', taken: Set<number>): Promise<BookingOffer> {
  const inGermany = sql`not exists (select 1 from trip_countries tc join countries c on c.id = tc.country_id
    where tc.trip_id = ${trips.id} and c.iso2 is distinct from 'DE') and exists (select 1 from trip_countries tc where tc.trip_id = ${trips.id})`
  const rows = await t.db
    .select({ id: tripDates.id })
    .from(tripDates)
    .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
    .where(
      and(
        sql`${tripDates.bookable} in (0, 4, 5)`,
        sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 40`,
        sql`${tripDates.capacity} > 2`,
        sql`not exists (select 1 from ${bookings} where ${bookings.tripDateId} = ${tripDates.id})`,
        where === 'domestic' ? inGermany : sql`not (${inGermany})`,
      ),
    )
    .orderBy(tripDates.id)
  for (const { id } of rows) {
    if (taken.has(id)) continue
    const offer = await loadOffer(t.db, id)
    if (offer) {
      taken.add(id)
      return offer
    }
  }
  throw new Error(`no ${where} date`)
}

describe('per-trip terms', () => {
  it('every demo trip has a valid cancellation scale and a lawful deadline for its minimum', async () => {
    const rows = await t.db
      .select({ scale: trips.cancellationScale, days: trips.durationDays, min: trips.minParticipants, deadline: trips.minParticipantsDays })
      .from(trips)
    expect(rows.length).toBeGreaterThan(50)
    for (const row of rows) {
      expect(cancellationScaleSchema.safeParse(row.scale).success).toBe(true)
      if (row.min !== null) expect(row.deadline).toBeGreaterThanOrEqual(legalMinParticipantsDays(row.days))
    }
    // The database refuses a deadline later than the law allows (§ 651h Abs. 4 BGB), whatever the code does.
    const [trip] = await t.db.select({ id: trips.id }).from(trips).where(sql`${trips.durationDays} > 6`).limit(1)
    await expect(t.db.update(trips).set({ minParticipants: 20, minParticipantsDays: 10 }).where(eq(trips.id, trip?.id ?? 0))).rejects.toThrow()
  })

  it('a booking keeps the terms it was made with, even when the trip’s scale changes later', async () => {
    const offer = await dateOf('abroad', new Set())
    const row = await createDraft(t.db, offer, settings)
    const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, seats: offer.seatPlan ? ['3A'] : [] }), settings)
    expect(saved.kind).toBe('saved')
    const booked = await bookDraft(t.db, row.id, `terms-${Date.now()}`, ACCEPT, settings)
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    const before = await loadBookingSummary(t.db, booked.bookingNumber, settings, 'https://reisen.example')
    expect(before?.summary.terms?.cancellationScale).toEqual(offer.terms.cancellationScale)

    await t.db
      .update(trips)
      .set({ cancellationScale: [{ daysBefore: 0, percent: 100 }] })
      .where(eq(trips.id, offer.tripId))
    const after = await loadBookingSummary(t.db, booked.bookingNumber, settings, 'https://reisen.example')
    expect(after?.summary.terms?.cancellationScale).toEqual(offer.terms.cancellationScale)
  })
})

describe('insurance that fits the trip', () => {
  it('a trip within Germany offers no health insurance abroad; one abroad offers it, with insurer and documents', async () => {
    const taken = new Set<number>()
    const home = await dateOf('domestic', taken)
    const away = await dateOf('abroad', taken)
    expect(home.terms.domestic).toBe(true)
    expect(home.insuranceOffers.map((o) => o.code)).toEqual(['RRV', 'RAV'])
    expect(away.terms.domestic).toBe(false)
    expect(away.insuranceOffers.map((o) => o.code)).toEqual(['RRV', 'RSP', 'RAV', 'AKV'])
    expect(away.terms.entryNotes.length).toBeGreaterThan(0)
    for (const o of away.insuranceOffers) {
      expect(o.insurer).toContain('Versicherung AG')
      expect(o.productSheetUrl).toBe('/versicherung-produktinformationen/')
      expect(o.conditionsUrl).toBe('/versicherungsbedingungen/')
    }
  })

  it('the server refuses a health insurance abroad for a trip within Germany: the save reports it, the booking is not made', async () => {
    const home = await dateOf('domestic', new Set())
    const [akv] = await t.db.select({ id: insuranceOffers.id }).from(insuranceOffers).where(eq(insuranceOffers.code, 'AKV'))
    const row = await createDraft(t.db, home, settings)
    const draft = completeDraft(home, row.draft, { travellers: 1, seats: home.seatPlan ? ['3A'] : [] })
    const first = draft.allRooms[0]?.teilnehmer[0]
    if (!first || !akv) throw new Error('fixture')
    first.insurance = [{ id: akv.id }]
    const saved = await saveDraft(t.db, row, home, draft, settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    expect(saved.incompleteStep).toBe(3)
    expect(saved.pricing.lines.some((l) => l.kind === 'insurance')).toBe(false)

    const result = await bookDraft(t.db, row.id, `akv-${Date.now()}`, ACCEPT, settings)
    expect(result).toMatchObject({ kind: 'incomplete', step: 3 })
    if (result.kind === 'incomplete') expect(result.issues.map((i) => i.message)).toContain(INSURANCE_NOT_OFFERED)
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.tripDateId, home.tripDateId))
    expect(count?.n).toBe(0)
  })
})
