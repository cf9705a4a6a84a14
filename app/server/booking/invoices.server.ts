// A booking's invoices as documents (issue 26, "invoices"): the database issues each one (migration
// 0021); this reads one with what its PDF names and makes the PDF, for the mail that carries it
// (made at delivery, like the confirmation) and for the office's download. The current version's
// invoice is the confirmation PDF itself; a cancellation invoice is the Stornorechnung, made from
// the cancellation as it was stored (migration 0022); an invoice a later one replaced is a copy of
// what it invoiced.
import { and, asc, desc, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { PAYMENT_METHODS } from '~/lib/booking/draft'
import { priceLineSchema } from '~/lib/booking/price'
import { addDays, toEpochDay, todayInBerlin } from '~/lib/calendar'
import { FEE_DUE_DAYS, REFUND_DAYS, cancellationRecordSchema } from '~/lib/office/cancellation'
import type { CancellationRecord } from '~/lib/office/cancellation'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/database.server'
import { bookings, invoices, sepaMandates, tripDates, trips } from '../db/schema'
import { loadBookingSummary } from '../services/booking/summary.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { renderConfirmationPdf } from './confirmation-pdf.server'
import { renderCancellationInvoicePdf, renderInvoiceCopyPdf } from './invoice-pdf.server'
import type { InvoiceDocument } from './invoice-pdf.server'

const text = z.catch(z.string(), '')
const bookerSchema = z.object({ firstname: text, lastname: text, street: text, street_nr: text, zip: text, city: text })

/**
 * The record of a cancellation made before migration 0022 kept it: the day the invoice was issued,
 * the percentage its fee is of the price (exact for the scale's whole percentages), and the money
 * as it stands now.
 */
function recordBefore0022(input: { price: number; fee: number; paid: number; issuedOn: string; dateFrom: string }): CancellationRecord {
  const { price, fee, paid, issuedOn } = input
  return {
    by: 'customer',
    price,
    cancelledOn: issuedOn,
    daysBefore: toEpochDay(input.dateFrom) - toEpochDay(issuedOn),
    percent: price > 0 ? Math.round((fee * 100) / price) : 0,
    fee,
    paid,
    refund: Math.max(0, paid - fee),
    refundBy: addDays(issuedOn, REFUND_DAYS),
    owed: Math.max(0, fee - paid),
    owedBy: addDays(issuedOn, FEE_DUE_DAYS),
  }
}

/** The invoice with this id, or with this number of the booking with this number; null when there is none. */
export async function loadInvoice(db: Database, which: { invoiceId: number } | { bookingNumber: string; number: string }): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      bookingNumber: bookings.bookingNumber,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      contact: bookings.contact,
      price: bookings.gesamtpreis,
      paid: bookings.paidAmount,
      cancellation: bookings.cancellation,
      title: trips.title,
      dateFrom: tripDates.dateFrom,
      dateTill: tripDates.dateTill,
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
    .innerJoin(trips, eq(trips.id, tripDates.tripId))
    .where('invoiceId' in which ? eq(invoices.id, which.invoiceId) : and(eq(bookings.bookingNumber, which.bookingNumber), eq(invoices.number, which.number)))
    .limit(1)
  if (!row) return null
  const { invoice } = row
  const [siblings, [mandate]] = await Promise.all([
    db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.bookingId, invoice.bookingId))
      .orderBy(asc(invoices.seq)),
    db.select({ reference: sepaMandates.reference }).from(sepaMandates).where(eq(sepaMandates.bookingId, invoice.bookingId)).orderBy(desc(sepaMandates.id)).limit(1),
  ])
  const at = siblings.findIndex((s) => s.id === invoice.id)
  const ref = (s: (typeof siblings)[number] | undefined): InvoiceDocument['replaces'] => (s ? { number: s.number, kind: s.kind, issuedOn: todayInBerlin(s.issuedAt) } : null)
  const issuedOn = todayInBerlin(invoice.issuedAt)
  const stored = cancellationRecordSchema.safeParse(row.cancellation)
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    version: invoice.version,
    amount: invoice.amount,
    lines: z.catch(z.array(priceLineSchema), []).parse(invoice.priceLines),
    issuedAt: invoice.issuedAt,
    issuedOn,
    bookingNumber: row.bookingNumber,
    bookingStatus: row.status,
    paymentMethod: z.catch(z.enum(PAYMENT_METHODS), 'ueberweisung').parse(row.paymentMethod),
    mandateReference: mandate?.reference ?? null,
    booker: bookerSchema.parse(row.contact),
    trip: { title: row.title, dateFrom: row.dateFrom, dateTill: row.dateTill },
    replaces: ref(siblings[at - 1]),
    replacedBy: ref(siblings[at + 1]),
    lastOfItsKind: !siblings.slice(at + 1).some((s) => s.kind === invoice.kind),
    cancellation:
      invoice.kind !== 'cancellation'
        ? null
        : stored.success
          ? stored.data
          : recordBefore0022({ price: row.price, fee: invoice.amount, paid: row.paid, issuedOn, dateFrom: row.dateFrom }),
  }
}

/** The file name of an invoice's PDF: 'Stornorechnung-2027-000124.pdf', 'Rechnung-2027-000123.pdf'. */
export function invoiceFileName(invoice: Pick<InvoiceDocument, 'kind' | 'number'>): string {
  return `${invoice.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'}-${invoice.number}.pdf`
}

export type InvoicePdfContext = { settings: BookingSettings; site: SiteInfo; origin: string; compress?: boolean }

/**
 * An invoice's PDF: the Stornorechnung; the confirmation PDF for the invoice of the booking's current
 * version (what the customer was sent, "Buchungsbestätigung und Rechnung"); a copy of an invoice
 * replaced since, of the lines and total it invoiced.
 */
export async function invoicePdf(db: Database, invoice: InvoiceDocument, context: InvoicePdfContext): Promise<Buffer> {
  const { site, settings } = context
  if (invoice.cancellation) return renderCancellationInvoicePdf({ ...invoice, cancellation: invoice.cancellation }, site, settings.bank, { compress: context.compress })
  if (!invoice.replacedBy && invoice.bookingStatus !== 'cancelled') {
    const stored = await loadBookingSummary(db, invoice.bookingNumber, settings, context.origin)
    if (stored?.summary.invoiceNumber === invoice.number) {
      return renderConfirmationPdf(stored.summary, site, settings.bank, { insolvency: site.insolvency, compress: context.compress })
    }
  }
  return renderInvoiceCopyPdf(invoice, site, { compress: context.compress })
}
