// The office changes a booking (DESIGN 11, issue 25 item 4): in one transaction, with the booking
// locked, the stored booking becomes a draft again, the change is applied, the public booking's
// step rules and its one price function judge the result, a seat moves under the same unique seat
// constraint as every booking, the open instalments take a price difference, the audit log gets
// the before and after, and the customer's new confirmation goes into the outbox. Without
// `expectedTotal` nothing is written: the office sees the new price first and confirms it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { MOBILITY_AIDS, bookingDraftSchema } from '~/lib/booking/draft'
import type { BookingDraft, Participant } from '~/lib/booking/draft'
import { priceBooking, priceLineSchema } from '~/lib/booking/price'
import type { PriceLine } from '~/lib/booking/price'
import { ROOM_TYPES } from '~/lib/booking/offer'
import type { BookingOffer } from '~/lib/booking/offer'
import { stepIssues, travellerLabel } from '~/lib/booking/steps'
import { boardingLabel } from '~/lib/booking/summary'
import type { StepIssue } from '~/lib/booking/steps'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import type { PaymentKind } from '~/lib/booking/summary'
import { bookedTerms } from '~/lib/booking/trip-terms'
import { todayInBerlin } from '~/lib/calendar'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { applyBookingChange, dueAfterChange, isFeeLine, issuesOfChange, repriced, rescheduled, sumOf } from '~/lib/office/booking-changes'
import type { BookingChange, DateChange, DraftChange, Instalment } from '~/lib/office/booking-changes'
import { REBOOKING_DATE_CLOSED, REBOOKING_NO_PLACES, REBOOKING_SEATS_GONE, REBOOKING_OTHER_TRIP, REBOOKING_SAME_DATE, onNewDeparture, rebookingFeeLine, rebookingTooLate, seatsOnNewDate } from '~/lib/office/rebooking'
import type { AuditAction, AuditActor } from '~/lib/office/audit'
import type { Database } from '../db/database.server'
import { bookingParticipants, bookings, paymentEntries, payments, seatReservations, sepaDebits, tripDates } from '../db/schema'
import { closedReason, loadOffer, seatStates } from '../services/booking/offer.server'
import { holdLapsed } from '../services/booking/seat-reservation.server'
import { sendConfirmation } from '../services/booking/confirmation.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { audit } from './audit.server'
import type { StaffMember } from './staff.server'

export type ChangeResult =
  /** `change`: the change as priced (a change of date with the seats it proposes), to be sent again to save it. */
  | { kind: 'preview'; previous: number; gesamtpreis: number; lines: PriceLine[]; details: string[]; change: BookingChange }
  | { kind: 'changed'; previous: number; gesamtpreis: number; version: number }
  | { kind: 'refused'; message: string; field?: string }
  /** The booking was changed since the office read it (another tab, a colleague): nothing written. */
  | { kind: 'stale'; message: string; version: number }

export const STALE_MESSAGE =
  'Diese Buchung wurde inzwischen geändert (zum Beispiel in einem anderen Fenster). Die Seite zeigt jetzt den aktuellen Stand; bitte prüfen Sie Ihre Änderung daran erneut.'
export const PRICE_MOVED_MESSAGE = 'Der neue Preis hat sich seit Ihrer Prüfung geändert. Bitte prüfen Sie die Änderung erneut.'
export const NOTHING_CHANGED_MESSAGE = 'Die Angaben sind dieselben wie bisher: Es gibt nichts zu ändern.'
export const CANCELLED_MESSAGE = 'Diese Buchung ist storniert und kann nicht mehr geändert werden.'

/** Thrown to roll the transaction back with a message for the office. */
class Refused extends Error {
  constructor(
    message: string,
    /** The field of the change form the message is about ('email' …), when it is about one. */
    readonly field?: string,
  ) {
    super(message)
  }
}

const roomsSchema = z.array(z.object({ type: z.enum(ROOM_TYPES) }))
const vouchersSchema = z.catch(z.array(z.object({ einloesecode: z.string(), value: z.number() })), [])
const contactSchema = z.record(z.string(), z.unknown())

type ParticipantRow = typeof bookingParticipants.$inferSelect

