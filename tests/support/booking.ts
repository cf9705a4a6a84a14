// Helpers for the booking integration tests: settings as the configuration would give them,
// bookable dates of the seeded catalogue, complete drafts, and row counts to prove that a failed
// booking left nothing behind.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { roomsFor, travellers } from '~/lib/booking/draft'
import type { BookingDraft, PaymentMethod } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { todayInBerlin } from '~/lib/calendar'
import type { Database } from '~/server/db/database.server'
import { bookingParticipants, bookings, mailOutbox, payments, seatReservations, sepaMandates, tripDates, trips } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadOffer } from '~/server/services/booking/offer.server'
import type { BookingSettings } from '~/server/services/booking/settings.server'

export const settings: BookingSettings = {
  holdMinutes: 20,
  holdMaxMinutes: 60,
  clientSeatCap: 9,
  draftMinutes: 120,
  terms: { depositPercent: 20, balanceDays: 30 },
  bank: {
    accountHolder: 'Testreisen GmbH',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Testbank',
    creditorId: 'DE98ZZZ09999999999',
  },
  linkSecret: 'x'.repeat(40),
  confirmationLinkDays: 90,
}

export const ACCEPT = { acceptAgb: true, acceptPrivacy: true, referrer: null } as const

export const minutes = (n: number) => n * 60_000

/** The seats of a layout that can be sold, worked out here rather than by the module under test. */
export function layoutSeats(offer: BookingOffer): string[] {
  if (!offer.seatPlan) return []
  return offer.seatPlan.flatMap((row) => row.flatMap((c) => (c.kind === 'seat' && c.seat && !c.blocked ? [c.seat] : [])))
}

/**
 * Hands out bookable upcoming dates (status 0, 4 or 5 of a published trip), each only once per
 * database, so every test works on a date of its own.
 */
export function datePool(db: Database) {
  const used = new Set<number>()
  return async function takeDate(kind: { seatPlan: boolean; roomTypes?: 'DZ' | 'OHNE' }): Promise<BookingOffer> {
    const rows = await db
      .select({ id: tripDates.id })
      .from(tripDates)
      .innerJoin(trips, and(eq(trips.id, tripDates.tripId), eq(trips.published, true)))
      .where(
        and(
          inArray(tripDates.bookable, [0, 4, 5]),
          sql`${tripDates.dateFrom} > ${todayInBerlin()}::date + 40`,
          kind.seatPlan ? sql`${tripDates.seatPlanId} is not null` : isNull(tripDates.seatPlanId),
          sql`${tripDates.capacity} > 2`,
          sql`not exists (select 1 from ${seatReservations} where ${seatReservations.tripDateId} = ${tripDates.id})`,
          sql`not exists (select 1 from ${bookings} where ${bookings.tripDateId} = ${tripDates.id})`,
        ),
      )
      .orderBy(tripDates.id)
    for (const { id } of rows) {
      if (used.has(id)) continue
      const offer = await loadOffer(db, id)
      if (!offer) continue
      if (kind.roomTypes && !offer.roomTypes.includes(kind.roomTypes)) continue
      used.add(id)
      return offer
    }
    throw new Error(`no bookable date left (${JSON.stringify(kind)})`)
  }
}

export type DraftOptions = {
  travellers: 1 | 2
  /** One per traveller on a date with a seat plan. */
  seats?: readonly string[]
  vouchers?: readonly string[]
  payment?: PaymentMethod
  /** Makes the names of drafts in one test tell apart. */
  tag?: string
  /** Insurance for the first traveller (the offer's first). */
  insurance?: boolean
}

