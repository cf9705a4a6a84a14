// Meine Buchungen (DESIGN 13): the customer's bookings, one booking with its payments, documents and
// history, and linking a guest booking. Each function asks account/customer.server.ts whose
// bookings the caller may see; another customer's booking is a 404 like one that does not exist.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { asc, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import {
  BOOKING_LINK_MESSAGES,
  CUSTOMER_HISTORY_ACTIONS,
  ONLINE_CANCELLATION_MIN_DAYS,
  bookingLinkSchema,
  insuranceAddableUntil,
  insuranceClosedText,
  insuranceRequestSchema,
  nameChangeRequestSchema,
  onlineCancellationClosedText,
} from '~/lib/account/bookings'
import type { AccountBookingRow, HistoryEntry } from '~/lib/account/bookings'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { travelDocuments } from '~/lib/booking/travel-documents'
import type { TravelDocuments } from '~/lib/booking/travel-documents'
import { todayInBerlin } from '~/lib/calendar'
import { auditActionLabel } from '~/lib/office/audit'
import type { BookingStatus } from '~/lib/office/booking-list'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { NO_SUCH_TRAVELLER } from '~/lib/office/booking-changes'
import { customerBookingId, linkGuestBooking, listCustomerBookings, requireCustomer } from './account/customer.server'
import { bookingParticipants, bookings, invoices, tripDates } from './db/schema'
import { clientFailures, requestClientAddress, TOO_MANY_REQUESTS_MESSAGE } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { log } from './log.server'
import { nameChangeMail } from './account/mails.server'
import { enqueueMail } from './mail/outbox.server'
import { addBookingNote, changeBooking } from './office/booking-changes.server'
import { cancelBooking, previewCancellation } from './office/cancellation.server'
import { travelDocumentsSentOn } from './office/notices.server'
import type { CancellationResult } from './office/cancellation.server'
import { bookingTimeline } from './office/audit.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { bookingSettings } from './services/booking/runtime.server'
import { loadOffer } from './services/booking/offer.server'
import { loadBookingSummary } from './services/booking/summary.server'
import { afterBooking } from './services/booking/confirmation.server'
import { siteInfo } from './site.server'

const bookingNumberInput = z.string().check(z.regex(BOOKING_NUMBER_PATTERN))

export const fetchAccountBookings = createServerFn({ method: 'GET' }).handler(async (): Promise<AccountBookingRow[]> => {
  const customer = await requireCustomer()
  return listCustomerBookings(await getDb(), customer, todayInBerlin())
})

export type AccountBooking = BookingSummary & {
  bank: BankDetails
  status: BookingStatus
  history: HistoryEntry[]
  /** Its invoices, oldest first: each version's confirmation and invoice, and a Stornorechnung. */
  invoices: { number: string; kind: 'invoice' | 'cancellation'; version: number; issuedAt: string }[]
  /** The travel documents once the scheduled job sent them for the booking's departure: the day and their content. */
  travelDocuments: { sentOn: string; sections: TravelDocuments } | null
  /** Adding a travel insurance: until when, which, and who has none yet; null when it can no longer be added. */
  insurance: { until: string; offers: { id: number; name: string; insurer: string; productSheetUrl: string }[]; uninsured: { traveller: number; name: string }[] } | null
}

/** One of the customer's bookings as its confirmation shows it, with its state and history. */
export const fetchAccountBooking = createServerFn({ method: 'GET' })
  .validator(z.object({ bookingNumber: bookingNumberInput }))
  .handler(async ({ data }): Promise<AccountBooking> => {
    const id = await ownBooking(data.bookingNumber)
    const db = await getDb()
    const settings = await bookingSettings()
    const [stored, [row], timeline, people, issued, documentsSentOn] = await Promise.all([
      loadBookingSummary(db, data.bookingNumber, settings, publicOrigin()),
      db
        .select({ status: bookings.status, createdAt: bookings.createdAt, tripDateId: bookings.tripDateId, dateFrom: tripDates.dateFrom })
        .from(bookings)
        .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
        .where(eq(bookings.id, id)),
      bookingTimeline(db, id),
      db
        .select({ firstname: bookingParticipants.firstname, lastname: bookingParticipants.lastname, insurance: bookingParticipants.insurance })
        .from(bookingParticipants)
        .where(eq(bookingParticipants.bookingId, id))
        .orderBy(asc(bookingParticipants.id)),
      db
        .select({ number: invoices.number, kind: invoices.kind, version: invoices.version, issuedAt: invoices.issuedAt })
        .from(invoices)
        .where(eq(invoices.bookingId, id))
        .orderBy(asc(invoices.seq)),
      travelDocumentsSentOn(db, id),
    ])
    if (!stored || !row) throw notFound()
    const until = insuranceAddableUntil(todayInBerlin(row.createdAt), row.dateFrom)
    const offer = row.status !== 'cancelled' && todayInBerlin() <= until ? await loadOffer(db, row.tripDateId) : null
    const uninsured = people.flatMap((p, traveller) => (p.insurance.length ? [] : [{ traveller, name: `${p.firstname} ${p.lastname}` }]))
    const shown = new Set<string>(CUSTOMER_HISTORY_ACTIONS.map(auditActionLabel))
    return {
      ...stored.summary,
      bank: settings.bank,
      status: row.status as BookingStatus,
      invoices: issued.map((i) => ({ ...i, issuedAt: i.issuedAt.toISOString() })),
      travelDocuments:
        documentsSentOn && row.status !== 'cancelled' ? { sentOn: documentsSentOn, sections: travelDocuments(stored.summary, siteInfo()) } : null,
      history: timeline.filter((entry) => shown.has(entry.action)).map(({ at, action, changes }) => ({ at, action, changes })),
      insurance:
        offer && offer.insuranceOffers.length && uninsured.length
          ? { until, offers: offer.insuranceOffers.map(({ id, name, insurer, productSheetUrl }) => ({ id, name, insurer, productSheetUrl })), uninsured }
          : null,
    }
  })

