// Booking is one transaction (DESIGN 6): validate the draft with the step rules, lock the date,
// turn the draft's seat holds into reservations (the unique seat constraint covers holds and
// bookings alike), check the capacity, redeem the vouchers, store the booking with its travellers,
// payment schedule and SEPA mandate, and put the confirmation mail into the outbox. Any conflict
// rolls everything back. An Idempotency-Key makes a retried request return the same booking.
import { createHash, randomInt } from 'node:crypto'
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { normaliseIban } from '~/lib/booking/iban'
import type { BookingOffer } from '~/lib/booking/offer'
import { paymentSchedule } from '~/lib/booking/payment-terms'
import { priceBooking } from '~/lib/booking/price'
import { firstIncompleteStep, stepIssues } from '~/lib/booking/steps'
import type { BookingStep, StepIssue } from '~/lib/booking/steps'
import { sepaMandateText } from '~/lib/booking/sepa'
import { todayInBerlin } from '~/lib/calendar'
import type { Database } from '../../db/client.server'
import { queryRows } from '../../db/query.server'
import { agencies, bookingDrafts, bookingParticipants, bookings, payments, seatReservations, sepaMandates, vouchers } from '../../db/schema'
import { checkVouchers, loadDraft } from './drafts.server'
import { closedReason, loadOffer, UNBOOKABLE_MESSAGES } from './offer.server'
import type { BookingSettings } from './settings.server'
import type { BookingRows } from './summary.server'

/** Crockford's base32 without I, L, O, U: nothing to misread on the phone. */
const NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A readable booking number such as '7K4P-9XQ2': 40 random bits, so the next one cannot be guessed. */
export function newBookingNumber(): string {
  let out = ''
  for (let i = 0; i < 8; i++) out += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]
  return `${out.slice(0, 4)}-${out.slice(4)}`
}

export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Der Idempotency-Key muss mindestens 8 Zeichen lang sein.')
  .max(255, 'Der Idempotency-Key darf höchstens 255 Zeichen lang sein.')
  .regex(/^[\x21-\x7e]+$/, 'Der Idempotency-Key darf nur sichtbare ASCII-Zeichen enthalten.')

