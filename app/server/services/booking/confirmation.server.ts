// The confirmation mail of a booking: written into the outbox inside the booking's transaction
// (so a booking never exists without its mail, and a mail server that is down delays only the
// mail), delivered by the outbox worker with the PDF made at delivery.
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Database } from '../../db/database.server'
import { agencies, bookings } from '../../db/schema'
import type { MailAttachmentRef } from '../../db/schema'
import { log } from '../../log.server'
import { enqueueMail } from '../../mail/outbox.server'
import { kickOutbox } from '../../mail/worker-runtime.server'
import { siteInfo } from '../../site.server'
import { bookingConfirmationMail } from '../../booking/confirmation-mail.server'
import type { BookingSummary } from '~/lib/booking/summary'
import type { BookingSettings } from './settings.server'
import { loadBookingSummary, summaryFromRows } from './summary.server'
import type { BookingRows } from './summary.server'

export function confirmationMailWriter(settings: BookingSettings, origin: string) {
  return async (tx: Database, booking: { id: number; bookingNumber: string }, rows: BookingRows): Promise<void> => {
    await mailConfirmation(tx, booking.id, summaryFromRows(rows, settings, origin), settings, origin)
  }
}

/**
 * The confirmation of a stored booking once more, as it is now (the office changed it or was asked
 * for it again), in the caller's transaction; `changed` says that it replaces the earlier one.
 * Returns the customer's address; '' when the customer has none (a caller on the phone: the office
 * prints the confirmation).
 */
export async function sendConfirmation(
  tx: Database,
  bookingId: number,
  bookingNumber: string,
  settings: BookingSettings,
  origin: string,
  options: { changed: boolean },
): Promise<string> {
  const stored = await loadBookingSummary(tx, bookingNumber, settings, origin)
  if (!stored) throw new Error('sendConfirmation: no such booking')
  await mailConfirmation(tx, bookingId, stored.summary, settings, origin, options)
  return stored.summary.booker.email
}

async function mailConfirmation(
  tx: Database,
  bookingId: number,
  summary: BookingSummary,
  settings: BookingSettings,
  origin: string,
  { changed = false }: { changed?: boolean } = {},
): Promise<void> {
  const site = siteInfo()
  const mail = bookingConfirmationMail(summary, site, settings.bank, { insolvency: site.insolvency, changed })
  // A caller without e-mail gets the printed confirmation from the office.
  if (summary.booker.email) await enqueueMail(tx, { to: summary.booker.email, ...mail, bookingId, attachments: confirmationAttachments(bookingId, origin) })
  // An agency booking: the agency gets a copy, in the same transaction (DESIGN 7).
  if (!summary.agency) return
  const [agency] = await tx
    .select({ email: agencies.email })
    .from(bookings)
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .where(eq(bookings.id, bookingId))
    .limit(1)
  if (!agency) return
  if (!z.email().safeParse(agency.email ?? '').success) {
    log('error', 'agency copy not sent', { reason: 'no valid agency e-mail', bookingId })
    return
  }
  const copy = bookingConfirmationMail(summary, site, settings.bank, { insolvency: site.insolvency, agencyCopy: true, changed })
  await enqueueMail(tx, { to: agency.email ?? '', ...copy, bookingId, attachments: confirmationAttachments(bookingId, origin) })
}

/** The confirmation PDF, the binding travel conditions and the calendar file, made when the mail is delivered. */
function confirmationAttachments(bookingId: number, origin: string): MailAttachmentRef[] {
  return [
    { kind: 'booking-confirmation', bookingId, origin },
    { kind: 'travel-conditions', bookingId, origin },
    { kind: 'booking-calendar', bookingId, origin },
  ]
}

/** After the booking's transaction committed: deliver soon rather than at the next poll. */
export function afterBooking(): void {
  kickOutbox()
}
