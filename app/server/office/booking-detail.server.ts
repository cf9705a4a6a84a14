// One booking as the office sees it (issue 25, item 4): travellers with rooms, seats, boarding,
// add-ons and insurance, every price line, the payment plan, the agency or staff member who booked
// it, the consent with its time, every mail sent for it, and its timeline from the audit log; with
// what the change forms may offer (the trip's boarding points and add-ons, the seats still free).
import { asc, desc, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { boardingLabel } from '~/lib/booking/summary'
import { MOBILITY_AIDS, MOBILITY_LABELS } from '~/lib/booking/draft'
import { ROOM_LABELS, ROOM_TYPES } from '~/lib/booking/offer'
import type { BookingOffer } from '~/lib/booking/offer'
import { bookedTerms } from '~/lib/booking/trip-terms'
import { rebookingLastDay, rebookingTooLate } from '~/lib/office/rebooking'
import { priceLineSchema } from '~/lib/booking/price'
import type { PriceLine } from '~/lib/booking/price'
import { todayInBerlin } from '~/lib/calendar'
import type { BookingChannel, BookingStatus, PaymentState } from '~/lib/office/booking-list'
import { owedAmount } from '~/lib/office/ledger'
import type { Database } from '../db/database.server'
import { agencies, bookingParticipants, bookings, invoices, mailOutbox, payments, staffUsers, tripDates, trips } from '../db/schema'
import type { InvoiceKind, PaymentKind } from '../db/schema'
import { loadOffer, seatStates } from '../services/booking/offer.server'
import { bookingTimeline } from './audit.server'
import type { AuditEntryView } from './audit.server'
import { paymentStateOn } from './booking-list.server'
import { ledgerEntries } from './ledger.server'
import { bookingDebits } from './sepa-debits.server'
import type { DebitView } from './sepa-debits.server'
import type { LedgerEntryView } from './ledger.server'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export type OfficeTraveller = {
  index: number
  room: string
  firstname: string
  lastname: string
  booker: boolean
  seat: string | null
  boarding: string
  boardingPointId: number | null
  transferZip: string | null
  serviceIds: number[]
  services: string[]
  insurance: string | null
  mobility: string
  price: number
}

export type OfficeBooking = {
  bookingNumber: string
  status: BookingStatus
  channel: BookingChannel
  bookedAt: string
  consentedAt: string | null
  bookedByStaff: string | null
  agency: { name: string; email: string | null; phone: string | null } | null
  version: number
  trip: { title: string; tripId: number; tripDateId: number; dateFrom: string; dateTill: string }
  contact: { firstname: string; lastname: string; street: string; street_nr: string; zip: string; city: string; email: string; tel: string }
  travellers: OfficeTraveller[]
  lines: PriceLine[]
  gesamtpreis: number
  paymentMethod: string
  payments: { kind: PaymentKind; amount: number; dueDate: string; status: string; paidAt: string | null }[]
  /** The money: what is owed (the price, or a cancelled booking's fee), in, refunded, and each entry. */
  ledger: { owed: number; paid: number; refunded: number; state: PaymentState | null; entries: LedgerEntryView[] }
  /** Its SEPA direct debits (issue 26, item 3): a collected one can be recorded as returned. */
  debits: DebitView[]
  /** A change of date: the last day for it and the fee per traveller of the booked conditions; `tooLate` says why no longer. */
  rebooking: { lastDay: string; feePerPerson: number; tooLate: string | null }
  /** Its invoices, oldest first: each version of the confirmation, a cancellation invoice (issue 26, item 6). */
  invoices: { number: string; kind: InvoiceKind; version: number; amount: number; issuedAt: string }[]
  mails: { id: number; to: string; subject: string; status: string; createdAt: string; sentAt: string | null }[]
  history: AuditEntryView[]
  choices: {
    boardingPoints: { id: number; label: string }[]
    /** Whether Haustürtransfer is offered (zones exist). */
    transfer: boolean
    personServices: { id: number; name: string; price: number }[]
    bookingServices: { id: number; name: string; price: number }[]
    chosenBookingServices: number[]
    /** The seats nobody holds or has booked; null without a seat plan. */
    freeSeats: string[] | null
  }
}

const text = z.catch(z.string(), '')
const contactSchema = z.object({
  firstname: text,
  lastname: text,
  street: text,
  street_nr: text,
  zip: text,
  city: text,
  email: text,
  tel: text,
})
const ids = z.catch(z.array(z.object({ id: z.number() })), [])

/** The booking with this number as the office sees it, or null. */
export async function bookingDetail(db: Database, bookingNumber: string, now = new Date()): Promise<OfficeBooking | null> {
  const [row] = await db
    .select({
      booking: bookings,
      trip: { title: trips.title, tripId: trips.id, dateFrom: tripDates.dateFrom, dateTill: tripDates.dateTill },
      agency: { name: agencies.name, email: agencies.email, phone: agencies.phone },
      staffName: staffUsers.name,
      paymentState: paymentStateOn(todayInBerlin(now)),
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(staffUsers, eq(staffUsers.id, bookings.bookedByStaff))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .limit(1)
  if (!row) return null
  const { booking } = row
  const [people, plan, mails, history, offer, entries, debits, issued] = await Promise.all([
    db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id)).orderBy(asc(bookingParticipants.id)),
    db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.dueDate), asc(payments.id)),
    db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.bookingId, booking.id))
      .orderBy(desc(mailOutbox.id)),
    bookingTimeline(db, booking.id),
    loadOffer(db, booking.tripDateId),
    ledgerEntries(db, booking.id),
    bookingDebits(db, booking.id),
    db
      .select({ number: invoices.number, kind: invoices.kind, version: invoices.version, amount: invoices.amount, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.bookingId, booking.id))
      .orderBy(asc(invoices.seq)),
  ])
  const rooms = z.catch(z.array(z.object({ type: z.enum(ROOM_TYPES) })), []).parse(booking.rooms)
  const points = new Map((offer?.boardingPoints ?? []).map((p) => [p.id, p]))
  const services = new Map((offer?.services ?? []).map((s) => [s.id, s]))
  const insurances = new Map((offer?.insuranceOffers ?? []).map((i) => [i.id, i]))
  const states = offer ? await seatStates(db, offer, null, now) : {}

  return {
    bookingNumber: booking.bookingNumber,
    status: booking.status === 'cancelled' ? 'cancelled' : 'received',
    channel: booking.channel,
    bookedAt: booking.createdAt.toISOString(),
    consentedAt: iso(booking.consentedAt),
    bookedByStaff: row.staffName,
    agency: row.agency,
    version: booking.documentVersion,
    trip: { ...row.trip, tripDateId: booking.tripDateId },
    contact: contactSchema.parse(booking.contact),
    travellers: people.map((p, index) => {
      const point = p.boardingPointId !== null ? points.get(p.boardingPointId) : undefined
      const roomType = rooms[p.roomIndex]?.type
      const serviceIds = ids.parse(p.services).map((s) => s.id)
      const insurance = ids.parse(p.insurance)[0]
      return {
        index,
        room: roomType ? `${ROOM_LABELS[roomType]} ${p.roomIndex + 1}` : '',
        firstname: p.firstname,
        lastname: p.lastname,
        booker: p.buchender,
        seat: p.seat,
        boarding: point
          ? boardingLabel({ kind: 'point', name: point.name, address: `${point.street}, ${point.zip} ${point.city}`, departureTime: point.departureTime })
          : p.transferZip
            ? boardingLabel({ kind: 'transfer', zip: p.transferZip })
            : '–',
        boardingPointId: p.boardingPointId,
        transferZip: p.transferZip,
        serviceIds,
        services: serviceIds.map((id) => services.get(id)?.name ?? `Leistung ${id}`),
        insurance: insurance ? (insurances.get(insurance.id)?.name ?? null) : null,
        mobility: MOBILITY_LABELS[z.catch(z.enum(MOBILITY_AIDS), 'keine').parse(p.mobility)],
        price: p.price,
      }
    }),
    lines: z.catch(z.array(priceLineSchema), []).parse(booking.priceLines),
    gesamtpreis: booking.gesamtpreis,
    paymentMethod: booking.paymentMethod,
    payments: plan.map((p) => ({ kind: p.kind, amount: p.amount, dueDate: p.dueDate, status: p.status, paidAt: iso(p.paidAt) })),
    ledger: {
      owed: owedAmount({ status: booking.status, price: booking.gesamtpreis, fee: booking.cancellationFee }),
      paid: booking.paidAmount,
      refunded: booking.refundedAmount,
      state: row.paymentState,
      entries,
    },
    debits,
    rebooking: rebookingOf(booking.tripTerms, offer, row.trip.dateFrom, todayInBerlin(now)),
    invoices: issued.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString() })),
    mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: iso(m.sentAt) })),
    history,
    choices: {
      boardingPoints: (offer?.boardingPoints ?? []).map((p) => ({
        id: p.id,
        label: boardingLabel({ kind: 'point', name: p.name, address: `${p.street}, ${p.zip} ${p.city}`, departureTime: p.departureTime }),
      })),
      transfer: (offer?.transferZones.length ?? 0) > 0,
      personServices: (offer?.services ?? []).filter((s) => s.per === 'person').map(({ id, name, price }) => ({ id, name, price })),
      bookingServices: (offer?.services ?? []).filter((s) => s.per === 'booking').map(({ id, name, price }) => ({ id, name, price })),
      chosenBookingServices: booking.bookingServices.map((s) => s.id),
      freeSeats: offer?.seatPlan ? Object.keys(states).filter((seat) => states[seat] === 'free') : null,
    },
  }
}

function rebookingOf(stored: unknown, offer: BookingOffer | null, dateFrom: string, today: string): OfficeBooking['rebooking'] {
  if (!offer) return { lastDay: dateFrom, feePerPerson: 0, tooLate: 'Der Termin dieser Buchung ist nicht mehr im Katalog.' }
  const terms = bookedTerms(stored, offer.terms)
  return {
    lastDay: rebookingLastDay(terms.cancellationScale, dateFrom),
    feePerPerson: terms.rebookingFee,
    tooLate: rebookingTooLate(terms.cancellationScale, dateFrom, today),
  }
}
