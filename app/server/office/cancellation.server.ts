// The office cancels a booking at its customer's request (issue 26, item 5; § 651h BGB): the fee
// of the trip's scale as booked, on the day of the request, shown first and stored at that amount;
// the seats and places free at once, the instalments still open ended, the rest of the fee the
// money in does not cover an instalment of its own with a due day (migration 0022), what is owed or
// to be refunded kept by the ledger (migration 0017), the Stornorechnung issued, a cancellation
// confirmation naming it to the customer (the PDF made at delivery) and the audit entry, all in
// one transaction.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { cancellationScaleSchema } from '~/lib/booking/cancellation'
import type { CancellationScale } from '~/lib/booking/cancellation'
import { paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails } from '~/lib/booking/summary'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import { cancellationQuote, daysBeforeText, departureQuote, feeInstalmentAmount } from '~/lib/office/cancellation'
import type { CancellationRecord, DepartureCancelReason } from '~/lib/office/cancellation'
import type { AuditActor } from '~/lib/office/audit'
import { minimumState } from '~/lib/office/departure-lists'
import { NOT_BOOKABLE } from '~/lib/bookable'
import type { CancellationQuote } from '~/lib/office/cancellation'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/database.server'
import { bookings, invoices, payments, seatReservations, sepaMandates, tripDates, trips } from '../db/schema'
import { renderMail } from '../mail/template.server'
import type { OutboxMail } from '../mail/outbox.server'
import { enqueueBookingMail } from '../booking/recipients.server'
import { audit } from './audit.server'
import { CANCELLED_MESSAGE, STALE_MESSAGE } from './booking-changes.server'
import type { StaffMember } from './staff.server'

export const PAID_MOVED_MESSAGE =
  'Inzwischen wurde zu dieser Buchung Geld erfasst (in einem anderen Fenster oder von einer Kollegin). Bitte berechnen Sie die Stornierung erneut: Erstattung oder Restbetrag haben sich geändert.'
export const FEE_MOVED_MESSAGE = 'Die Stornogebühr hat sich seit der Berechnung geändert (ein neuer Tag oder eine Änderung der Buchung). Bitte prüfen Sie sie erneut.'

export type CancellationPreview = { kind: 'quote'; quote: CancellationQuote; price: number } | { kind: 'refused'; message: string }
export type CancellationResult =
  /** `invoiceNumber`: the Stornorechnung's, issued in the cancellation's transaction; null without a fee. */
  | { kind: 'cancelled'; quote: CancellationQuote; mailedTo: string; invoiceNumber: string | null }
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
      paymentMethod: bookings.paymentMethod,
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
  /** What the office's check showed: the version, the fee and the money in (a payment recorded meanwhile changes the refund or the rest owed). */
  seen: { version: number; expectedFee: number; expectedPaid: number },
  /** The office's clerk, or the customer in Mein Konto. */
  actor: AuditActor,
  context: {
    today: string
    site: SiteInfo
    bank: BankDetails
    notify: boolean
    /** Online, a customer cancels until this many days before departure; then `tooLateMessage`. */
    minDaysBefore?: number
    tooLateMessage?: string
  },
): Promise<CancellationResult | null> {
  return db.transaction(async (tx) => {
    const row = await lockBooking(tx, bookingNumber)
    if (!row) return null
    if (row.status === 'cancelled') return { kind: 'refused', message: CANCELLED_MESSAGE }
    if (row.version !== seen.version) return { kind: 'stale', message: STALE_MESSAGE }
    const quote = quoteOf(row, context.today)
    if (quote.fee !== seen.expectedFee) return { kind: 'refused', message: FEE_MOVED_MESSAGE }
    if (quote.paid !== seen.expectedPaid) return { kind: 'refused', message: PAID_MOVED_MESSAGE }
    if (context.minDaysBefore !== undefined && quote.daysBefore < context.minDaysBefore) return { kind: 'refused', message: context.tooLateMessage ?? FEE_MOVED_MESSAGE }

    await endBooking(tx, row, { by: 'customer', price: row.price, ...quote }, actor)
    const replaced = await lastInvoiceNumber(tx, row.id)
    const invoice = quote.fee > 0 ? await issueCancellationInvoice(tx, row.id, row.version + 1) : null
    const email = emailOf(row.contact)
    if (context.notify) {
      const mandateReference = row.paymentMethod === 'lastschrift' ? await latestMandate(tx, row.id) : null
      const mail = cancellationMail(row, quote, { site: context.site, bank: context.bank, invoice: invoice?.number ?? null, replaced, mandateReference })
      // The Stornorechnung as a PDF, made when the mail is delivered (like the confirmation's); to
      // the customer and the agency that booked.
      await enqueueBookingMail(tx, { id: row.id, customerEmail: email }, { ...mail, attachments: invoice ? [{ kind: 'invoice', bookingId: row.id, invoiceId: invoice.id }] : [] })
    }
    return { kind: 'cancelled', quote, mailedTo: context.notify ? email : '', invoiceNumber: invoice?.number ?? null }
  })
}

