// The confirmation mail of a booking: written into the outbox inside the booking's transaction
// (so a booking never exists without its mail, and a mail server that is down delays only the
// mail), delivered by the outbox worker with the PDF made at delivery.
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Database } from '../../db/client.server'
import { agencies, bookings } from '../../db/schema'
import type { MailAttachmentRef } from '../../db/schema'
import { log } from '../../log.server'
import { enqueueMail } from '../../mail/outbox.server'
import { kickOutbox } from '../../mail/worker-runtime.server'
import { siteInfo } from '../../site.server'
import { bookingConfirmationMail } from '../../booking/confirmation-mail.server'
import type { BookingSettings } from './settings.server'
import { summaryFromRows } from './summary.server'
import type { BookingRows } from './summary.server'

export function confirmationMailWriter(settings: BookingSettings, origin: string) {
  return async (tx: Database, booking: { id: number; bookingNumber: string }, rows: BookingRows): Promise<void> => {
    const stored = { id: booking.id, summary: summaryFromRows(rows, settings, origin) }
    const site = siteInfo()
    const mail = bookingConfirmationMail(stored.summary, site, settings.bank, { insolvency: site.insolvency })
    await enqueueMail(tx, {
      to: stored.summary.booker.email,
      ...mail,
      attachments: confirmationAttachments(booking.id, origin),
    })
    // An agency booking: the agency gets a copy, in the same transaction (DESIGN 7).
    if (!stored.summary.agency) return
    const [agency] = await tx
      .select({ email: agencies.email })
      .from(bookings)
      .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
      .where(eq(bookings.id, booking.id))
      .limit(1)
    if (!agency) return
    if (!z.email().safeParse(agency.email ?? '').success) {
      log('error', 'agency copy not sent', { reason: 'no valid agency e-mail', bookingId: booking.id })
      return
    }
    const copy = bookingConfirmationMail(stored.summary, site, settings.bank, { insolvency: site.insolvency, agencyCopy: true })
    await enqueueMail(tx, {
      to: agency.email ?? '',
      ...copy,
      attachments: confirmationAttachments(booking.id, origin),
    })
  }
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
