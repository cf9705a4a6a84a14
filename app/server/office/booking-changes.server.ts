// The office changes a booking (DESIGN 11, issue 25 item 4): in one transaction, with the booking
// locked, the stored booking becomes a draft again, the change is applied, the public booking's
// step rules and its one price function judge the result, a seat moves under the same unique seat
// constraint as every booking, the open instalments take a price difference, the audit log gets
// the before and after, and the customer's new confirmation goes into the outbox. Without
// `expectedTotal` nothing is written: the office sees the new price first and confirms it.
import { and, asc, eq, sql } from 'drizzle-orm'
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
import { applyBookingChange, issuesOfChange, repriced, rescheduled } from '~/lib/office/booking-changes'
import type { BookingChange } from '~/lib/office/booking-changes'
import type { AuditAction } from '~/lib/office/audit'
import type { Database } from '../db/client.server'
import { bookingParticipants, bookings, payments, seatReservations } from '../db/schema'
import { loadOffer } from '../services/booking/offer.server'
import { holdLapsed } from '../services/booking/seat-reservation.server'
import { sendConfirmation } from '../services/booking/confirmation.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { audit } from './audit.server'
import type { StaffMember } from './staff.server'

export type ChangeResult =
  | { kind: 'preview'; previous: number; gesamtpreis: number; lines: PriceLine[] }
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

const ACTIONS: Record<BookingChange['kind'], AuditAction> = {
  traveller: 'booking.traveller',
  contact: 'booking.contact',
  boarding: 'booking.boarding',
  seat: 'booking.seat',
  services: 'booking.services',
}

/** What the change touched, before or after, for the audit log: only its fields, in words (names of boarding points and add-ons). */
function touched(change: BookingChange, draft: BookingDraft, offer: BookingOffer): Record<string, unknown> {
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

/** Changes the booking, or (without expectedTotal) says what the change would cost; null: no such booking. */
export async function changeBooking(
  db: Database,
  bookingNumber: string,
  change: BookingChange,
  staff: Pick<StaffMember, 'id' | 'name'>,
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
      if (change.kind === 'seat' && !offer.seatPlan) throw new Refused('Für diesen Termin gibt es keinen Sitzplan.')

      const before = draftOfBooking(booking, people)
      const after = applyBookingChange(before, change)
      if ('refused' in after) throw new Refused(after.refused)
      const broken = issuesOfChange(allIssues(offer, before), allIssues(offer, after))
      if (broken[0]) throw new Refused(broken[0].message, broken[0].path.split('.').at(-1))

      const vouchers = vouchersSchema.parse(booking.vouchers)
      const old = change.kind === 'traveller' ? before.allRooms.flatMap((r) => r.teilnehmer)[change.traveller] : undefined
      const priced = repriced(
        { lines: z.array(priceLineSchema).parse(booking.priceLines), gesamtpreis: booking.gesamtpreis },
        priceBooking(offer, before, vouchers),
        priceBooking(offer, after, vouchers),
        old && change.kind === 'traveller'
          ? { from: travellerLabel(old, change.traveller), to: travellerLabel(change, change.traveller) }
          : null,
      )
      if ('refused' in priced) throw new Refused(priced.refused)
      const previous = booking.gesamtpreis
      if (JSON.stringify(touched(change, before, offer)) === JSON.stringify(touched(change, after, offer))) throw new Refused(NOTHING_CHANGED_MESSAGE)
      // What the instalments cannot take is said at the check already, not only at the save.
      const plan = rescheduled(
        instalments.map((i) => ({ id: i.id, amount: i.amount, paid: i.status === 'paid' })),
        priced.gesamtpreis - previous,
      )
      if ('refused' in plan) throw new Refused(plan.refused)
      if (options.expectedTotal === undefined) return { kind: 'preview', previous, gesamtpreis: priced.gesamtpreis, lines: priced.lines }
      if (options.expectedTotal !== priced.gesamtpreis) throw new Refused(PRICE_MOVED_MESSAGE)

      if (change.kind === 'seat') await moveSeat(tx, booking.id, booking.tripDateId, people[change.traveller]?.seat ?? null, change.seat, now)

      const travellersAfter = after.allRooms.flatMap((r) => r.teilnehmer)
      const booker = travellersAfter.find((p) => p.buchender)
      const version = booking.documentVersion + 1
      await Promise.all([
        ...people.map((row, i) => {
          const p = travellersAfter[i]
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
              price: priced.perPerson?.[i] ?? row.price,
            })
            .where(eq(bookingParticipants.id, row.id))
        }),
        tx
          .update(bookings)
          .set({
            contact: booker
              ? { firstname: booker.firstname, lastname: booker.lastname, street: booker.street, street_nr: booker.street_nr, zip: booker.zip, city: booker.city, email: booker.email, tel: booker.tel }
              : booking.contact,
            priceLines: priced.lines,
            gesamtpreis: priced.gesamtpreis,
            bookingServices: after.bookingServices,
            documentVersion: version,
          })
          .where(eq(bookings.id, booking.id)),
        ...plan
          .filter((p, i) => p.amount !== instalments[i]?.amount)
          .map((p) => tx.update(payments).set({ amount: p.amount }).where(eq(payments.id, p.id))),
        audit(
          tx,
          { kind: 'staff', id: staff.id, name: staff.name },
          {
            action: ACTIONS[change.kind],
            booking,
            before: { ...touched(change, before, offer), gesamtpreis: previous },
            after: { ...touched(change, after, offer), gesamtpreis: priced.gesamtpreis },
          },
          now,
        ),
      ])
      if (options.notify !== false) {
        await sendConfirmation(tx, booking.id, bookingNumber, options.settings, options.origin, { changed: true })
      }
      return { kind: 'changed', previous, gesamtpreis: priced.gesamtpreis, version }
    })
  } catch (error) {
    if (error instanceof Refused) return { kind: 'refused', message: error.message, ...(error.field ? { field: error.field } : {}) }
    throw error
  }
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
export async function addBookingNote(db: Database, bookingNumber: string, staff: Pick<StaffMember, 'id' | 'name'>, note: string, now?: Date): Promise<boolean> {
  const [booking] = await db.select({ id: bookings.id, bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.bookingNumber, bookingNumber))
  if (!booking) return false
  await audit(db, { kind: 'staff', id: staff.id, name: staff.name }, { action: 'booking.note', booking, after: { note } }, now)
  return true
}
