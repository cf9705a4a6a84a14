// Booking is one transaction (DESIGN 6): validate the draft with the step rules, lock the date,
// turn the draft's seat holds into reservations (the unique seat constraint covers holds and
// bookings alike), check the capacity, redeem the vouchers, store the booking with its travellers,
// payment schedule and SEPA mandate, and put the confirmation mail into the outbox. Any conflict
// rolls everything back. An Idempotency-Key makes a retried request return the same booking. The
// request names the draft's revision the customer saw last: a draft changed since is not booked.
import { createHash, randomInt } from 'node:crypto'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { formatBookingNumber } from '~/lib/booking/booking-number'
import { normaliseIban } from '~/lib/booking/iban'
import { bookingConsentSchema } from '~/lib/booking/legal'
import type { BookingOffer } from '~/lib/booking/offer'
import { paymentSchedule } from '~/lib/booking/payment-terms'
import { priceBooking } from '~/lib/booking/price'
import { firstIncompleteStep, stepIssues } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { mandateReference, sepaMandateText } from '~/lib/booking/sepa'
import { todayInBerlin } from '~/lib/calendar'
import { singleLine } from '~/lib/forms'
import type { AuditActor } from '~/lib/office/audit'
import { PHONE_BOOKING_REFUSED } from '~/lib/office/phone-booking'
import type { Database } from '../../db/database.server'
import { audit } from '../../office/audit.server'
import { queryRows } from '../../db/query.server'
import { agencies, bookingDrafts, bookingParticipants, bookings, payments, seatReservations, sepaMandates, vouchers } from '../../db/schema'
import { checkVouchers, describeDraft } from './drafts.server'
import type { SavedDraft } from './drafts.server'
import { closedReason, draftWithOffer, UNBOOKABLE_MESSAGES } from './offer.server'
import { holdLapsed } from './seat-reservation.server'
import type { BookingSettings } from './settings.server'
import type { BookingRows } from './summary.server'

function newBookingNumber(): string {
  return formatBookingNumber(randomInt)
}

export const idempotencyKeySchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(8, 'Der Idempotency-Key muss mindestens 8 Zeichen lang sein.'),
    z.maxLength(255, 'Der Idempotency-Key darf höchstens 255 Zeichen lang sein.'),
    z.regex(/^[\x21-\x7e]+$/, 'Der Idempotency-Key darf nur sichtbare ASCII-Zeichen enthalten.'),
  )

export const bookRequestSchema = z.extend(bookingConsentSchema, {
  /** Spec 2 referrer parameter kept in the browser. */
  referrer: z._default(
    z.nullable(
      z.pipe(
        z.string().check(z.maxLength(200)),
        z.transform((v) => singleLine(v).trim() || null),
      ),
    ),
    null,
  ),
})
export type BookRequest = z.input<typeof bookRequestSchema>

/** The draft's revision a booking confirms: the one whose summary the customer saw last. */
export const draftRevisionSchema = z.int().check(z.positive('Bitte nennen Sie die Revision des Entwurfs, die Sie buchen möchten.'))

/** Why a booking based on an older revision is refused; the answer shows the draft as it is now. */
export const STALE_BOOKING_MESSAGE =
  'Ihre Buchungsangaben wurden inzwischen geändert, zum Beispiel in einem anderen Fenster. Gebucht wurde nichts. Bitte prüfen Sie die Angaben und den Gesamtpreis so, wie sie jetzt sind, und buchen Sie dann erneut.'

export type BookResult =
  | { kind: 'booked'; bookingNumber: string; gesamtpreis: number; replayed: boolean }
  | { kind: 'incomplete'; step: BookingStep; issues: StepIssue[] }
  | { kind: 'invalid'; issues: StepIssue[] }
  | { kind: 'conflict'; step: BookingStep; message: string }
  /** The draft changed since the revision the request names: nothing booked; the draft as it is now. */
  | { kind: 'stale'; message: string; current: SavedDraft; offer: BookingOffer }
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
  /**
   * The draft's revision the customer confirms (the page and the API always send it): a draft
   * saved since is refused with its current state. Tests of other rules may leave it out.
   */
  revision?: number
  /** The travel agency that books for the customer, once the caller has verified its token (DESIGN 7). */
  agencyId?: number | null
  /**
   * The signed-in staff member who sends the booking (checked by the caller; DESIGN 11): it books a
   * draft the office marked as a phone booking (`telefon`), and only such a draft.
   */
  staff?: { id: string; name: string } | null
  /** What the booking writes into the outbox in its transaction (the confirmation mail). */
  onBooked?: (tx: Database, booking: { id: number; bookingNumber: string }, rows: BookingRows) => Promise<void>
  /** For tests only: draws the booking number (default: 40 random bits). */
  drawNumber?: () => string
  /** For the crash test only: runs inside the transaction after the seats are reserved. */
  insideTransaction?: () => Promise<void>
}

