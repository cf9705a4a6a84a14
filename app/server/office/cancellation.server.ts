// The office cancels a booking at its customer's request (issue 26, item 5; § 651h BGB): the fee
// of the trip's scale as booked, on the day of the request, shown first and stored at that amount;
// the seats and places free at once, the instalments still open ended, what is owed or to be
// refunded kept by the ledger (migration 0017), a cancellation confirmation to the customer and
// the audit entry, all in one transaction.
import { and, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { cancellationScaleSchema } from '~/lib/booking/cancellation'
import type { CancellationScale } from '~/lib/booking/cancellation'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { cancellationQuote, daysBeforeText } from '~/lib/office/cancellation'
import type { CancellationQuote } from '~/lib/office/cancellation'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/client.server'
import { bookings, payments, seatReservations, tripDates, trips } from '../db/schema'
import { renderMail } from '../mail/template.server'
import { enqueueMail } from '../mail/outbox.server'
import type { OutboxMail } from '../mail/outbox.server'
import { audit } from './audit.server'
import { CANCELLED_MESSAGE, STALE_MESSAGE } from './booking-changes.server'
import type { StaffMember } from './staff.server'

export const FEE_MOVED_MESSAGE = 'Die Stornogebühr hat sich seit der Berechnung geändert (ein neuer Tag oder eine Änderung der Buchung). Bitte prüfen Sie sie erneut.'

export type CancellationPreview = { kind: 'quote'; quote: CancellationQuote; price: number } | { kind: 'refused'; message: string }
export type CancellationResult =
  | { kind: 'cancelled'; quote: CancellationQuote; mailedTo: string }
  | { kind: 'refused'; message: string }
  | { kind: 'stale'; message: string }

type Locked = Awaited<ReturnType<typeof lockBooking>>

async function lockBooking(tx: Database, bookingNumber: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      version: bookings.documentVersion,
      price: bookings.gesamtpreis,
      paid: bookings.paidAmount,
      contact: bookings.contact,
      terms: bookings.tripTerms,
      tripScale: trips.cancellationScale,
      tripTitle: trips.title,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
    })
    .from(bookings)
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .for('update', { of: bookings })
  return row
}

/** The scale the customer agreed to (the terms as booked); the trip's own for a booking older than them. */
function scaleOf(row: NonNullable<Locked>): CancellationScale {
  const booked = z.object({ cancellationScale: cancellationScaleSchema }).safeParse(row.terms)
  return booked.success ? booked.data.cancellationScale : row.tripScale
}

function quoteOf(row: NonNullable<Locked>, today: string): CancellationQuote {
  return cancellationQuote({ scale: scaleOf(row), dateFrom: row.dateFrom, cancelledOn: today, price: row.price, paid: row.paid })
}

/** What cancelling today would cost; null: no such booking. */
export async function previewCancellation(db: Database, bookingNumber: string, today: string): Promise<CancellationPreview | null> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, bookingNumber)
    if (!row) return null
    if (row.status === 'cancelled') return { kind: 'refused', message: CANCELLED_MESSAGE }
    return { kind: 'quote', quote: quoteOf(row, today), price: row.price }
  })
}

/**
 * Cancels the booking at the fee the office saw (`expectedFee`) on the version it saw; a fee that
 * moved (midnight passed, the booking changed) is refused for a new look. Null: no such booking.
 */