export const bookRequestSchema = z.object({
  acceptAgb: z.literal(true, 'Bitte bestätigen Sie, dass Sie die Reisebedingungen (AGB) gelesen haben und akzeptieren.'),
  acceptPrivacy: z.literal(true, 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise zur Kenntnis genommen haben.'),
  /** Spec 2 referrer parameter kept in the browser. */
  referrer: z.string().max(200).nullable().default(null),
})
export type BookRequest = z.input<typeof bookRequestSchema>

export type BookResult =
  | { kind: 'booked'; bookingNumber: string; gesamtpreis: number; replayed: boolean }
  | { kind: 'incomplete'; step: BookingStep; issues: StepIssue[] }
  | { kind: 'invalid'; issues: StepIssue[] }
  | { kind: 'conflict'; step: BookingStep; message: string }
  | { kind: 'key-reused' }
  | { kind: 'gone'; message: string }

class BookingConflict extends Error {
  constructor(
    readonly step: BookingStep,
    message: string,
  ) {
    super(message)
  }
}

export type BookOptions = {
  now?: Date
  /** The travel agency that books for the customer, once the caller has verified its token (DESIGN 7). */
  agencyId?: number | null
  /** What the booking writes into the outbox in its transaction (the confirmation mail). */
  onBooked?: (tx: Database, booking: { id: number; bookingNumber: string }, rows: BookingRows) => Promise<void>
  /** For the crash test only: runs inside the transaction after the seats are reserved. */
  insideTransaction?: () => Promise<void>
}

function requestHash(draftId: string, request: unknown): string {
  return createHash('sha256').update(JSON.stringify({ draftId, request })).digest('hex')
}

async function replay(db: Database, key: string, hash: string): Promise<BookResult | null> {
  const [existing] = await db
    .select({ bookingNumber: bookings.bookingNumber, gesamtpreis: bookings.gesamtpreis, requestHash: bookings.requestHash })
    .from(bookings)
    .where(eq(bookings.idempotencyKey, key))
    .limit(1)
  if (!existing) return null
  if (existing.requestHash !== hash) return { kind: 'key-reused' }
  return { kind: 'booked', bookingNumber: existing.bookingNumber, gesamtpreis: existing.gesamtpreis, replayed: true }
}

/** Books a draft. Same key and request again: the same answer; never two bookings of one draft. */
export async function bookDraft(
  db: Database,
  draftId: string,
  idempotencyKey: string,
  input: unknown,
  settings: BookingSettings,
  options: BookOptions = {},
): Promise<BookResult> {
  const now = options.now ?? new Date()
  const parsed = bookRequestSchema.safeParse(input)
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) }
  const request = parsed.data
  const hash = requestHash(draftId, request)
  // Independent reads, side by side (on PostgreSQL each on a connection of its own).
  const [earlier, row] = await Promise.all([replay(db, idempotencyKey, hash), loadDraft(db, draftId, now)])
  if (earlier) return earlier

  if (!row) {
    const [done] = await db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.draftId, draftId)).limit(1)
    return {
      kind: 'gone',
      message: done
        ? `Diese Buchung wurde bereits abgeschlossen (Buchungsnummer ${done.bookingNumber}).`
        : 'Ihre Buchungsdaten sind abgelaufen. Bitte beginnen Sie die Buchung neu.',
    }
  }
  const offer = await loadOffer(db, row.tripDateId)
  // Whether the date is full is decided below under the lock (the draft's own holds count as free
  // for it), so only the rules that need no query are checked here.
  const reason = offer ? closedReason(offer, todayInBerlin(now)) : 'unknown'
  if (!offer || reason !== null) return { kind: 'gone', message: UNBOOKABLE_MESSAGES[reason ?? 'unknown'] }

  const draft = row.draft
  const step = firstIncompleteStep(offer, draft)
  if (step !== null) return { kind: 'incomplete', step, issues: stepIssues(step, offer, draft) }

  try {
    return await db.transaction(async (tx) => {
      const booked = await bookInTransaction(tx, offer, row.id, draft, idempotencyKey, hash, request, settings, now, options)
      return { kind: 'booked', replayed: false, ...booked } as const
    })
  } catch (error) {
    if (error instanceof BookingConflict) return { kind: 'conflict', step: error.step, message: error.message }
    if (error instanceof AlreadyBooked) return error.result
    // Two requests with the same key or the same draft at once: the second finds the first.
    if (isUniqueViolation(error)) {
      const again = await replay(db, idempotencyKey, hash)
      if (again) return again
      return { kind: 'gone', message: 'Diese Buchung wurde bereits abgeschlossen.' }
    }
    throw error
  }
}

/** Thrown inside the transaction (nothing written yet) when the draft was booked meanwhile. */
class AlreadyBooked extends Error {
  constructor(readonly result: BookResult) {
    super('already booked')
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true
  }
  return false
}