function requestHash(draftId: string, request: unknown): string {
  return createHash('sha256').update(JSON.stringify({ draftId, request })).digest('hex')
}

const earlierColumns = {
  bookingNumber: bookings.bookingNumber,
  gesamtpreis: bookings.gesamtpreis,
  requestHash: bookings.requestHash,
  idempotencyKey: bookings.idempotencyKey,
}

async function replay(db: Database, key: string, hash: string): Promise<BookResult | null> {
  const [existing] = await db.select(earlierColumns).from(bookings).where(eq(bookings.idempotencyKey, key)).limit(1)
  return existing ? answerEarlier(existing, key, hash) : null
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
  const [earlier, [row, offer]] = await Promise.all([replay(db, idempotencyKey, hash), draftWithOffer(db, draftId, now)])
  if (earlier) return earlier

  if (!row) {
    // The draft is gone: booked (perhaps by a request with this very key that committed between the
    // replay look-up and the draft's, each on a connection of its own) or expired.
    const [done] = await db.select(earlierColumns).from(bookings).where(eq(bookings.draftId, draftId)).limit(1)
    if (done) return answerEarlier(done, idempotencyKey, hash)
    return { kind: 'gone', message: 'Ihre Buchungsdaten sind abgelaufen. Bitte beginnen Sie die Buchung neu.' }
  }
  // Whether the date is full is decided below under the lock (the draft's own holds count as free
  // for it), so only the rules that need no query are checked here.
  const reason = offer ? closedReason(offer, todayInBerlin(now)) : 'unknown'
  if (!offer || reason !== null) return { kind: 'gone', message: UNBOOKABLE_MESSAGES[reason ?? 'unknown'] }

  const stale = async (): Promise<BookResult> => {
    const [current, currentOffer] = await draftWithOffer(db, draftId, new Date())
    if (!current || !currentOffer) return { kind: 'gone', message: 'Ihre Buchungsdaten sind abgelaufen. Bitte beginnen Sie die Buchung neu.' }
    return { kind: 'stale', message: STALE_BOOKING_MESSAGE, current: await describeDraft(db, current, currentOffer), offer: currentOffer }
  }
  if (options.revision !== undefined && options.revision !== row.revision) return stale()

  const draft = row.draft
  // The office's phone booking (marked by the server) is booked by a clerk only, never for an
  // agency; a clerk's own booking without the mark is an ordinary one.
  if (draft.telefon && !options.staff) return { kind: 'invalid', issues: [{ path: 'telefon', message: PHONE_BOOKING_REFUSED }] }
  const booker: BookOptions = draft.telefon ? { ...options, agencyId: null } : { ...options, staff: null }
  const step = firstIncompleteStep(offer, draft)
  if (step !== null) return { kind: 'incomplete', step, issues: stepIssues(step, offer, draft) }

  for (let draw = 1; ; draw++) {
    try {
      return await db.transaction(async (tx) => {
        const booked = await bookInTransaction(tx, offer, { draftId: row.id, revision: row.revision, draft, idempotencyKey, hash, request }, settings, now, booker)
        return { kind: 'booked', replayed: false, ...booked } as const
      })
    } catch (error) {
      if (error instanceof BookingConflict) return { kind: 'conflict', step: error.step, message: error.message }
      if (error instanceof DraftChanged) return stale()
      if (error instanceof AlreadyBooked) return error.result
      const constraint = uniqueViolation(error)
      // A booking number drawn twice: nothing was written; again with another number.
      if (constraint === 'bookings_booking_number_unique' && draw < NUMBER_DRAWS) continue
      // Two requests with the same key or the same draft at once: the second finds the first.
      if (constraint !== null) {
        const again = await replay(db, idempotencyKey, hash)
        if (again) return again
        return { kind: 'gone', message: 'Diese Buchung wurde bereits abgeschlossen.' }
      }
      throw error
    }
  }
}

