// A stored booking as the success page, the PDF and the confirmation mail show it, with its signed
// links. Nothing is priced again: the lines are the ones stored with the booking.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { PAYMENT_METHODS } from '~/lib/booking/draft'
import { ROOM_TYPES } from '~/lib/booking/offer'
import type { InsuranceOffer, TripContents } from '~/lib/booking/offer'
import { priceLineSchema } from '~/lib/booking/price'
import { tripTermsSchema } from '~/lib/booking/trip-terms'
import type { TripTerms } from '~/lib/booking/trip-terms'
import type { BookingSummary, PaymentKind } from '~/lib/booking/summary'
import { toEpochDay } from '~/lib/calendar'
import type { Database } from '../../db/database.server'
import { agencies, boardingPoints, bookingParticipants, bookings, invoices, payments, sepaMandates, tripBoardingPoints, tripDates, trips } from '../../db/schema'
import { confirmationLinkProof, paymentLinkData } from './links.server'
import { offerOf } from './offer.server'
import type { LinkSettings } from './settings.server'

const roomShape = z.object({ type: z.enum(ROOM_TYPES) })
const contactSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  street: z.string(),
  street_nr: z.string(),
  zip: z.string(),
  city: z.string(),
  email: z.string(),
  tel: z.string(),
})

/** A payment link stays usable until the end of the departure day. */
export function paymentLinkExpiry(dateFrom: string): number {
  return (toEpochDay(dateFrom) + 1) * 86_400
}

/** The confirmation link works until the end of this day (days since 1970): BOOKING_CONFIRMATION_LINK_DAYS after the return. */
export function confirmationLinkLastDay(dateTill: string, days: number): number {
  return toEpochDay(dateTill) + days
}

export function successPath(bookingNumber: string, links: LinkSettings, dateTill: string): string {
  const proof = confirmationLinkProof(links.linkSecret, bookingNumber, confirmationLinkLastDay(dateTill, links.confirmationLinkDays))
  return `/buchung/bestaetigung/${bookingNumber}/?sig=${proof}`
}

export function paymentPath(secret: string, bookingNumber: string, kind: PaymentKind, dateFrom: string): string {
  return `/payment/${paymentLinkData(secret, { bookingNumber, kind, expires: paymentLinkExpiry(dateFrom) })}/`
}

export type StoredBooking = { id: number; summary: BookingSummary }

/** What a summary is made of: the booking with its trip date, its travellers and its payments. */
export type BookingRows = {
  booking: {
    id: number
    bookingNumber: string
    createdAt: Date
    gesamtpreis: number
    paymentMethod: string
    contact: unknown
    rooms: unknown
    priceLines: unknown
    tripId: number
    dateId: number
    title: string
    transport: BookingSummary['trip']['transport']
    dateFrom: string
    dateTill: string
    durationDays: number
    agencyName: string | null
    terms: TripTerms | null
    contents: TripContents | null
    /** Missing while the booking is being made (version 1). */
    documentVersion?: number
    /** The invoice of the current version; missing while the booking is being made. */
    invoiceNumber?: string | null
  }
  people: {
    roomIndex: number
    firstname: string
    lastname: string
    seat: string | null
    transferZip: string | null
    mobility: string
    /** The boarding point chosen, null with a transfer or without boarding. */
    point: { name: string; street: string; zip: string; city: string } | null
    departureTime: string | null
    /** The offer's id of the traveller's insurance, null without one. */
    insuranceId: number | null
  }[]
  /** The insurance offers the travellers' ids name. */
  insuranceOffers: readonly InsuranceOffer[]
  payments: { kind: PaymentKind; amount: number; dueDate: string; status: string }[]
  /** Of the newest SEPA mandate, null without one. */
  mandateReference: string | null
}

/** The booking with this number, or null. `origin` makes the links absolute (mail, PDF). */
export async function loadBookingSummary(
  db: Database,
  bookingNumber: string,
  links: LinkSettings,
  origin: string,
): Promise<StoredBooking | null> {
  const rows = await readBookingRows(db, bookingNumber)
  return rows ? { id: rows.booking.id, summary: summaryFromRows(rows, links, origin) } : null
}

