// Issue 24 against a real database (PGlite; PostgreSQL when DATABASE_URL is set): one client cannot
// hold more seats at once than a booking's maximum, across all its drafts and under parallel
// saves; a hold's maximum counts from the first time the draft or the client held the seat, so
// dropping and picking it again never extends it; two clients together can still fill a date.
// Voucher codes cannot be guessed: wrong codes are limited per client and per draft, and every
// refused code gets the same answer.
import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { seatReservations } from '~/server/db/schema'
import { DEMO_VOUCHER_CODES } from '~/server/db/seed/reference'
import { availabilityOf, putDraft } from '~/server/services/booking/api.server'
import { createDraft, holdClientKey, saveDraft, sweepExpired } from '~/server/services/booking/drafts.server'
import type { DraftRow, SaveResult } from '~/server/services/booking/drafts.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { datePool, layoutSeats, minutes, reservationsOf, settings } from '../support/booking'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>

beforeAll(async () => {
  t = await openTestDatabase()
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

/** A draft of the date whose travellers sit on `seats` (double rooms, a single room for an odd one out). */
function withSeats(offer: BookingOffer, base: BookingDraft, seats: readonly string[]): BookingDraft {
  const pairs = Math.floor(seats.length / 2)
  const single = seats.length % 2
  if (single && !offer.roomTypes.includes('EZ')) throw new Error('the date has no single rooms')
  const draft: BookingDraft = { ...base, allRooms: roomsFor([], { DZ: pairs, EZ: single }) }
  for (const { p, index } of travellers(draft)) p.seat = seats[index] ?? null
  return draft
}

async function save(offer: BookingOffer, row: DraftRow, seats: readonly string[], client: string | null, now: Date, options = settings): Promise<SaveResult> {
  return saveDraft(t.db, row, offer, withSeats(offer, row.draft, seats), options, now, null, client)
}

/** The seats a client holds now, on every date. */
async function liveHoldsOf(client: string, now: Date): Promise<number> {
  const rows = await t.db
    .select({ seat: seatReservations.seat })
    .from(seatReservations)
    .where(
      and(
        eq(seatReservations.clientKey, holdClientKey(settings.linkSecret, client)),
        isNotNull(seatReservations.holdToken),
        gt(seatReservations.heldUntil, now),
      ),
    )
  return rows.length
}

describe('seats one client may hold at once', () => {
  it('six drafts of one client saved at once on two dates hold no more than 9 seats; another client is not held back', async () => {
    const now = new Date()
    const dates = [await takeDate({ seatPlan: true, roomTypes: 'DZ' }), await takeDate({ seatPlan: true, roomTypes: 'DZ' })]
    const drafts = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const offer = dates[i % 2]!
        const row = await createDraft(t.db, offer, settings, now)
        const index = Math.floor(i / 2)
        return { offer, row, seats: layoutSeats(offer).slice(index * 2, index * 2 + 2) }
      }),
    )
    const results = await Promise.all(drafts.map((d) => save(d.offer, d.row, d.seats, '203.0.113.7', now)))

    expect(results.filter((r) => r.kind === 'saved')).toHaveLength(4)
    const refused = results.filter((r) => r.kind === 'hold-limit')
    expect(refused).toHaveLength(2)
    for (const r of refused) {
      // Only the seat over the cap is named; the draft's other seat would still fit.
      expect(r.seats).toHaveLength(1)
      expect(r.message).toBe(
        'Von Ihrem Anschluss werden bereits so viele Sitzplätze gehalten, wie eine Buchung höchstens hat (9). Bitte schließen Sie zuerst eine begonnene Buchung ab oder geben Sie dort Plätze frei; Ihre übrigen Angaben bleiben erhalten.',
      )
      expect(r.retryAfterSeconds).toBeGreaterThan(0)
      expect(r.retryAfterSeconds).toBeLessThanOrEqual(settings.holdMinutes * 60)
    }
    expect(await liveHoldsOf('203.0.113.7', now)).toBe(8)

    // A refused draft stored nothing and is refused again; once the client gives seats up elsewhere, it saves.
    const i = results.findIndex((r) => r.kind === 'hold-limit')
    expect((await save(drafts[i]!.offer, drafts[i]!.row, drafts[i]!.seats, '203.0.113.7', now)).kind).toBe('hold-limit')
    const j = results.findIndex((r) => r.kind === 'saved')
    expect((await save(drafts[j]!.offer, drafts[j]!.row, [], '203.0.113.7', now)).kind).toBe('saved')
    expect((await save(drafts[i]!.offer, drafts[i]!.row, drafts[i]!.seats, '203.0.113.7', now)).kind).toBe('saved')
    expect(await liveHoldsOf('203.0.113.7', now)).toBe(8)

    // Re-saving a draft that holds its seats is never refused, at the cap or not.
    const held = drafts[results.findIndex((r, n) => r.kind === 'saved' && n !== j)]!
    expect((await save(held.offer, held.row, held.seats, '203.0.113.7', new Date(now.getTime() + 1000))).kind).toBe('saved')

    const other = await createDraft(t.db, dates[0]!, settings, now)
    expect((await save(dates[0]!, other, layoutSeats(dates[0]!).slice(20, 22), '198.51.100.2', now)).kind).toBe('saved')
  })

  it('the API answers 429 with Retry-After and the German message; the page keeps the other entries', async () => {
    const now = new Date()
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer)
    for (let i = 0; i < 4; i++) {
      const row = await createDraft(t.db, offer, settings, now)
      expect((await save(offer, row, seats.slice(i * 2, i * 2 + 2), '203.0.113.9', now)).kind).toBe('saved')
    }
    const row = await createDraft(t.db, offer, settings, now)
    const body = withSeats(offer, row.draft, seats.slice(8, 10))
    const response = await putDraft({ db: t.db, settings, now: () => now, client: '203.0.113.9' }, row.id, jsonRequest(body))
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    const answer = (await response.json()) as { error: string; issues: { path: string; message: string }[]; seats: string[] }
    expect(answer.error).toMatch(/^Von Ihrem Anschluss werden bereits so viele Sitzplätze gehalten/)
    expect(answer.seats).toEqual([seats[9]])
    expect(answer.issues).toEqual([{ path: 'allRooms.0.teilnehmer.1.seat', message: 'Diesen Sitzplatz können Sie zurzeit nicht zusätzlich halten.' }])
    expect(await reservationsOf(t.db, offer.tripDateId, seats.slice(8, 10))).toEqual([])
  })
})