/**
 * The cancellation invoice of the version just written. The database issues it (migration 0021's
 * deferred trigger, normally at commit); firing that trigger now, in this transaction, gives the
 * number to the mail written next. The year's counter is then locked from here to the commit: the
 * few statements that write the mail and end the transaction.
 */
async function issueCancellationInvoice(tx: Database, bookingId: number, version: number): Promise<{ id: number; number: string }> {
  await tx.execute(sql`set constraints bookings_invoice_on_version immediate`)
  const [invoice] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'cancellation'), eq(invoices.version, version)))
  if (!invoice) throw new Error('cancellation invoice not issued')
  return invoice
}

/** The number of the booking's last Reisebestätigung/Rechnung (the one a cancellation replaces); null without one. */
async function lastInvoiceNumber(tx: Database, bookingId: number): Promise<string | null> {
  const [last] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.version))
    .limit(1)
  return last?.number ?? null
}

async function latestMandate(tx: Database, bookingId: number): Promise<string | null> {
  const [mandate] = await tx.select({ reference: sepaMandates.reference }).from(sepaMandates).where(eq(sepaMandates.bookingId, bookingId)).orderBy(desc(sepaMandates.id)).limit(1)
  return mandate?.reference ?? null
}

const contactSchema = z.catch(
  z.object({ firstname: z.catch(z.string(), ''), lastname: z.catch(z.string(), ''), email: z.catch(z.string(), '') }),
  { firstname: '', lastname: '', email: '' },
)
const emailOf = (contact: unknown) => contactSchema.parse(contact).email
/** 'Guten Tag Anna Becker,' ('Guten Tag,' without a name). */
function greetingOf(contact: unknown): string {
  const { firstname, lastname } = contactSchema.parse(contact)
  const name = `${firstname} ${lastname}`.trim()
  return name ? `Guten Tag ${name},` : 'Guten Tag,'
}

/**
 * Ends a booking in the transaction that locked it: its seats and places free at once, the
 * instalments not yet paid ended, the fee what it owes now (the ledger sets the money in against
 * it), the rest of the fee the money in does not cover an instalment of kind 'fee' due on
 * `record.owedBy`, the cancellation kept as the customer was told it, and the audit entry.
 */