export async function cancelBooking(
  db: Database,
  bookingNumber: string,
  seen: { version: number; expectedFee: number },
  staff: Pick<StaffMember, 'id' | 'name'>,
  context: { today: string; site: SiteInfo; notify: boolean },
): Promise<CancellationResult | null> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, bookingNumber)
    if (!row) return null
    if (row.status === 'cancelled') return { kind: 'refused', message: CANCELLED_MESSAGE }
    if (row.version !== seen.version) return { kind: 'stale', message: STALE_MESSAGE }
    const quote = quoteOf(row, context.today)
    if (quote.fee !== seen.expectedFee) return { kind: 'refused', message: FEE_MOVED_MESSAGE }

    // Seats and places free at once; the instalments not yet paid end; the fee is what is owed now.
    await tx.delete(seatReservations).where(eq(seatReservations.bookingId, row.id))
    await tx.update(payments).set({ status: 'cancelled' }).where(and(eq(payments.bookingId, row.id), eq(payments.status, 'open')))
    await tx
      .update(bookings)
      .set({ status: 'cancelled', cancellationFee: quote.fee, places: 0, documentVersion: row.version + 1 })
      .where(eq(bookings.id, row.id))
    await audit(
      tx,
      { kind: 'staff', id: staff.id, name: staff.name },
      {
        action: 'booking.cancelled',
        booking: { id: row.id, bookingNumber: row.bookingNumber },
        before: { status: 'received' },
        after: { status: 'cancelled', cancellationFee: quote.fee, percent: quote.percent, refund: quote.refund },
      },
    )
    const email = z.catch(z.object({ email: z.catch(z.string(), '') }), { email: '' }).parse(row.contact).email
    if (context.notify && email) await enqueueMail(tx, { to: email, ...cancellationMail(row, quote, context.site), bookingId: row.id })
    return { kind: 'cancelled', quote, mailedTo: context.notify ? email : '' }
  })
}

/** The cancellation confirmation: the fee with its tier, what was paid, the refund and its deadline. */
export function cancellationMail(
  row: { bookingNumber: string; tripTitle: string; dateFrom: string; dateTill: string; price: number; contact: unknown },
  quote: CancellationQuote,
  site: SiteInfo,
): Pick<OutboxMail, 'subject' | 'text' | 'html'> {
  const contact = z.catch(z.object({ firstname: z.catch(z.string(), ''), lastname: z.catch(z.string(), '') }), { firstname: '', lastname: '' }).parse(row.contact)
  const name = `${contact.firstname} ${contact.lastname}`.trim()
  const rows: [string, string][] = [
    ['Reisepreis', formatPrice(row.price)],
    [`Stornogebühr (${quote.percent} %, ${daysBeforeText(quote.daysBefore)})`, formatPrice(quote.fee)],
    ['Bereits gezahlt', formatPrice(quote.paid)],
  ]
  const money =
    quote.refund > 0
      ? `Wir erstatten Ihnen ${formatPrice(quote.refund)} bis zum ${formatDate(quote.refundBy)} auf das Konto, von dem Ihre Zahlung kam.`
      : quote.owed > 0
        ? `Bitte überweisen Sie den offenen Betrag von ${formatPrice(quote.owed)} mit der Buchungsnummer ${row.bookingNumber} als Verwendungszweck.`
        : 'Ihre Zahlungen und die Stornogebühr gleichen sich aus: Es ist nichts mehr zu zahlen oder zu erstatten.'
  const rendered = renderMail({
    preheader: `Ihre Buchung ${row.bookingNumber} ist storniert.`,
    heading: 'Stornobestätigung',
    paragraphs: [
      name ? `Guten Tag ${name},` : 'Guten Tag,',
      `wie gewünscht haben wir Ihre Buchung ${row.bookingNumber} am ${formatDate(quote.cancelledOn)} storniert: ${row.tripTitle}, ${formatDateRange(row.dateFrom, row.dateTill)}.`,
      money,
    ],
    sections: [
      {
        heading: 'Ihre Stornierung',
        table: { rows },
        paragraphs: [
          'Die Stornogebühr ist die Pauschale aus der Rücktrittsstaffel Ihrer Reisebedingungen (§ 651h BGB). Es steht Ihnen frei nachzuweisen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist.',
        ],
      },
    ],
    closing: ['Mit freundlichen Grüßen', `Ihr Team von ${site.name}`],
    site,
  })
  return { subject: `Stornobestätigung für Ihre Buchung ${row.bookingNumber}`, ...rendered }
}