/** How often a booking is tried with a newly drawn number before the failure is reported. */
const NUMBER_DRAWS = 5

/** Thrown inside the transaction when the draft was saved since it was read: everything is rolled back. */
class DraftChanged extends Error {
  constructor() {
    super('draft changed')
  }
}

/** Thrown inside the transaction (nothing written yet) when the draft was booked meanwhile. */
class AlreadyBooked extends Error {
  constructor(readonly result: BookResult) {
    super('already booked')
  }
}

/** The constraint a unique violation names ('' when the driver does not say), or null for any other error. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (!('code' in e) || e.code !== '23505') continue
    // postgres.js calls it constraint_name, PGlite (like node-postgres) constraint.
    const name = 'constraint_name' in e ? e.constraint_name : 'constraint' in e ? e.constraint : ''
    return typeof name === 'string' ? name : ''
  }
  return null
}

type EarlierBooking = { bookingNumber: string; gesamtpreis: number; requestHash: string; idempotencyKey: string }

/** The answer to a request for a draft that is already booked: the booking again for the same key and request. */
function answerEarlier(earlier: EarlierBooking, idempotencyKey: string, hash: string): BookResult {
  if (earlier.idempotencyKey !== idempotencyKey) {
    return { kind: 'gone', message: `Diese Buchung wurde bereits abgeschlossen (Buchungsnummer ${earlier.bookingNumber}).` }
  }
  if (earlier.requestHash !== hash) return { kind: 'key-reused' }
  return { kind: 'booked', bookingNumber: earlier.bookingNumber, gesamtpreis: earlier.gesamtpreis, replayed: true }
}

const dateStateSchema = z.object({
  booked: z.number(),
  earlier: z.nullable(
    z.object({
      bookingNumber: z.string(),
      gesamtpreis: z.number(),
      requestHash: z.string(),
      idempotencyKey: z.string(),
    }),
  ),
})

/** One request to book a draft: the draft as read (with its revision), the key and the request's hash. */
type BookingAttempt = {
  draftId: string
  revision: number
  draft: BookingDraft
  idempotencyKey: string
  hash: string
  request: z.infer<typeof bookRequestSchema>
}

/**
 * Locks the date and reads what the booking is checked against: the places booked, an earlier
 * booking of the same key or draft, the vouchers, and the new booking's id. Throws what ends the
 * attempt (booked meanwhile, full, a voucher refused) before anything is written.
 */
async function lockAndCheck(
  tx: Database,
  offer: BookingOffer,
  attempt: BookingAttempt,
  now: Date,
): Promise<{ bookingId: number; voucherCheck: Awaited<ReturnType<typeof checkVouchers>> }> {
  const { draftId, draft, idempotencyKey, hash } = attempt
  // Every booking of this date waits at the lock for the one before it: capacity and vouchers are
  // then checked against what is really committed. What the date holds is read by the next
  // statement: under READ COMMITTED a statement sees the snapshot taken when it starts, so a sum
  // in the locking statement would miss the booking committed by the one it waited for. The
  // statements are sent together (PostgreSQL runs them in order on the transaction's connection,
  // the second only once the first has the lock), saving a round trip each:
  // 1. the lock; 2. the places booked, and a request with the same key or another for the same
  // draft that booked while this one waited (answered as it was instead of checking seats and
  // vouchers against it); 3. the vouchers; 4. the new booking's id, so that the booking and what
  // belongs to it can be written together (bookInTransaction).
  const [[locked], [state], voucherCheck, [next]] = await Promise.all([
    queryRows(tx, sql`select capacity from trip_dates where id = ${offer.tripDateId} for update`, z.object({ capacity: z.number() })),
    queryRows(
      tx,
      sql`select
        (select coalesce(sum(places), 0)::int from bookings where trip_date_id = ${offer.tripDateId}) as booked,
        (select json_build_object('bookingNumber', booking_number, 'gesamtpreis', gesamtpreis, 'requestHash', request_hash, 'idempotencyKey', idempotency_key)
           from bookings where idempotency_key = ${idempotencyKey} or draft_id = ${draftId} limit 1) as earlier`,
      dateStateSchema,
    ),
    checkVouchers(
      tx,
      draft.vouchers.map((v) => v.einloesecode),
      todayInBerlin(now),
    ),
    queryRows(tx, sql`select nextval(pg_get_serial_sequence('bookings', 'id'))::int as id`, z.object({ id: z.number() })),
  ])
  const earlier = state?.earlier
  if (earlier) throw new AlreadyBooked(answerEarlier(earlier, idempotencyKey, hash))
  const date = locked && state ? { capacity: locked.capacity, booked: state.booked } : undefined
  const people = travellers(draft)
  if (!date || date.booked + people.length > date.capacity) {
    throw new BookingConflict(
      1,
      'Für diesen Termin sind leider nicht mehr genügend Plätze frei. Bitte wählen Sie weniger Reisende oder einen anderen Termin.',
    )
  }

  if (voucherCheck.issues[0]) throw new BookingConflict(3, voucherCheck.issues[0].message)
  if (!next) throw new Error('no booking id from the sequence')
  return { bookingId: next.id, voucherCheck }
}

