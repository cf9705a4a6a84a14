// Meine Buchungen (DESIGN 13): the customer's bookings, one booking with its payments, documents and
// history, and linking a guest booking. Each function asks account/customer.server.ts whose
// bookings the caller may see; another customer's booking is a 404 like one that does not exist.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { BOOKING_LINK_MESSAGES, CUSTOMER_HISTORY_ACTIONS, bookingLinkSchema } from '~/lib/account/bookings'
import type { AccountBookingRow, HistoryEntry } from '~/lib/account/bookings'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { todayInBerlin } from '~/lib/calendar'
import { auditActionLabel } from '~/lib/office/audit'
import type { BookingStatus } from '~/lib/office/booking-list'
import { customerBookingId, linkGuestBooking, listCustomerBookings, requireCustomer } from './account/customer.server'
import { bookings } from './db/schema'
import { clientFailures, requestClientAddress, TOO_MANY_REQUESTS_MESSAGE } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { log } from './log.server'
import { bookingTimeline } from './office/audit.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { bookingSettings } from './services/booking/runtime.server'
import { loadBookingSummary } from './services/booking/summary.server'

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
  .validator(z.object({ bookingNumber: z.string().check(z.regex(BOOKING_NUMBER_PATTERN)) }))
  .handler(async ({ data }): Promise<AccountBooking> => {
    const customer = await requireCustomer()
    const db = await getDb()
    const id = await customerBookingId(db, customer, data.bookingNumber)
    if (id === null) {
      setResponseStatus(404)
      throw notFound()
    }
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