export type AccountCancellationPreview = { kind: 'quote'; quote: CancellationQuote; price: number; version: number } | { kind: 'refused'; message: string }

/** The booking's id for the signed-in customer, or a 404. */
async function ownBooking(bookingNumber: string): Promise<number> {
  const customer = await requireCustomer()
  const id = await customerBookingId(await getDb(), customer, bookingNumber)
  if (id === null) {
    setResponseStatus(404)
    throw notFound()
  }
  return id
}

/** What cancelling today costs, by the trip's cancellation scale as booked: shown before the button. */
export const previewAccountCancellation = createServerFn({ method: 'GET' })
  .validator(z.object({ bookingNumber: bookingNumberInput }))
  .handler(async ({ data }): Promise<AccountCancellationPreview> => {
    const id = await ownBooking(data.bookingNumber)
    const db = await getDb()
    const preview = await previewCancellation(db, data.bookingNumber, todayInBerlin())
    if (!preview) throw notFound()
    if (preview.kind === 'refused') return preview
    if (preview.quote.daysBefore < ONLINE_CANCELLATION_MIN_DAYS) return { kind: 'refused', message: onlineCancellationClosedText(siteInfo().phone) }
    const [row] = await db.select({ version: bookings.documentVersion }).from(bookings).where(eq(bookings.id, id))
    return { ...preview, version: row?.version ?? 0 }
  })

/** "kostenpflichtig stornieren": the cancellation the office makes, at the fee and money in the customer was shown. */
export const cancelAccountBooking = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      bookingNumber: bookingNumberInput,
      version: z.int().check(z.positive()),
      expectedFee: z.int().check(z.nonnegative()),
      expectedPaid: z.int().check(z.nonnegative()),
    }),
  )
  .handler(async ({ data }): Promise<CancellationResult> => {
    await ownBooking(data.bookingNumber)
    const site = siteInfo()
    const result = await cancelBooking(
      await getDb(),
      data.bookingNumber,
      { version: data.version, expectedFee: data.expectedFee, expectedPaid: data.expectedPaid },
      { kind: 'customer' },
      {
        today: todayInBerlin(),
        site,
        bank: (await bookingSettings()).bank,
        notify: true,
        minDaysBefore: ONLINE_CANCELLATION_MIN_DAYS,
        tooLateMessage: onlineCancellationClosedText(site.phone),
      },
    )
    if (!result) throw notFound()
    if (result.kind === 'cancelled') {
      log('info', 'booking cancelled by customer', { fee: result.quote.fee > 0 })
      afterBooking()
    }
    return result
  })

/**
 * A fellow traveller's new name, asked of the office: a note on the booking (the office's timeline)
 * and a mail to the office; the office changes the booking and the customer gets the changed
 * confirmation (a replacement traveller may cost what the trip's terms say).
 */