describe('the hold’s maximum', () => {
  it('counts from the first hold of the seat by the draft or the client: dropping and picking it again never extends it', async () => {
    const t0 = Date.now()
    const at = (m: number) => new Date(t0 + minutes(m))
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer).slice(0, 2)
    const heldUntil = async () => (await reservationsOf(t.db, offer.tripDateId, seats)).map((r) => r.heldUntil?.getTime())
    const row = await createDraft(t.db, offer, { ...settings, draftMinutes: 300 }, at(0))

    expect((await save(offer, row, seats, '192.0.2.5', at(0))).kind).toBe('saved')
    expect(await heldUntil()).toEqual([at(20).getTime(), at(20).getTime()])
    // Dropped and picked again by the same draft: the hour still counts from minute 0.
    expect((await save(offer, row, [], '192.0.2.5', at(15))).kind).toBe('saved')
    expect(await heldUntil()).toEqual([])
    expect((await save(offer, row, seats, '192.0.2.5', at(45))).kind).toBe('saved')
    expect(await heldUntil()).toEqual([at(60).getTime(), at(60).getTime()])

    // Picked again by another draft of the same client: the same hour.
    expect((await save(offer, row, [], '192.0.2.5', at(50))).kind).toBe('saved')
    const second = await createDraft(t.db, offer, { ...settings, draftMinutes: 300 }, at(50))
    expect((await save(offer, second, seats, '192.0.2.5', at(55))).kind).toBe('saved')
    expect(await heldUntil()).toEqual([at(60).getTime(), at(60).getTime()])

    // After the hour, the sweep and another pick: still not held, so free for anybody else.
    await sweepExpired(t.db, at(61), settings.holdMaxMinutes)
    expect((await save(offer, second, [], '192.0.2.5', at(62))).kind).toBe('saved')
    expect((await save(offer, second, seats, '192.0.2.5', at(63))).kind).toBe('saved')
    for (const until of await heldUntil()) expect(until).toBeLessThanOrEqual(at(63).getTime())
    const other = await createDraft(t.db, offer, { ...settings, draftMinutes: 300 }, at(64))
    expect((await save(offer, other, seats, '198.51.100.8', at(64))).kind).toBe('saved')
    expect(await heldUntil()).toEqual([at(84).getTime(), at(84).getTime()])
  })
})

describe('a date’s share', () => {
  it('one client holds at most half of a date’s seats; two clients together fill it', async () => {
    const now = new Date()
    const roomy = { ...settings, clientSeatCap: 100 }
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const seats = layoutSeats(offer)
    const half = Math.ceil(seats.length / 2)
    // Client A picks seats two by two until refused.
    let taken = 0
    let refusal: SaveResult | null = null
    while (taken < seats.length && !refusal) {
      const row = await createDraft(t.db, offer, roomy, now)
      const result = await save(offer, row, seats.slice(taken, taken + 2), '203.0.113.20', now, roomy)
      if (result.kind === 'saved') taken += 2
      else refusal = result
    }
    expect(refusal).toMatchObject({
      kind: 'hold-limit',
      message: `Mehr als die Hälfte der Sitzplätze dieses Termins (${half} von ${seats.length}) kann niemand auf einmal halten. Für größere Gruppen senden Sie uns bitte eine Gruppenanfrage; Ihre übrigen Angaben bleiben erhalten.`,
    })
    expect(taken).toBeLessThanOrEqual(half)
    expect((await availabilityOf(t.db, offer, now)).freePlaces).toBe(seats.length - taken)

    // Client B takes every seat left: the date is full.
    const rest = seats.slice(taken)
    for (let i = 0; i < rest.length; i += 2) {
      const row = await createDraft(t.db, offer, roomy, now)
      expect((await save(offer, row, rest.slice(i, i + 2), '198.51.100.30', now, roomy)).kind).toBe('saved')
    }
    const availability = await availabilityOf(t.db, offer, now)
    expect(availability.freePlaces).toBe(0)
    expect(availability.unbookableReason).toBe('full')
  })
})