/** The travellers as rows of the booking: only the booking person keeps contact details (data minimisation). */
function participantRowsOf(bookingId: number, people: ReturnType<typeof travellers>, perPerson: readonly number[]) {
  return people.map(({ p, roomIndex }, i) => ({
    bookingId,
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
    price: perPerson[i] ?? 0,
  }))
}

/** What the confirmation is made from, taken from what is written (nothing read back). */
function confirmationRows(
  offer: BookingOffer,
  draft: BookingDraft,
  booked: { id: number; bookingNumber: string; createdAt: Date; agencyName: string | null },
  parts: {
    people: ReturnType<typeof travellers>
    contact: BookingRows['booking']['contact']
    rooms: BookingRows['booking']['rooms']
    pricing: ReturnType<typeof priceBooking>
    schedule: ReturnType<typeof paymentSchedule>
    mandate: string | null
  },
): BookingRows {
  const { people, contact, rooms, pricing, schedule, mandate } = parts
  const points = new Map(offer.boardingPoints.map((b) => [b.id, b]))
  return {
    booking: {
      id: booked.id,
      bookingNumber: booked.bookingNumber,
      createdAt: booked.createdAt,
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
      durationDays: offer.durationDays,
      agencyName: booked.agencyName,
      terms: offer.terms,
      contents: offer.contents,
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
        point: point ? { name: point.name, street: point.street, zip: point.zip, city: point.city } : null,
        departureTime: point?.departureTime ?? null,
        insuranceId: p.insurance[0]?.id ?? null,
      }
    }),
    insuranceOffers: offer.insuranceOffers,
    payments: schedule.map((s) => ({ ...s, status: 'open' })),
    mandateReference: mandate,
  }
}