async function bookInTransaction(
  tx: Database,
  offer: BookingOffer,
  draftId: string,
  draft: BookingDraft,
  idempotencyKey: string,
  hash: string,
  request: z.infer<typeof bookRequestSchema>,
  settings: BookingSettings,
  now: Date,
  options: BookOptions,
): Promise<{ bookingNumber: string; gesamtpreis: number }> {
  // Every booking of this date waits here for the one before it: capacity and vouchers are then
  // checked against what is really committed. The places are summed in a statement of their own:
  // under READ COMMITTED a statement sees the snapshot taken when it started, so a sum in the
  // locking statement would miss the booking committed by the one it waited for.
  const [locked] = await queryRows(
    tx,
    sql`select capacity from trip_dates where id = ${offer.tripDateId} for update`,
    z.object({ capacity: z.number() }),
  )
  const [sum] = await queryRows(
    tx,
    sql`select coalesce(sum(places), 0)::int as booked from bookings where trip_date_id = ${offer.tripDateId}`,
    z.object({ booked: z.number() }),
  )
  // A request with the same key, or another for the same draft, may have booked while this one
  // waited for the lock: answer as it did instead of checking seats and vouchers against it.
  const [earlier] = await tx
    .select({
      bookingNumber: bookings.bookingNumber,
      gesamtpreis: bookings.gesamtpreis,
      requestHash: bookings.requestHash,
      idempotencyKey: bookings.idempotencyKey,
    })
    .from(bookings)
    .where(or(eq(bookings.idempotencyKey, idempotencyKey), eq(bookings.draftId, draftId)))
    .limit(1)
  if (earlier) {
    throw new AlreadyBooked(
      earlier.idempotencyKey !== idempotencyKey
        ? { kind: 'gone', message: `Diese Buchung wurde bereits abgeschlossen (Buchungsnummer ${earlier.bookingNumber}).` }
        : earlier.requestHash !== hash
          ? { kind: 'key-reused' }
          : { kind: 'booked', bookingNumber: earlier.bookingNumber, gesamtpreis: earlier.gesamtpreis, replayed: true },
    )
  }
  const date = locked && sum ? { capacity: locked.capacity, booked: sum.booked } : undefined
  const people = travellers(draft)
  if (!date || date.booked + people.length > date.capacity) {
    throw new BookingConflict(
      1,
      'Für diesen Termin sind leider nicht mehr genügend Plätze frei. Bitte wählen Sie weniger Reisende oder einen anderen Termin.',
    )
  }

  const voucherCheck = await checkVouchers(
    tx,
    draft.vouchers.map((v) => v.einloesecode),
    todayInBerlin(now),
  )
  if (voucherCheck.issues[0]) throw new BookingConflict(3, voucherCheck.issues[0].message)
  const pricing = priceBooking(offer, draft, voucherCheck.checked)
  const bookedOn = todayInBerlin(now)
  const schedule = paymentSchedule(pricing.gesamtpreis, bookedOn, offer.dateFrom, settings.terms, { dayTrip: offer.durationDays <= 1 })
  const booker = people.find((t) => t.p.buchender)?.p
  if (!booker) throw new BookingConflict(2, 'Bitte wählen Sie genau eine Person, die die Buchung vornimmt.')

  const contact = {
    firstname: booker.firstname,
    lastname: booker.lastname,
    street: booker.street,
    street_nr: booker.street_nr,
    zip: booker.zip,
    city: booker.city,
    email: booker.email,
    tel: booker.tel,
  }
  const rooms = draft.allRooms.map((room) => ({ type: room.type, travellers: room.teilnehmer.length }))
  const insertBooking = (bookingNumber: string) =>
    tx
      .insert(bookings)
      .values({
        bookingNumber,
        tripDateId: offer.tripDateId,
        agencyId: options.agencyId ?? null,
        status: 'received',
        gesamtpreis: pricing.gesamtpreis,
        paymentMethod: draft.payment.method ?? 'ueberweisung',
        idempotencyKey,
        requestHash: hash,
        draftId,
        places: people.length,
        referrer: request.referrer,
        contact,
        rooms,
        vouchers: voucherCheck.checked,
        priceLines: pricing.lines,
        consentedAt: now,
      })
      // A number already given (1 in 10^12 per pair) makes no row; the next try draws another.
      .onConflictDoNothing({ target: bookings.bookingNumber })
      .returning({ id: bookings.id, bookingNumber: bookings.bookingNumber })
  let [booking] = await insertBooking(newBookingNumber())
  for (let attempt = 0; !booking && attempt < 5; attempt++) [booking] = await insertBooking(newBookingNumber())
  if (!booking) throw new Error('no free booking number after six draws')
  const { bookingNumber } = booking

  if (offer.seatPlan) {
    const seats = people.flatMap(({ p }) => (p.seat ? [p.seat] : []))
    // The draft's holds become the booking's seats.
    const converted = await tx
      .update(seatReservations)
      .set({ bookingId: booking.id, holdToken: null, heldUntil: null })
      .where(
        and(
          eq(seatReservations.tripDateId, offer.tripDateId),
          eq(seatReservations.holdToken, draftId),
          inArray(seatReservations.seat, seats),
        ),
      )
      .returning({ seat: seatReservations.seat })
    const have = new Set(converted.map((r) => r.seat))
    const missing = seats.filter((s) => !have.has(s))
    if (missing.length) {
      // A seat the draft no longer holds may still be free, or held by someone whose hold lapsed.
      await tx.execute(sql`
        delete from seat_reservations
        where trip_date_id = ${offer.tripDateId} and seat = any(${`{${missing.join(',')}}`}::text[])
          and hold_token is not null and held_until <= ${now.toISOString()}::timestamptz`)
      const inserted = await tx
        .insert(seatReservations)
        .values(missing.map((seat) => ({ tripDateId: offer.tripDateId, seat, bookingId: booking.id })))
        .onConflictDoNothing()
        .returning({ seat: seatReservations.seat })
      if (inserted.length !== missing.length) {
        const lost = missing.filter((s) => !inserted.some((r) => r.seat === s))
        throw new BookingConflict(1, `Der Sitzplatz ${lost.join(', ')} wurde inzwischen vergeben. Bitte wählen Sie einen anderen Platz.`)
      }
    }
  }
  await options.insideTransaction?.()

  for (const id of voucherCheck.ids) {
    const redeemed = await tx
      .update(vouchers)
      .set({ redeemedAt: now, bookingId: booking.id })
      .where(
        and(
          eq(vouchers.id, id),
          sql`(${vouchers.singleUse} = false or ${vouchers.redeemedAt} is null)`,
          gte(vouchers.validUntil, bookedOn),
        ),
      )
      .returning({ id: vouchers.id })
    if (redeemed.length === 0) throw new BookingConflict(3, 'Ein Gutschein wurde inzwischen eingelöst. Bitte prüfen Sie Ihre Gutscheine.')
  }

  await tx.insert(bookingParticipants).values(
    people.map(({ p, roomIndex }, i) => ({
      bookingId: booking.id,
      roomIndex,
      firstname: p.firstname.trim(),
      lastname: p.lastname.trim(),
      // Data minimisation: only the booking person's contact details are kept.
      street: p.buchender ? p.street : null,
      streetNr: p.buchender ? p.street_nr : null,
      zip: p.buchender ? p.zip : null,
      city: p.buchender ? p.city : null,
      tel: p.buchender ? p.tel : null,
      email: p.buchender ? p.email : null,
      buchender: p.buchender,
      boardingPointId: p.boarding?.kind === 'point' ? p.boarding.boardingPointId : null,
      transferZip: p.boarding?.kind === 'transfer' ? p.boarding.zip : null,
      seat: p.seat,
      insurance: p.insurance,
      services: p.services,
      mobility: p.mobility,
      price: pricing.perPerson[i] ?? 0,
    })),
  )
  await tx
    .insert(payments)
    .values(schedule.map((s) => ({ bookingId: booking.id, kind: s.kind, amount: s.amount, status: 'open', dueDate: s.dueDate })))
  if (draft.payment.method === 'lastschrift') {
    await tx.insert(sepaMandates).values({
      bookingId: booking.id,
      reference: `${bookingNumber}-1`,
      iban: normaliseIban(draft.payment.iban),
      accountHolder: draft.payment.accountHolder.trim(),
      mandateText: sepaMandateText(settings.bank.accountHolder, settings.bank.creditorId),
    })
  }
  if (options.onBooked) {
    // The confirmation is made from what was just written, not read back from the database.
    const points = new Map(offer.boardingPoints.map((b) => [b.id, b]))
    const [agency] = options.agencyId
      ? await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, options.agencyId))
      : []
    const rows: BookingRows = {
      booking: {
        id: booking.id,
        bookingNumber,
        createdAt: now,
        gesamtpreis: pricing.gesamtpreis,
        paymentMethod: draft.payment.method ?? 'ueberweisung',
        contact,
        rooms,
        priceLines: pricing.lines,
        tripId: offer.tripId,
        dateId: offer.tripDateId,
        title: offer.tripTitle,
        transport: offer.transport,
        dateFrom: offer.dateFrom,
        dateTill: offer.dateTill,
        agencyName: agency?.name ?? null,
      },
      people: people.map(({ p, roomIndex }) => {
        const point = p.boarding?.kind === 'point' ? points.get(p.boarding.boardingPointId) : undefined
        return {
          roomIndex,
          firstname: p.firstname.trim(),
          lastname: p.lastname.trim(),
          seat: p.seat,
          transferZip: p.boarding?.kind === 'transfer' ? p.boarding.zip : null,
          mobility: p.mobility,
          pointName: point?.name ?? null,
          departureTime: point?.departureTime ?? null,
        }
      }),
      payments: schedule.map((s) => ({ ...s, status: 'open' })),
    }
    await options.onBooked(tx, { id: booking.id, bookingNumber }, rows)
  }
  // The booking holds the data now; the draft and its personal data go (data minimisation).
  await tx.delete(bookingDrafts).where(eq(bookingDrafts.id, draftId))
  return { bookingNumber, gesamtpreis: pricing.gesamtpreis }
}