/** The stored booking as the draft it was booked from (payment details left out: no change touches them). */
export function draftOfBooking(
  booking: { rooms: unknown; contact: unknown; bookingServices: { id: number }[]; paymentMethod: string; channel: string },
  people: readonly ParticipantRow[],
): BookingDraft {
  const contact = contactSchema.parse(booking.contact)
  const text = (key: string) => (typeof contact[key] === 'string' ? contact[key] : '')
  const rooms = roomsSchema.parse(booking.rooms).map((room, roomIndex) => ({
    type: room.type,
    teilnehmer: people
      .filter((p) => p.roomIndex === roomIndex)
      .map(
        (p): Participant => ({
          firstname: p.firstname,
          lastname: p.lastname,
          showName: `${p.firstname} ${p.lastname}`,
          street: p.buchender ? text('street') : '',
          street_nr: p.buchender ? text('street_nr') : '',
          zip: p.buchender ? text('zip') : '',
          city: p.buchender ? text('city') : '',
          tel: p.buchender ? text('tel') : '',
          email: p.buchender ? text('email') : '',
          buchender: p.buchender,
          seat: p.seat,
          boarding: p.boardingPointId !== null ? { kind: 'point', boardingPointId: p.boardingPointId } : p.transferZip ? { kind: 'transfer', zip: p.transferZip } : null,
          insurance: z.array(z.object({ id: z.number() })).parse(p.insurance),
          services: z.array(z.object({ id: z.number() })).parse(p.services),
          mobility: z.catch(z.enum(MOBILITY_AIDS), 'keine').parse(p.mobility),
          price_per_person: p.price,
        }),
      ),
  }))
  return bookingDraftSchema.parse({
    allRooms: rooms,
    bookingServices: booking.bookingServices,
    payment: { method: booking.paymentMethod === 'lastschrift' ? 'lastschrift' : 'ueberweisung' },
    // A phone booking keeps the phone's rules (a caller may have no e-mail address).
    telefon: booking.channel === 'phone',
  })
}

const allIssues = (offer: BookingOffer, draft: BookingDraft): StepIssue[] => [1, 2, 3].flatMap((s) => stepIssues(s as 1 | 2 | 3, offer, draft))

const ACTIONS: Record<DraftChange['kind'], AuditAction> = {
  traveller: 'booking.traveller',
  contact: 'booking.contact',
  boarding: 'booking.boarding',
  seat: 'booking.seat',
  services: 'booking.services',
  insurance: 'booking.insurance',
}

/** What the change touched, before or after, for the audit log: only its fields, in words (names of boarding points and add-ons). */
function touched(change: DraftChange, draft: BookingDraft, offer: BookingOffer): Record<string, unknown> {
  const serviceNames = (chosen: readonly { id: number }[]) => chosen.map(({ id }) => offer.services.find((s) => s.id === id)?.name ?? `Leistung ${id}`)
  if (change.kind === 'services' && change.traveller === null) return { bookingServices: serviceNames(draft.bookingServices) }
  const people = draft.allRooms.flatMap((r) => r.teilnehmer)
  const p = change.kind === 'contact' ? people.find((t) => t.buchender) : people[change.traveller ?? -1]
  if (!p) return {}
  const who = change.kind === 'contact' ? {} : { traveller: change.traveller }
  switch (change.kind) {
    case 'traveller':
      return { ...who, firstname: p.firstname, lastname: p.lastname }
    case 'contact':
      return { street: p.street, street_nr: p.street_nr, zip: p.zip, city: p.city, email: p.email, tel: p.tel }
    case 'boarding': {
      const point = p.boarding?.kind === 'point' ? offer.boardingPoints.find((b) => b.id === (p.boarding as { boardingPointId: number }).boardingPointId) : undefined
      const boarding = point
        ? boardingLabel({ kind: 'point', name: point.name, address: '', departureTime: point.departureTime })
        : p.boarding?.kind === 'transfer'
          ? boardingLabel({ kind: 'transfer', zip: p.boarding.zip })
          : null
      return { ...who, boarding }
    }
    case 'seat':
      return { ...who, seat: p.seat }
    case 'services':
      return { ...who, services: serviceNames(p.services) }
    case 'insurance':
      return { ...who, insurance: offer.insuranceOffers.find((i) => i.id === p.insurance[0]?.id)?.name ?? null }
  }
}

export type ChangeOptions = {
  /** The booking's version the office saw (`documentVersion`): a change made on an older one is refused. */
  version: number
  /** The total the office saw in the preview; without it the change is only priced. */
  expectedTotal?: number
  /** Send the customer the new confirmation (default true). */
  notify?: boolean
  settings: BookingSettings
  origin: string
  now?: Date
}