async function readBookingRows(db: Database, bookingNumber: string): Promise<BookingRows | null> {
  const [booking] = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      createdAt: bookings.createdAt,
      gesamtpreis: bookings.gesamtpreis,
      paymentMethod: bookings.paymentMethod,
      contact: bookings.contact,
      rooms: bookings.rooms,
      priceLines: bookings.priceLines,
      tripId: trips.id,
      dateId: tripDates.id,
      title: trips.title,
      transport: trips.transport,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
      durationDays: trips.durationDays,
      agencyName: agencies.name,
      tripTerms: bookings.tripTerms,
      documentVersion: bookings.documentVersion,
      invoiceNumber: sql<string | null>`(select ${invoices.number} from ${invoices}
        where ${invoices.bookingId} = ${bookings.id} and ${invoices.kind} = 'invoice' order by ${invoices.version} desc limit 1)`,
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .leftJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .limit(1)
  if (!booking) return null

  const { tripTerms, ...bookingRow } = booking
  const [people, schedule, [mandate], offer] = await Promise.all([
    db
      .select({
        roomIndex: bookingParticipants.roomIndex,
        firstname: bookingParticipants.firstname,
        lastname: bookingParticipants.lastname,
        seat: bookingParticipants.seat,
        transferZip: bookingParticipants.transferZip,
        mobility: bookingParticipants.mobility,
        point: { name: boardingPoints.name, street: boardingPoints.street, zip: boardingPoints.zip, city: boardingPoints.city },
        departureTime: tripBoardingPoints.departureTime,
        insurance: bookingParticipants.insurance,
      })
      .from(bookingParticipants)
      .leftJoin(boardingPoints, eq(boardingPoints.id, bookingParticipants.boardingPointId))
      .leftJoin(
        tripBoardingPoints,
        and(eq(tripBoardingPoints.boardingPointId, bookingParticipants.boardingPointId), eq(tripBoardingPoints.tripId, booking.tripId)),
      )
      .where(eq(bookingParticipants.bookingId, booking.id))
      .orderBy(asc(bookingParticipants.id)),
    db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.dueDate), asc(payments.id)),
    db
      .select({ reference: sepaMandates.reference })
      .from(sepaMandates)
      .where(eq(sepaMandates.bookingId, booking.id))
      .orderBy(desc(sepaMandates.id))
      .limit(1),
    // Contents and insurance documents as the date offers them (kept per content version).
    offerOf(db, booking.dateId),
  ])
  // The terms as booked; a booking made before they were kept follows the trip's current terms.
  const booked = tripTermsSchema.safeParse(tripTerms)
  return {
    booking: { ...bookingRow, terms: booked.success ? booked.data : (offer?.terms ?? null), contents: offer?.contents ?? null },
    people: people.map(({ insurance, ...p }) => ({ ...p, insuranceId: insuranceIdSchema.parse(insurance) })),
    insuranceOffers: offer?.insuranceOffers ?? [],
    payments: schedule,
    mandateReference: mandate?.reference ?? null,
  }
}

const insuranceIdSchema = z.catch(
  z.pipe(
    z.array(z.object({ id: z.number() })),
    z.transform((list) => list[0]?.id ?? null),
  ),
  null,
)

/** Site-relative document links become absolute, for the mail and the PDF. */
function absolute(url: string, origin: string): string {
  return url.startsWith('/') ? origin + url : url
}

/**
 * The summary of a booking's rows: read from the database, or (inside the booking's transaction,
 * for its confirmation mail) made from what was just written.
 */
export function summaryFromRows(rows: BookingRows, links: LinkSettings, origin: string): BookingSummary {
  const row = rows.booking
  const roomTypes = z.array(roomShape).parse(row.rooms)
  const rooms: BookingSummary['rooms'] = roomTypes.map((r) => ({ type: r.type, travellers: [] }))
  for (const p of rows.people) {
    rooms[p.roomIndex]?.travellers.push({
      name: `${p.firstname} ${p.lastname}`,
      seat: p.seat,
      boarding: p.point
        ? { kind: 'point', name: p.point.name, address: `${p.point.street}, ${p.point.zip} ${p.point.city}`, departureTime: p.departureTime }
        : p.transferZip
          ? { kind: 'transfer', zip: p.transferZip }
          : null,
      mobility: z.catch(z.enum(['keine', 'rollator', 'rollstuhl']), 'keine').parse(p.mobility),
    })
  }
  const insuranceIds = new Set(rows.people.map((p) => p.insuranceId))
  return {
    bookingNumber: row.bookingNumber,
    createdAt: row.createdAt.toISOString(),
    trip: {
      id: row.tripId,
      dateId: row.dateId,
      title: row.title,
      dateFrom: row.dateFrom,
      dateTill: row.dateTill,
      durationDays: row.durationDays,
      transport: row.transport,
    },
    terms: row.terms,
    contents: row.contents,
    insurances: rows.insuranceOffers
      .filter((o) => insuranceIds.has(o.id))
      .map((o) => ({
        name: o.name,
        insurer: o.insurer,
        productSheetUrl: o.productSheetUrl && absolute(o.productSheetUrl, origin),
        conditionsUrl: o.conditionsUrl && absolute(o.conditionsUrl, origin),
      })),
    agency: row.agencyName ? { name: row.agencyName } : null,
    booker: contactSchema.parse(row.contact),
    rooms,
    lines: z.array(priceLineSchema).parse(row.priceLines),
    gesamtpreis: row.gesamtpreis,
    // The trip's payment plan; the rest of a cancellation fee is the Stornorechnung's to name.
    payments: rows.payments
      .filter((p) => p.kind !== 'fee')
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
      .map((p) => ({
        kind: p.kind,
        amount: p.amount,
        dueDate: p.dueDate,
        paid: p.status === 'paid',
        paymentUrl: origin + paymentPath(links.linkSecret, row.bookingNumber, p.kind, row.dateFrom),
      })),
    paymentMethod: z.catch(z.enum(PAYMENT_METHODS), 'ueberweisung').parse(row.paymentMethod),
    mandateReference: rows.mandateReference,
    successUrl: origin + successPath(row.bookingNumber, links, row.dateTill),
    version: row.documentVersion ?? 1,
    invoiceNumber: row.invoiceNumber ?? null,
  }
}