async function endBooking(
  tx: Database,
  row: { id: number; bookingNumber: string; version: number },
  record: CancellationRecord,
  actor: AuditActor,
): Promise<void> {
  await tx.delete(seatReservations).where(eq(seatReservations.bookingId, row.id))
  await tx.update(payments).set({ status: 'cancelled' }).where(and(eq(payments.bookingId, row.id), eq(payments.status, 'open')))
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancellationFee: record.fee, cancellation: record, places: 0, documentVersion: row.version + 1 })
    .where(eq(bookings.id, row.id))
  if (record.owed > 0) {
    // The instalments paid before stay as they were: with them, this one makes up the fee.
    const [kept] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.bookingId, row.id), ne(payments.status, 'cancelled')))
    await tx
      .insert(payments)
      .values({ bookingId: row.id, kind: 'fee', amount: feeInstalmentAmount(record, kept?.sum ?? 0), status: 'open', dueDate: record.owedBy })
  }
  const { by, reason, refund, percent, owed, owedBy } = record
  await audit(
    tx,
    actor,
    {
      action: 'booking.cancelled',
      booking: { id: row.id, bookingNumber: row.bookingNumber },
      before: { status: 'received' },
      after: { status: 'cancelled', cancellationFee: record.fee, ...(by === 'operator' ? { reason, refund } : { percent, refund }), ...(owed > 0 ? { owed, owedBy } : {}) },
    },
  )
}

export type DepartureCancellationResult =
  | { kind: 'cancelled'; bookings: number; mailed: number; refunds: number }
  | { kind: 'refused'; message: string }

/**
 * The operator calls a departure off (§ 651h Abs. 4 BGB): the minimum number of travellers was not
 * reached by the deadline the trip states, or unavoidable, extraordinary circumstances prevent it.
 * Every booking of the date is cancelled without a fee (all that was paid is to be refunded within
 * 14 days), every booking person told by mail once, and the date closed in the shop, in one
 * transaction. `expectedBookings` is the number the office saw: a booking made meanwhile refuses.
 */
export async function cancelDeparture(
  db: Database,
  tripDateId: number,
  input: { reason: DepartureCancelReason; expectedBookings: number },
  staff: Pick<StaffMember, 'id' | 'name'>,
  context: { today: string; site: SiteInfo },
): Promise<DepartureCancellationResult | null> {
  return db.transaction(async (tx) => {
    const [date] = await tx
      .select({
        id: tripDates.id,
        dateFrom: tripDates.dateFrom,
        dateTill: tripDates.dateTill,
        bookable: tripDates.bookable,
        tripTitle: trips.title,
        minParticipants: trips.minParticipants,
        minParticipantsDays: trips.minParticipantsDays,
      })
      .from(tripDates)
      .innerJoin(trips, eq(trips.id, tripDates.tripId))
      .where(eq(tripDates.id, tripDateId))
      .for('update', { of: tripDates })
    if (!date) return null
    if (context.today >= date.dateFrom) return { kind: 'refused', message: 'Die Reise hat bereits begonnen; absagen lässt sich nur ein Termin vor der Abreise.' }
    const rows = await tx
      .select({ id: bookings.id, bookingNumber: bookings.bookingNumber, version: bookings.documentVersion, paid: bookings.paidAmount, places: bookings.places, contact: bookings.contact, price: bookings.gesamtpreis })
      .from(bookings)
      .where(and(eq(bookings.tripDateId, tripDateId), eq(bookings.status, 'received')))
      .orderBy(bookings.id)
      .for('update')
    if (rows.length !== input.expectedBookings) return { kind: 'refused', message: 'Inzwischen hat sich die Zahl der Buchungen geändert. Bitte prüfen Sie den Termin erneut.' }
    if (input.reason === 'minimum') {
      const state = minimumState(date, rows.reduce((sum, r) => sum + r.places, 0), context.today)
      if (state.kind !== 'missing') return { kind: 'refused', message: 'Die Mindestteilnehmerzahl ist erreicht oder für diese Reise nicht vereinbart: Eine Absage aus diesem Grund ist nicht möglich.' }
      if (state.overdue) return { kind: 'refused', message: `Die Frist für eine Absage wegen zu weniger Teilnehmer ist am ${formatDate(state.deadline ?? '')} abgelaufen.` }
    }
    let mailed = 0
    for (const row of rows) {
      const quote = departureQuote({ dateFrom: date.dateFrom, cancelledOn: context.today, paid: row.paid })
      await endBooking(tx, row, { by: 'operator', reason: input.reason, price: row.price, ...quote }, { kind: 'staff', id: staff.id, name: staff.name })
      const replaced = await lastInvoiceNumber(tx, row.id)
      const mail = departureCancellationMail({ ...row, ...date }, input.reason, { ...context, quote, replaced })
      // To the booking person and the agency that booked; `mailed` counts the bookings told.
      if ((await enqueueBookingMail(tx, { id: row.id, customerEmail: emailOf(row.contact) }, mail)) > 0) mailed++
    }
    await tx.update(tripDates).set({ bookable: NOT_BOOKABLE }).where(eq(tripDates.id, tripDateId))
    return { kind: 'cancelled', bookings: rows.length, mailed, refunds: rows.filter((r) => r.paid > 0).length }
  })
}