type BookingRow = typeof bookings.$inferSelect
type PaymentRow = typeof payments.$inferSelect

/** What the change comes to, before anything is written. */
type Planned = {
  offer: BookingOffer
  travellers: Participant[]
  bookingServices: { id: number }[]
  lines: PriceLine[]
  gesamtpreis: number
  perPerson: number[] | null
  /** The instalments with their new amounts and due days. */
  plan: Instalment[]
  /** The seats to take and free, under the unique seat constraint. */
  moveSeats: () => Promise<void>
  audit: { action: AuditAction; before: Record<string, unknown>; after: Record<string, unknown> }
  /** What the office reads in the preview besides the price. */
  details: string[]
  /** The change as priced, when the server completed it (the seats of a change of date). */
  change?: BookingChange
}

/** Changes the booking, or (without expectedTotal) says what the change would cost; null: no such booking. */
export async function changeBooking(
  db: Database,
  bookingNumber: string,
  change: BookingChange,
  actor: AuditActor,
  options: ChangeOptions,
): Promise<ChangeResult | null> {
  const now = options.now ?? new Date()
  try {
    return await db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.bookingNumber, bookingNumber)).for('update')
      if (!booking) return null
      if (booking.status === 'cancelled') throw new Refused(CANCELLED_MESSAGE)
      if (booking.documentVersion !== options.version) return { kind: 'stale', message: STALE_MESSAGE, version: booking.documentVersion }
      const [people, offer, instalments] = await Promise.all([
        tx.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id)).orderBy(asc(bookingParticipants.id)),
        loadOffer(tx, booking.tripDateId),
        tx.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.dueDate), asc(payments.id)),
      ])
      if (!offer) throw new Refused('Der Termin dieser Buchung ist nicht mehr im Katalog.')
      const input = { tx, booking, people, offer, instalments, settings: options.settings, now }
      const planned = change.kind === 'date' ? await planDateChange(input, change) : planDraftChange(input, change)
      const previous = booking.gesamtpreis
      const moved = planned.plan.filter((p, i) => p.amount !== instalments[i]?.amount || p.dueDate !== instalments[i]?.dueDate)
      if (moved.length && (await debitPending(tx, moved.map((p) => p.id)))) throw new Refused(DEBIT_PENDING_MESSAGE)
      if (options.expectedTotal === undefined) {
        return { kind: 'preview', previous, gesamtpreis: planned.gesamtpreis, lines: planned.lines, details: planned.details, change: planned.change ?? change }
      }
      if (options.expectedTotal !== planned.gesamtpreis) throw new Refused(PRICE_MOVED_MESSAGE)

      await planned.moveSeats()
      const booker = planned.travellers.find((p) => p.buchender)
      const version = booking.documentVersion + 1
      await Promise.all([
        ...people.map((row, i) => {
          const p = planned.travellers[i]
          if (!p) throw new Error('traveller count changed')
          return tx
            .update(bookingParticipants)
            .set({
              firstname: p.firstname,
              lastname: p.lastname,
              ...(row.buchender ? { street: p.street, streetNr: p.street_nr, zip: p.zip, city: p.city, tel: p.tel, email: p.email } : {}),
              seat: p.seat,
              boardingPointId: p.boarding?.kind === 'point' ? p.boarding.boardingPointId : null,
              transferZip: p.boarding?.kind === 'transfer' ? p.boarding.zip : null,
              services: p.services,
              insurance: p.insurance,
              price: planned.perPerson?.[i] ?? row.price,
            })
            .where(eq(bookingParticipants.id, row.id))
        }),
        tx
          .update(bookings)
          .set({
            tripDateId: planned.offer.tripDateId,
            contact: booker
              ? { firstname: booker.firstname, lastname: booker.lastname, street: booker.street, street_nr: booker.street_nr, zip: booker.zip, city: booker.city, email: booker.email, tel: booker.tel }
              : booking.contact,
            priceLines: planned.lines,
            gesamtpreis: planned.gesamtpreis,
            bookingServices: planned.bookingServices,
            documentVersion: version,
          })
          .where(eq(bookings.id, booking.id)),
        ...moved.map((p) => tx.update(payments).set({ amount: p.amount, dueDate: p.dueDate }).where(eq(payments.id, p.id))),
        audit(
          tx,
          actor,
          {
            action: planned.audit.action,
            booking,
            before: { ...planned.audit.before, gesamtpreis: previous },
            after: { ...planned.audit.after, gesamtpreis: planned.gesamtpreis },
          },
          now,
        ),
      ])
      if (options.notify !== false) {
        await sendConfirmation(tx, booking.id, bookingNumber, options.settings, options.origin, { changed: true })
      }
      return { kind: 'changed', previous, gesamtpreis: planned.gesamtpreis, version }
    })
  } catch (error) {
    if (error instanceof Refused) return { kind: 'refused', message: error.message, ...(error.field ? { field: error.field } : {}) }
    throw error
  }
}