/** A draft that passes steps 1–3: rooms, seats, boarding, names, the booker's contact, payment. */
export function completeDraft(offer: BookingOffer, base: BookingDraft, options: DraftOptions): BookingDraft {
  const counts = options.travellers === 2 ? (offer.roomTypes.includes('DZ') ? { DZ: 1 } : { OHNE: 2 }) : offer.roomTypes.includes('EZ') ? { EZ: 1 } : { OHNE: 1 }
  const rooms = roomsFor([], counts)
  // The boarding point with the highest surcharge, so the price has more than the travel line.
  const point = [...offer.boardingPoints].sort((a, b) => b.surcharge - a.surcharge)[0]
  const names = [
    ['Anna', 'Becker'],
    ['Bernd', 'Becker'],
  ] as const
  const draft: BookingDraft = { ...base, allRooms: rooms, vouchers: (options.vouchers ?? []).map((einloesecode) => ({ einloesecode })) }
  for (const { p, index } of travellers(draft)) {
    const [firstname, lastname] = names[index] ?? ['X', 'Y']
    p.firstname = firstname
    p.lastname = `${lastname}${options.tag ?? ''}`
    p.seat = offer.seatPlan ? (options.seats?.[index] ?? null) : null
    p.boarding = point ? { kind: 'point', boardingPointId: point.id } : null
    if (index === 0 && options.insurance && offer.insuranceOffers[0]) p.insurance = [{ id: offer.insuranceOffers[0].id }]
    if (p.buchender) {
      p.street = 'Hauptstraße'
      p.street_nr = '12a'
      p.zip = '33602'
      p.city = 'Bielefeld'
      p.email = 'anna.becker@example.de'
      p.tel = '0521 123456'
    }
  }
  draft.payment =
    options.payment === 'lastschrift'
      ? { method: 'lastschrift', iban: 'DE89 3704 0044 0532 0130 00', accountHolder: 'Anna Becker', mandate: true }
      : { method: 'ueberweisung', iban: '', accountHolder: '', mandate: false }
  return draft
}

/** What a client might send: the draft with prices of its own making. */
export function withClientPrices(draft: BookingDraft, price = 1): BookingDraft {
  return {
    ...draft,
    gesamtpreis: price,
    allRooms: draft.allRooms.map((room) => ({ ...room, teilnehmer: room.teilnehmer.map((p) => ({ ...p, price_per_person: price })) })),
  }
}

/** Rows of every table a booking writes to. */
export async function bookingRowCounts(db: Database) {
  const n = async (table: typeof bookings | typeof bookingParticipants | typeof payments | typeof sepaMandates | typeof mailOutbox) => {
    const [row] = await db.select({ n: count() }).from(table)
    return row?.n ?? 0
  }
  return {
    bookings: await n(bookings),
    participants: await n(bookingParticipants),
    payments: await n(payments),
    mandates: await n(sepaMandates),
    outbox: await n(mailOutbox),
  }
}

/** The confirmation mail a booking writes into the outbox inside its transaction (as the app does). */
export async function writeOutbox(tx: Database, booking: { id: number; bookingNumber: string }): Promise<void> {
  await tx.insert(mailOutbox).values({ to: 'anna.becker@example.de', subject: `Ihre Buchung ${booking.bookingNumber}`, text: 'Test' })
}

export async function reservationsOf(db: Database, tripDateId: number, seats?: readonly string[]) {
  return db
    .select()
    .from(seatReservations)
    .where(and(eq(seatReservations.tripDateId, tripDateId), seats ? inArray(seatReservations.seat, [...seats]) : undefined))
}

export type BookedTwo = { number: string; id: number; price: number; offer: BookingOffer }

/** Books two travellers on `offer` through the public services (idempotency key `{key}-{tag}`): number, id, price and offer. */
export async function bookTwo(db: Database, offer: BookingOffer, key: string, tag: string, payment: PaymentMethod = 'ueberweisung'): Promise<BookedTwo> {
  const row = await createDraft(db, offer, settings)
  const saved = await saveDraft(db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag, payment }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(db, row.id, `${key}-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  const [b] = await db.select({ id: bookings.id, price: bookings.gesamtpreis }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  if (!b) throw new Error('booking not stored')
  return { number: booked.bookingNumber, id: b.id, price: b.price, offer }
}