/** The sentence that the booking's invoice no longer stands (a cancellation without a fee issues none in its place). */
const voidInvoiceText = (replaced: string | null) =>
  replaced ? `Unsere Rechnung Nr. ${replaced} über den Reisepreis ist damit gegenstandslos; eine neue Rechnung erhalten Sie nicht, denn Sie schulden uns nichts.` : null

/** The operator's notice that the trip does not take place: why, and the full refund within 14 days. */
export function departureCancellationMail(
  row: { bookingNumber: string; tripTitle: string; dateFrom: string; dateTill: string; paid: number; contact: unknown },
  reason: DepartureCancelReason,
  context: { site: SiteInfo; quote: CancellationQuote; replaced: string | null },
): Pick<OutboxMail, 'subject' | 'text' | 'html'> {
  const why =
    reason === 'minimum'
      ? 'Leider hat sich für diesen Termin nicht die in der Reiseausschreibung genannte Mindestzahl an Reisenden angemeldet. Wir treten deshalb nach § 651h Abs. 4 Nr. 1 BGB vom Vertrag zurück.'
      : 'Unvermeidbare, außergewöhnliche Umstände hindern uns daran, die Reise durchzuführen. Wir treten deshalb nach § 651h Abs. 4 Nr. 2 BGB vom Vertrag zurück.'
  const money =
    row.paid > 0
      ? `Ihre Zahlungen von ${formatPrice(row.paid)} erstatten wir Ihnen vollständig bis zum ${formatDate(context.quote.refundBy)}. Eine Stornogebühr fällt nicht an.`
      : 'Sie haben noch nichts gezahlt; es fällt keine Gebühr an, und Sie brauchen nichts weiter zu tun.'
  const invoice = voidInvoiceText(context.replaced)
  const rendered = renderMail({
    preheader: `Ihre Reise ${row.tripTitle} am ${formatDate(row.dateFrom)} findet nicht statt.`,
    heading: 'Absage Ihrer Reise',
    paragraphs: [
      greetingOf(row.contact),
      `es tut uns leid: Ihre Reise ${row.tripTitle}, ${formatDateRange(row.dateFrom, row.dateTill)} (Buchung ${row.bookingNumber}), findet nicht statt.`,
      why,
      money,
      ...(invoice ? [invoice] : []),
      'Gern bieten wir Ihnen einen anderen Termin oder eine andere Reise an. Rufen Sie uns an oder antworten Sie auf diese E-Mail.',
    ],
    closing: ['Mit freundlichen Grüßen', `Ihr Team von ${context.site.name}`],
    site: context.site,
  })
  return { subject: `Absage Ihrer Reise ${row.tripTitle} am ${formatDate(row.dateFrom)}`, ...rendered }
}

/**
 * The cancellation confirmation: the fee with its tier, what was paid, and the refund by its day or
 * the rest owed by its day (by transfer with the account, or by the debit under the booking's
 * mandate); with a fee, the Stornorechnung that is attached and the invoice it replaces.
 */