async function bookInTransaction(
  tx: Database,
  offer: BookingOffer,
  attempt: BookingAttempt,
  settings: BookingSettings,
  now: Date,
  options: BookOptions,
): Promise<{ bookingNumber: string; gesamtpreis: number }> {
  const { draftId, revision, draft, idempotencyKey, hash, request } = attempt
  const { bookingId, voucherCheck } = await lockAndCheck(tx, offer, attempt, now)
  const people = travellers(draft)
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
  const booking = { id: bookingId, bookingNumber: (options.drawNumber ?? newBookingNumber)() }
  const { bookingNumber } = booking

  const channel = options.staff ? 'phone' : options.agencyId ? 'agency' : 'online'
  const actor: AuditActor = options.staff
    ? { kind: 'staff', ...options.staff }
    : options.agencyId
      ? { kind: 'agency', id: options.agencyId, name: null }
      : { kind: 'customer' }
  const seats = offer.seatPlan ? people.flatMap(({ p }) => (p.seat ? [p.seat] : [])) : []
  const mandate = draft.payment.method === 'lastschrift' ? mandateReference(bookingNumber, 1) : null
  const participantRows = participantRowsOf(booking.id, people, pricing.perPerson)
  const confirm = async (onBooked: NonNullable<BookOptions['onBooked']>) => {
    // The confirmation is made from what was just written, not read back from the database.
    const [agency] = options.agencyId
      ? await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, options.agencyId))
      : []
    const booked = { ...booking, createdAt: now, agencyName: agency?.name ?? null }
    await onBooked(tx, booking, confirmationRows(offer, draft, booked, { people, contact, rooms, pricing, schedule, mandate }))
  }

  // The booking and everything that belongs to it, sent at once: PostgreSQL runs the statements in
  // this order on the transaction's connection without a round trip each; results are checked after.
  const [, converted, redeemed, , , , , , deleted] = await Promise.all([
    // A number drawn before (1 in 10^12 per pair) fails here and the caller tries again.
    tx.insert(bookings).values({
      id: booking.id,
      bookingNumber,
      tripDateId: offer.tripDateId,
      agencyId: options.agencyId ?? null,
      channel,
      bookedByStaff: options.staff?.id ?? null,
      bookingServices: draft.bookingServices,
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
      // The terms the customer saw on step 4 stay the booking's terms.
      tripTerms: offer.terms,
    }),
    // The draft's holds become the booking's seats.
    seats.length
      ? tx
          .update(seatReservations)
          .set({ bookingId: booking.id, holdToken: null, heldUntil: null, clientKey: null })
          .where(
            and(
              eq(seatReservations.tripDateId, offer.tripDateId),
              eq(seatReservations.holdToken, draftId),
              inArray(seatReservations.seat, seats),
            ),
          )
          .returning({ seat: seatReservations.seat })
      : [],
    voucherCheck.ids.length
      ? tx
          .update(vouchers)
          .set({ redeemedAt: now, bookingId: booking.id })
          .where(
            and(
              inArray(vouchers.id, voucherCheck.ids),
              sql`(${vouchers.singleUse} = false or ${vouchers.redeemedAt} is null)`,
              gte(vouchers.validUntil, bookedOn),
            ),
          )
          .returning({ id: vouchers.id })
      : [],
    tx.insert(bookingParticipants).values(participantRows),
    tx
      .insert(payments)
      .values(schedule.map((s) => ({ bookingId: booking.id, kind: s.kind, amount: s.amount, status: 'open', dueDate: s.dueDate }))),
    mandate !== null
      ? tx.insert(sepaMandates).values({
          bookingId: booking.id,
          reference: mandate,
          iban: normaliseIban(draft.payment.iban),
          accountHolder: draft.payment.accountHolder.trim(),
          mandateText: sepaMandateText(settings.bank.accountHolder, settings.bank.creditorId),
        })
      : null,
    options.onBooked ? confirm(options.onBooked) : null,
    audit(tx, actor, { action: 'booking.created', booking, after: { gesamtpreis: pricing.gesamtpreis, places: people.length, channel } }, now),
    // The booking holds the data now; the draft and its personal data go (data minimisation). Its
    // holds were turned into the booking's seats first; any left go with it. Only the revision
    // that was read and checked goes: a save committed meanwhile leaves nothing to delete (the
    // delete waits for it, then finds the revision raised), and the booking is rolled back.
    tx
      .delete(bookingDrafts)
      .where(and(eq(bookingDrafts.id, draftId), eq(bookingDrafts.revision, revision)))
      .returning({ id: bookingDrafts.id }),
  ])
  if (deleted.length === 0) throw new DraftChanged()
  if (redeemed.length !== voucherCheck.ids.length) {
    throw new BookingConflict(3, 'Ein Gutschein wurde inzwischen eingelöst. Bitte prüfen Sie Ihre Gutscheine.')
  }
  const have = new Set(converted.map((r) => r.seat))
  const missing = seats.filter((seat) => !have.has(seat))
  if (missing.length) {
    // A seat the draft no longer holds may still be free, or held by someone whose hold lapsed.
    await tx.execute(sql`
      delete from seat_reservations
      where trip_date_id = ${offer.tripDateId} and seat = any(${`{${missing.join(',')}}`}::text[]) and ${holdLapsed(now)}`)
    const inserted = await tx
      .insert(seatReservations)
      .values(missing.map((seat) => ({ tripDateId: offer.tripDateId, seat, bookingId: booking.id })))
      .onConflictDoNothing()
      .returning({ seat: seatReservations.seat })
    if (inserted.length !== missing.length) {
      const lost = missing.filter((seat) => !inserted.some((r) => r.seat === seat))
      throw new BookingConflict(1, `Der Sitzplatz ${lost.join(', ')} wurde inzwischen vergeben. Bitte wählen Sie einen anderen Platz.`)
    }
  }
  await options.insideTransaction?.()
  return { bookingNumber, gesamtpreis: pricing.gesamtpreis }
}
