// The draft's revision (issue 23) against a real database (PGlite; PostgreSQL when DATABASE_URL is
// set): a save or a booking based on an older revision is refused and changes nothing, a save that
// changes nothing keeps the revision, and of two saves made on the same revision only one lands.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingDraft } from '~/lib/booking/draft'
import { bookingDrafts, bookings, seatReservations } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, loadDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { ACCEPT, bookingRowCounts, completeDraft, datePool, layoutSeats, settings } from '../support/booking'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>

beforeAll(async () => {
  t = await openTestDatabase()
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

let keyCounter = 0
const newKey = () => `revision-test-${++keyCounter}-${Date.now()}`

async function stored(id: string) {
  const [row] = await t.db.select().from(bookingDrafts).where(eq(bookingDrafts.id, id))
  return row!
}

async function heldSeats(id: string): Promise<string[]> {
  const rows = await t.db.select({ seat: seatReservations.seat }).from(seatReservations).where(eq(seatReservations.holdToken, id))
  return rows.map((r) => r.seat).sort()
}

const withCity = (draft: BookingDraft, city: string): BookingDraft => ({
  ...draft,
  allRooms: draft.allRooms.map((room, r) => ({ ...room, teilnehmer: room.teilnehmer.map((p, i) => (r === 0 && i === 0 ? { ...p, city } : p)) })),
})

describe('a save names the revision it was made on', () => {
  it('a save on the current revision raises it; one based on an older revision is refused with the current draft and changes nothing', async () => {
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const [a, b, c, d] = layoutSeats(offer)
    const row = await createDraft(t.db, offer, settings)
    expect(row.revision).toBe(1)
    const first = await saveDraft(t.db, row, offer, withCity(completeDraft(offer, row.draft, { travellers: 2, seats: [a!, b!] }), 'Bielefeld'), settings, new Date(), 1)
    expect(first.kind).toBe('saved')
    if (first.kind !== 'saved') return
    expect(first.revision).toBe(2)
    const before = await stored(row.id)
    expect(before.revision).toBe(2)

    // A save made on revision 1 (another tab, a late request): other seats, another town.
    const late = await saveDraft(t.db, row, offer, withCity(completeDraft(offer, row.draft, { travellers: 2, seats: [c!, d!] }), 'Detmold'), settings, new Date(), 1)
    expect(late.kind).toBe('stale')
    if (late.kind !== 'stale') return
    expect(late.current.revision).toBe(2)
    expect(late.current.draft).toEqual(first.draft)
    expect(late.current.pricing).toEqual(first.pricing)
    const after = await stored(row.id)
    expect(after.revision).toBe(2)
    expect(after.data).toEqual(before.data)
    expect(await heldSeats(row.id)).toEqual([a!, b!].sort())

    // On top of the fresh revision it is stored.
    const again = await saveDraft(t.db, row, offer, withCity(first.draft, 'Detmold'), settings, new Date(), 2)
    expect(again.kind === 'saved' && again.revision).toBe(3)
    expect((await loadDraft(t.db, row.id))?.draft.allRooms[0]?.teilnehmer[0]?.city).toBe('Detmold')
  })

  it('a save that changes nothing keeps the revision (re-opening a page or extending the hold does not refuse another tab)', async () => {
    const offer = await takeDate({ seatPlan: false })
    const row = await createDraft(t.db, offer, settings)
    const draft = completeDraft(offer, row.draft, { travellers: 2 })
    const first = await saveDraft(t.db, row, offer, draft, settings, new Date(), 1)
    expect(first.kind === 'saved' && first.revision).toBe(2)
    const same = await saveDraft(t.db, row, offer, draft, settings, new Date(), 2)
    expect(same.kind === 'saved' && same.revision).toBe(2)
    expect((await stored(row.id)).revision).toBe(2)
  })

  it('of ten saves made at once on the same revision exactly one lands; the others are refused', async () => {
    const offer = await takeDate({ seatPlan: false })
    const row = await createDraft(t.db, offer, settings)
    const base = completeDraft(offer, row.draft, { travellers: 2 })
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => saveDraft(t.db, row, offer, withCity(base, `Ort ${i}`), settings, new Date(), 1)),
    )
    const saved = results.filter((r) => r.kind === 'saved')
    expect(saved).toHaveLength(1)
    expect(results.filter((r) => r.kind === 'stale')).toHaveLength(9)
    const winner = saved[0]!.kind === 'saved' ? saved[0]!.draft.allRooms[0]?.teilnehmer[0]?.city : null
    const now = await stored(row.id)
    expect(now.revision).toBe(2)
    expect((now.data as BookingDraft).allRooms[0]?.teilnehmer[0]?.city).toBe(winner)
  })
})

describe('a booking names the revision the customer saw', () => {
  it('a booking naming an older revision is refused with the current draft; nothing is booked, the draft and its holds stay', async () => {
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer).slice(2, 4)
    const row = await createDraft(t.db, offer, settings)
    const shown = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, seats }), settings, new Date(), 1)
    expect(shown.kind === 'saved' && shown.revision).toBe(2)
    if (shown.kind !== 'saved') return
    // Tab 2 changes the boarding point of Person 1 to another one (another price).
    const other = offer.boardingPoints.find((b) => shown.draft.allRooms[0]?.teilnehmer[0]?.boarding?.kind === 'point' && b.id !== shown.draft.allRooms[0].teilnehmer[0].boarding.boardingPointId)
    const changedDraft = structuredClone(shown.draft)
    if (other) changedDraft.allRooms[0]!.teilnehmer[0]!.boarding = { kind: 'point', boardingPointId: other.id }
    else changedDraft.allRooms[0]!.teilnehmer[0]!.city = 'Detmold'
    const changed = await saveDraft(t.db, row, offer, changedDraft, settings, new Date(), 2)
    expect(changed.kind === 'saved' && changed.revision).toBe(3)
    if (changed.kind !== 'saved') return

    const counts = await bookingRowCounts(t.db)
    const refused = await bookDraft(t.db, row.id, newKey(), ACCEPT, settings, { revision: 2 })
    expect(refused.kind).toBe('stale')
    if (refused.kind !== 'stale') return
    expect(refused.message).toMatch(/Gebucht wurde nichts/)
    expect(refused.current.revision).toBe(3)
    expect(refused.current.draft).toEqual(changed.draft)
    expect(refused.current.pricing.gesamtpreis).toBe(changed.pricing.gesamtpreis)
    expect(await bookingRowCounts(t.db)).toEqual(counts)
    expect(await t.db.select().from(bookings).where(eq(bookings.draftId, row.id))).toEqual([])
    expect((await stored(row.id)).revision).toBe(3)
    expect(await heldSeats(row.id)).toEqual([...seats].sort())

    // The revision the customer now sees books, at its price.
    const booked = await bookDraft(t.db, row.id, newKey(), ACCEPT, settings, { revision: 3 })
    expect(booked.kind === 'booked' && booked.gesamtpreis).toBe(changed.pricing.gesamtpreis)
  })
})