export const requestNameChange = createServerFn({ method: 'POST' })
  .validator(nameChangeRequestSchema)
  .handler(async ({ data }): Promise<{ kind: 'sent' | 'refused'; message: string }> => {
    await ownBooking(data.bookingNumber)
    const db = await getDb()
    const stored = await loadBookingSummary(db, data.bookingNumber, await bookingSettings(), publicOrigin())
    const traveller = stored?.summary.rooms.flatMap((room) => room.travellers)[data.traveller]
    if (!stored || !traveller) return { kind: 'refused', message: 'Diese Person gibt es in der Buchung nicht.' }
    if (stored.summary.trip.dateFrom <= todayInBerlin()) return { kind: 'refused', message: onlineCancellationClosedText(siteInfo().phone).replace('Eine Stornierung', 'Eine Namensänderung') }
    const wish = `${data.firstname} ${data.lastname}`
    const note = `Namensänderung angefragt (online): ${traveller.name} → ${wish}${data.note ? `. Nachricht: ${data.note}` : ''}`
    await db.transaction(async (tx) => {
      await addBookingNote(tx, data.bookingNumber, { kind: 'customer' }, note)
      await enqueueMail(tx, { to: siteInfo().email, ...nameChangeMail(stored.summary, traveller.name, wish, data.note), bookingId: stored.id })
    })
    afterBooking()
    log('info', 'name change requested')
    return {
      kind: 'sent',
      message: `Ihre Anfrage ist bei uns: ${traveller.name} soll ${wish} werden. Wir ändern die Buchung und schicken Ihnen die geänderte Bestätigung, oder wir rufen Sie an, falls dabei Kosten entstehen.`,
    }
  })

export type InsuranceResult =
  | { kind: 'preview'; previous: number; gesamtpreis: number; version: number }
  | { kind: 'added'; gesamtpreis: number }
  | { kind: 'refused'; message: string }

/**
 * A travel insurance for a traveller who has none, while the insurers' rule allows
 * (`insuranceAddableUntil`): first priced (the new total shown), then added at exactly that total,
 * as the office's change of a booking (audited, a new confirmation and invoice).
 */
export const addAccountInsurance = createServerFn({ method: 'POST' })
  .validator(insuranceRequestSchema)
  .handler(async ({ data }): Promise<InsuranceResult> => {
    const id = await ownBooking(data.bookingNumber)
    const db = await getDb()
    const [row] = await db
      .select({ version: bookings.documentVersion, status: bookings.status, createdAt: bookings.createdAt, dateFrom: tripDates.dateFrom })
      .from(bookings)
      .innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId))
      .where(eq(bookings.id, id))
    if (!row || row.status === 'cancelled') return { kind: 'refused', message: 'Diese Buchung ist storniert.' }
    const until = insuranceAddableUntil(todayInBerlin(row.createdAt), row.dateFrom)
    if (todayInBerlin() > until) return { kind: 'refused', message: insuranceClosedText(until, siteInfo().phone) }
    const people = await db.select({ insurance: bookingParticipants.insurance }).from(bookingParticipants).where(eq(bookingParticipants.bookingId, id)).orderBy(asc(bookingParticipants.id))
    const person = people[data.traveller]
    if (!person) return { kind: 'refused', message: NO_SUCH_TRAVELLER }
    if (person.insurance.length > 0) return { kind: 'refused', message: 'Für diese Person ist bereits eine Reiseversicherung gebucht.' }
    const result = await changeBooking(
      db,
      data.bookingNumber,
      { kind: 'insurance', traveller: data.traveller, insurance: data.insurance },
      { kind: 'customer' },
      { version: data.version ?? row.version, expectedTotal: data.expectedTotal, notify: true, settings: await bookingSettings(), origin: publicOrigin() },
    )
    if (!result) throw notFound()
    switch (result.kind) {
      case 'preview':
        return { kind: 'preview', previous: result.previous, gesamtpreis: result.gesamtpreis, version: row.version }
      case 'changed':
        log('info', 'insurance added by customer')
        afterBooking()
        return { kind: 'added', gesamtpreis: result.gesamtpreis }
      default:
        return { kind: 'refused', message: result.message }
    }
  })

export type LinkBookingResult = { kind: 'linked' | 'already'; message: string; bookingNumber: string } | { kind: 'refused'; message: string } | Limited

/** A guest booking into the account, found by its number, the booker's surname and the departure day. */
export const linkAccountBooking = createServerFn({ method: 'POST' })
  .validator(bookingLinkSchema)
  .handler(async ({ data }): Promise<LinkBookingResult> => {
    const customer = await requireCustomer()
    const failures = clientFailures('bookingLink', requestClientAddress())
    if (!failures.blocked.ok) {
      setResponseStatus(429)
      return { kind: 'limited', message: TOO_MANY_REQUESTS_MESSAGE.bookingLink }
    }
    const result = await linkGuestBooking(await getDb(), customer, data)
    if (result.kind === 'not-found') {
      failures.failed()
      log('info', 'booking link refused')
      return { kind: 'refused', message: BOOKING_LINK_MESSAGES.notFound }
    }
    log('info', 'booking linked to account')
    return { kind: result.kind, message: BOOKING_LINK_MESSAGES[result.kind], bookingNumber: data.bookingNumber }
  })