export const DEBIT_PENDING_MESSAGE =
  'Für eine Rate, die diese Änderung betrifft, ist eine Lastschrift angekündigt und noch nicht eingezogen. Bitte ändern Sie die Buchung, wenn die Lastschrift als eingezogen oder zurückgegeben erfasst ist.'

/** Whether one of these instalments has a debit announced or in a file, neither collected nor returned: its amount and day are promised. */
async function debitPending(tx: Database, paymentIds: number[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: sepaDebits.id })
    .from(sepaDebits)
    .where(and(inArray(sepaDebits.paymentId, paymentIds), sql`not exists (select 1 from ${paymentEntries} e where e.sepa_debit_id = ${sepaDebits.id})`))
    .limit(1)
  return row !== undefined
}

type PlanInput = {
  tx: Database
  booking: BookingRow
  people: ParticipantRow[]
  offer: BookingOffer
  instalments: PaymentRow[]
  settings: BookingSettings
  now: Date
}

const instalmentsOf = (rows: readonly PaymentRow[]) => rows.map((i) => ({ id: i.id, kind: i.kind, amount: i.amount, paid: i.status === 'paid', dueDate: i.dueDate }))
const travellersOf = (draft: BookingDraft) => draft.allRooms.flatMap((r) => r.teilnehmer)

/** A change of the booking's own draft on its date: judged by the step rules, priced by the one price function. */
function planDraftChange({ tx, booking, people, offer, instalments, now }: PlanInput, change: DraftChange): Planned {
  if (change.kind === 'seat' && !offer.seatPlan) throw new Refused('Für diesen Termin gibt es keinen Sitzplan.')
  const before = draftOfBooking(booking, people)
  const after = applyBookingChange(before, change)
  if ('refused' in after) throw new Refused(after.refused)
  const broken = issuesOfChange(allIssues(offer, before), allIssues(offer, after))
  // What the rules say about a Haustürtransfer is about its postcode, the field the form has for it.
  const field = change.kind === 'boarding' && change.boarding.kind === 'transfer' ? 'zip' : broken[0]?.path.split('.').at(-1)
  if (broken[0]) throw new Refused(broken[0].message, field)

  const vouchers = vouchersSchema.parse(booking.vouchers)
  const old = change.kind === 'traveller' ? travellersOf(before)[change.traveller] : undefined
  const priced = repriced(
    { lines: z.array(priceLineSchema).parse(booking.priceLines), gesamtpreis: booking.gesamtpreis },
    priceBooking(offer, before, vouchers),
    priceBooking(offer, after, vouchers),
    old && change.kind === 'traveller' ? { from: travellerLabel(old, change.traveller), to: travellerLabel(change, change.traveller) } : null,
  )
  if ('refused' in priced) throw new Refused(priced.refused)
  const touchedBefore = touched(change, before, offer)
  const touchedAfter = touched(change, after, offer)
  if (JSON.stringify(touchedBefore) === JSON.stringify(touchedAfter)) throw new Refused(NOTHING_CHANGED_MESSAGE)
  const plan = rescheduled(instalmentsOf(instalments), priced.gesamtpreis - booking.gesamtpreis, dueAfterChange(todayInBerlin(now), offer.dateFrom))
  return {
    offer,
    travellers: travellersOf(after),
    bookingServices: after.bookingServices,
    lines: priced.lines,
    gesamtpreis: priced.gesamtpreis,
    perPerson: priced.perPerson,
    plan,
    moveSeats: () =>
      change.kind === 'seat' ? moveSeat(tx, booking.id, booking.tripDateId, people[change.traveller]?.seat ?? null, change.seat, now) : Promise.resolve(),
    audit: { action: ACTIONS[change.kind], before: touchedBefore, after: touchedAfter },
    details: [],
  }
}