export function cancellationMail(
  row: { bookingNumber: string; tripTitle: string; dateFrom: string; dateTill: string; price: number; contact: unknown; paymentMethod: string },
  quote: CancellationQuote,
  context: { site: SiteInfo; bank: BankDetails; invoice: string | null; replaced: string | null; mandateReference: string | null },
): Pick<OutboxMail, 'subject' | 'text' | 'html'> {
  const byDebit = row.paymentMethod === 'lastschrift'
  const rows: [string, string][] = [
    ['Reisepreis', formatPrice(row.price)],
    [`Stornogebühr (${quote.percent} %, ${daysBeforeText(quote.daysBefore)})`, formatPrice(quote.fee)],
    ['Bereits gezahlt', formatPrice(quote.paid)],
  ]
  const total: [string, string] | undefined =
    quote.refund > 0 ? [`Erstattung bis ${formatDate(quote.refundBy)}`, formatPrice(quote.refund)] : quote.owed > 0 ? [`Noch zu zahlen bis ${formatDate(quote.owedBy)}`, formatPrice(quote.owed)] : undefined
  const money =
    quote.refund > 0
      ? `Wir erstatten Ihnen ${formatPrice(quote.refund)} bis zum ${formatDate(quote.refundBy)} auf das Konto, von dem Ihre Zahlung kam.`
      : quote.owed > 0
        ? byDebit
          ? `Den offenen Betrag von ${formatPrice(quote.owed)} ziehen wir per SEPA-Lastschrift von Ihrem Konto ein${context.mandateReference ? ` (Mandatsreferenz ${context.mandateReference})` : ''}. Betrag und Tag der Abbuchung kündigen wir Ihnen vorher per E-Mail an; Sie brauchen nichts weiter zu tun.`
          : `Bitte überweisen Sie den offenen Betrag von ${formatPrice(quote.owed)} bis zum ${formatDate(quote.owedBy)} mit der Buchungsnummer ${row.bookingNumber} als Verwendungszweck.`
        : 'Ihre Zahlungen und die Stornogebühr gleichen sich aus: Es ist nichts mehr zu zahlen oder zu erstatten.'
  const invoice = context.invoice
    ? `Im Anhang finden Sie unsere Stornorechnung Nr. ${context.invoice} über die Stornogebühr.${context.replaced ? ` Sie ersetzt unsere Rechnung Nr. ${context.replaced} über den Reisepreis.` : ''}`
    : voidInvoiceText(context.replaced)
  const transfer = quote.owed > 0 && !byDebit
  const rendered = renderMail({
    preheader: `Ihre Buchung ${row.bookingNumber} ist storniert.`,
    heading: 'Stornobestätigung',
    paragraphs: [
      greetingOf(row.contact),
      `wie gewünscht haben wir Ihre Buchung ${row.bookingNumber} am ${formatDate(quote.cancelledOn)} storniert: ${row.tripTitle}, ${formatDateRange(row.dateFrom, row.dateTill)}.`,
      ...(invoice ? [invoice] : []),
      money,
    ],
    sections: [
      {
        heading: 'Ihre Stornierung',
        table: { rows, total },
        paragraphs:
          quote.fee > 0
            ? [
                'Die Stornogebühr ist die Pauschale aus der Rücktrittsstaffel Ihrer Reisebedingungen (§ 651h BGB). Es steht Ihnen frei nachzuweisen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist.',
              ]
            : [],
      },
      ...(transfer
        ? [{ heading: 'Überweisung', table: { rows: [['Betrag', formatPrice(quote.owed)] as [string, string], ...transferRows(row.bookingNumber, context.bank)] } }]
        : []),
    ],
    closing: ['Mit freundlichen Grüßen', `Ihr Team von ${context.site.name}`],
    site: context.site,
  })
  return { subject: `Stornobestätigung für Ihre Buchung ${row.bookingNumber}`, ...rendered }
}

/** The operator's account with the booking number as reference, as every document names it. */
export function transferRows(bookingNumber: string, bank: BankDetails): [string, string][] {
  return paymentInstructions({ bookingNumber, paymentMethod: 'ueberweisung', mandateReference: null }, bank).rows
}
