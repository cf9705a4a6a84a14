// Meine Buchungen (DESIGN 13): the customer's bookings, one booking with its payments, documents and
// history, and linking a guest booking. Each function asks account/customer.server.ts whose
// bookings the caller may see; another customer's booking is a 404 like one that does not exist.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { BOOKING_LINK_MESSAGES, CUSTOMER_HISTORY_ACTIONS, ONLINE_CANCELLATION_MIN_DAYS, bookingLinkSchema, onlineCancellationClosedText } from '~/lib/account/bookings'
import type { AccountBookingRow, HistoryEntry } from '~/lib/account/bookings'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { auditActionLabel } from '~/lib/office/audit'
import type { BookingStatus } from '~/lib/office/booking-list'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { customerBookingId, linkGuestBooking, listCustomerBookings, requireCustomer } from './account/customer.server'
import { bookings } from './db/schema'
import { clientFailures, requestClientAddress, TOO_MANY_REQUESTS_MESSAGE } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { log } from './log.server'
import { cancelBooking, previewCancellation } from './office/cancellation.server'
import type { CancellationResult } from './office/cancellation.server'
import { bookingTimeline } from './office/audit.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { bookingSettings } from './services/booking/runtime.server'
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
}

/** One of the customer's bookings as its confirmation shows it, with its state and history. */
export const fetchAccountBooking = createServerFn({ method: 'GET' })
  .validator(z.object({ bookingNumber: bookingNumberInput }))
  .handler(async ({ data }): Promise<AccountBooking> => {
    const id = await ownBooking(data.bookingNumber)
    const db = await getDb()
    const settings = await bookingSettings()
    const [stored, [row], timeline] = await Promise.all([
      loadBookingSummary(db, data.bookingNumber, settings, publicOrigin()),
      db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)),
      bookingTimeline(db, id),
    ])
    if (!stored || !row) throw notFound()
    const shown = new Set<string>(CUSTOMER_HISTORY_ACTIONS.map(auditActionLabel))
    return {
      ...stored.summary,
      bank: settings.bank,
      status: row.status as BookingStatus,
      history: timeline.filter((entry) => shown.has(entry.action)).map(({ at, action, changes }) => ({ at, action, changes })),
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