/**
 * A change of date (Umbuchung): the same travellers, rooms, boarding points and add-ons on another
 * date of the trip, at that date's prices, plus the rebooking fee of the booked conditions per
 * traveller; each keeps their seat where it is free on the new date, the others get the first
 * free ones. Only up to the first tier of the cancellation scale, only onto a date open for
 * booking with room for everyone (checked under the new date's lock, as a booking is).
 */
async function planDateChange({ tx, booking, people, offer, instalments, settings, now }: PlanInput, change: DateChange): Promise<Planned> {
  const { tripDateId } = change
  const today = todayInBerlin(now)
  const terms = bookedTerms(booking.tripTerms, offer.terms)
  const late = rebookingTooLate(terms.cancellationScale, offer.dateFrom, today)
  if (late) throw new Refused(late)
  if (tripDateId === booking.tripDateId) throw new Refused(REBOOKING_SAME_DATE)
  // The new date's lock: a booking of that date waits for this change, and this one for it.
  const [locked] = await tx.select({ capacity: tripDates.capacity }).from(tripDates).where(eq(tripDates.id, tripDateId)).for('update')
  const target = locked ? await loadOffer(tx, tripDateId) : null
  if (!target || target.tripId !== offer.tripId) throw new Refused(REBOOKING_OTHER_TRIP)
  if (closedReason(target, today)) throw new Refused(REBOOKING_DATE_CLOSED)
  const [taken] = await tx
    .select({ places: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(eq(bookings.tripDateId, tripDateId))
  if ((taken?.places ?? 0) + booking.places > (locked?.capacity ?? 0)) throw new Refused(REBOOKING_NO_PLACES)

  const before = draftOfBooking(booking, people)
  let seats: (string | null)[] = people.map(() => null)
  if (target.seatPlan) {
    const states = await seatStates(tx, target, null, now)
    const free = Object.keys(states).filter((seat) => states[seat] === 'free')
    // The seats of the preview, when the office confirms it: exactly those, or a new check.
    const confirmed = change.seats
    if (confirmed && (confirmed.length !== people.length || confirmed.some((s) => s === null || !free.includes(s)) || new Set(confirmed).size !== confirmed.length)) {
      throw new Refused(REBOOKING_SEATS_GONE)
    }
    const chosen = confirmed ?? seatsOnNewDate(people.map((p) => p.seat), free)
    if (!chosen) throw new Refused(REBOOKING_NO_PLACES)
    seats = chosen
  }
  let index = 0
  const after: BookingDraft = {
    ...before,
    allRooms: before.allRooms.map((room) => ({ ...room, teilnehmer: room.teilnehmer.map((p) => ({ ...p, seat: seats[index++] ?? null })) })),
  }
  const broken = allIssues(target, after).filter((i) => !i.path.startsWith('payment'))
  if (broken[0]) throw new Refused(`Auf dem neuen Termin nicht möglich: ${broken[0].message}`)

  const pricing = priceBooking(target, after, vouchersSchema.parse(booking.vouchers))
  const earlierFees = z.array(priceLineSchema).parse(booking.priceLines).filter(isFeeLine)
  const fee = terms.rebookingFee > 0 ? [rebookingFeeLine(terms.rebookingFee, people.length, offer.dateFrom, target.dateFrom)] : []
  const lines = [...pricing.lines, ...earlierFees, ...fee]
  const gesamtpreis = pricing.gesamtpreis + sumOf(earlierFees) + sumOf(fee)
  const earliest = dueAfterChange(today, target.dateFrom)
  const moved = onNewDeparture(instalmentsOf(instalments), target.dateFrom, settings.terms.balanceDays, earliest)
  const plan = rescheduled(moved, gesamtpreis - booking.gesamtpreis, earliest)
  const dateText = (o: BookingOffer) => formatDateRange(o.dateFrom, o.dateTill)
  const seatText = (list: readonly (string | null)[]) => (list.some(Boolean) ? list.map((s) => s ?? '–').join(', ') : null)
  return {
    change: { kind: 'date', tripDateId, ...(target.seatPlan ? { seats } : {}) },
    offer: target,
    travellers: travellersOf(after),
    bookingServices: after.bookingServices,
    lines,
    gesamtpreis,
    perPerson: pricing.perPerson,
    plan,
    moveSeats: () => moveAllSeats(tx, booking.id, booking.tripDateId, target.tripDateId, seats, now),
    audit: {
      action: 'booking.date',
      before: { date: dateText(offer), seats: seatText(people.map((p) => p.seat)) },
      after: { date: dateText(target), seats: seatText(seats), fee: sumOf(fee) },
    },
    details: [
      `Neuer Termin: ${dateText(target)} (bisher ${dateText(offer)})`,
      ...(target.seatPlan ? [`Sitzplätze auf dem neuen Termin: ${seatText(seats)}`] : []),
      ...fee.map((l) => `${l.label}: ${l.quantity} × ${formatPrice(l.unitPrice)} = ${formatPrice(l.amount)}`),
      ...plan.filter((p) => !p.paid && p.amount > 0).map((p) => `${PAYMENT_KIND_LABELS[p.kind as PaymentKind] ?? 'Rate'} ${formatPrice(p.amount)} fällig am ${formatDate(p.dueDate)}`),
    ],
  }
}

/** The booking's seats leave the old date and are taken on the new one under the unique seat constraint. */
async function moveAllSeats(tx: Database, bookingId: number, from: number, to: number, seats: readonly (string | null)[], now: Date): Promise<void> {
  await tx.delete(seatReservations).where(and(eq(seatReservations.tripDateId, from), eq(seatReservations.bookingId, bookingId)))
  const wanted = seats.filter((s): s is string => s !== null)
  if (wanted.length === 0) return
  await tx.delete(seatReservations).where(and(eq(seatReservations.tripDateId, to), inArray(seatReservations.seat, wanted), holdLapsed(now)))
  const taken = await tx
    .insert(seatReservations)
    .values(wanted.map((seat) => ({ tripDateId: to, seat, bookingId })))
    .onConflictDoNothing()
    .returning({ seat: seatReservations.seat })
  if (taken.length !== wanted.length) throw new Refused(REBOOKING_SEATS_GONE)
}

/**
 * The traveller's seat moves: the new seat is taken under the unique seat constraint (a seat held
 * or booked by anyone else refuses, as it does for a customer; a lapsed hold gives way), then the
 * old one is freed.
 */
async function moveSeat(tx: Database, bookingId: number, tripDateId: number, from: string | null, to: string, now: Date): Promise<void> {
  if (from === to) return
  await tx.execute(sql`delete from seat_reservations where trip_date_id = ${tripDateId} and seat = ${to} and ${holdLapsed(now)}`)
  const taken = await tx.insert(seatReservations).values({ tripDateId, seat: to, bookingId }).onConflictDoNothing().returning({ id: seatReservations.id })
  if (taken.length === 0) throw new Refused(`Der Sitzplatz ${to} ist bereits vergeben. Bitte wählen Sie einen anderen Platz.`)
  if (from !== null) {
    await tx.delete(seatReservations).where(and(eq(seatReservations.tripDateId, tripDateId), eq(seatReservations.seat, from), eq(seatReservations.bookingId, bookingId)))
  }
}

/** The confirmation once more, as the booking is now (the office's "Bestätigung erneut senden"). */
export async function resendConfirmation(
  db: Database,
  bookingNumber: string,
  staff: Pick<StaffMember, 'id' | 'name'>,
  options: Pick<ChangeOptions, 'settings' | 'origin' | 'now'>,
): Promise<{ to: string } | null> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, bookingNumber: bookings.bookingNumber, version: bookings.documentVersion })
      .from(bookings)
      .where(eq(bookings.bookingNumber, bookingNumber))
    if (!booking) return null
    const to = await sendConfirmation(tx, booking.id, bookingNumber, options.settings, options.origin, { changed: booking.version > 1 })
    // No address (a caller on the phone): nothing was sent, the office prints it.
    if (!to) return { to }
    await audit(tx, { kind: 'staff', id: staff.id, name: staff.name }, { action: 'booking.confirmation', booking, after: { version: booking.version } }, options.now)
    return { to }
  })
}

/** An internal note on the booking: an entry of its timeline, like every other (never changed, never deleted). */
export async function addBookingNote(db: Database, bookingNumber: string, author: AuditActor, note: string, now?: Date): Promise<boolean> {
  const [booking] = await db.select({ id: bookings.id, bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.bookingNumber, bookingNumber))
  if (!booking) return false
  await audit(db, author, { action: 'booking.note', booking, after: { note } }, now)
  return true
}