describe('wrong voucher codes', () => {
  type Answer = { status: number; retryAfter: string | null; body: { error: string; issues: { path: string; message: string }[] } }

  async function enter(offer: BookingOffer, row: DraftRow, codes: readonly string[], client: string): Promise<Answer> {
    const body = { ...row.draft, vouchers: codes.map((einloesecode) => ({ einloesecode })) }
    const response = await putDraft({ db: t.db, settings, client }, row.id, jsonRequest(body))
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] }
  }

  const notAccepted = (code: string) =>
    `Den Gutscheincode „${code}“ können wir nicht anrechnen. Bitte prüfen Sie die Schreibweise und ob der Gutschein noch gilt.`
  const LIMIT_MESSAGE =
    'Es wurden zu viele ungültige Gutscheincodes eingegeben. Bitte warten Sie einige Minuten – oder rufen Sie uns an, wir helfen Ihnen gern.'

  it('a customer’s two typos pass, and the right code then counts', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    const code = DEMO_VOUCHER_CODES.regular
    for (const typo of [code.replace('J', 'I'), code.slice(0, -1)]) {
      const answer = await enter(offer, row, [typo], '192.0.2.40')
      expect(answer.status).toBe(422)
      expect(answer.body.issues).toEqual([{ path: 'vouchers.0.einloesecode', message: notAccepted(typo) }])
    }
    const answer = await enter(offer, row, [code.toLowerCase()], '192.0.2.40')
    expect(answer.status).toBe(200)
  })

  it('an unknown code and one that exists but does not apply get the same answer', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    const unknown = 'ABCDE-FGHJK-MNPQR'
    const answers = [await enter(offer, row, [unknown], '192.0.2.41'), await enter(offer, row, [DEMO_VOUCHER_CODES.redeemed], '192.0.2.41')]
    expect(answers.map((a) => a.status)).toEqual([422, 422])
    expect(answers[0]!.body.issues[0]!.message).toBe(notAccepted(unknown))
    expect(answers[1]!.body.issues[0]!.message).toBe(notAccepted(DEMO_VOUCHER_CODES.redeemed))
  })

  it('a guesser is stopped with 429 after 10 wrong codes from one address, whatever the draft; the right code then waits too', async () => {
    const offer = await takeDate({ seatPlan: true })
    const drafts = await Promise.all(Array.from({ length: 4 }, () => createDraft(t.db, offer, settings)))
    const guesses = Array.from({ length: 10 }, (_, i) => `ABCDE-FGHJK-MNP${String(i + 2).padStart(2, '2')}`)
    // Three drafts, codes two by two and then one by one: 10 wrong codes.
    const batches = [guesses.slice(0, 2), guesses.slice(2, 4), guesses.slice(4, 6), guesses.slice(6, 7), guesses.slice(7, 8), guesses.slice(8, 9), guesses.slice(9, 10)]
    for (const [i, batch] of batches.entries()) {
      expect((await enter(offer, drafts[i % 3]!, batch, '203.0.113.66')).status).toBe(422)
    }
    const stopped = await enter(offer, drafts[3]!, [DEMO_VOUCHER_CODES.regular], '203.0.113.66')
    expect(stopped.status).toBe(429)
    expect(Number(stopped.retryAfter)).toBeGreaterThan(0)
    expect(stopped.body).toEqual({ error: LIMIT_MESSAGE, issues: [{ path: 'vouchers.0.einloesecode', message: LIMIT_MESSAGE }] })
    // Saving without a new code still works, and another address is not held back.
    expect((await enter(offer, drafts[3]!, [], '203.0.113.66')).status).toBe(200)
    expect((await enter(offer, drafts[3]!, [DEMO_VOUCHER_CODES.regular], '198.51.100.66')).status).toBe(200)
  })

  it('one draft takes 5 wrong codes, from whatever addresses', async () => {
    const offer = await takeDate({ seatPlan: true })
    const row = await createDraft(t.db, offer, settings)
    for (let i = 0; i < 5; i++) {
      expect((await enter(offer, row, [`ZZZZZ-ZZZZZ-ZZZZ${i + 2}`], `192.0.2.${100 + i}`)).status).toBe(422)
    }
    const stopped = await enter(offer, row, ['ZZZZZ-ZZZZZ-ZZZZ9'], '192.0.2.200')
    expect(stopped.status).toBe(429)
    expect(stopped.body.error).toBe(LIMIT_MESSAGE)
  })
})

function jsonRequest(body: unknown): Request {
  return new Request('http://localhost/api/booking-drafts/x', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}
