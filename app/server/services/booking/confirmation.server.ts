// The confirmation mail of a booking: written into the outbox inside the booking's transaction
// (so a booking never exists without its mail, and a mail server that is down delays only the
// mail), delivered by the outbox worker with the PDF made at delivery.
import type { Database } from '../../db/database.server'
import type { MailAttachmentRef } from '../../db/schema'
import { kickOutbox } from '../../mail/worker-runtime.server'
import { siteInfo } from '../../site.server'
import { bookingConfirmationMail } from '../../booking/confirmation-mail.server'
import { enqueueBookingMail } from '../../booking/recipients.server'
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
  const attachments = confirmationAttachments(bookingId, origin)
  // A caller without e-mail gets the printed confirmation from the office; an agency booking's
  // agency gets its own copy, in the same transaction (DESIGN 7).
  const copy = summary.agency ? bookingConfirmationMail(summary, site, settings.bank, { insolvency: site.insolvency, agencyCopy: true, changed }) : undefined
  await enqueueBookingMail(tx, { id: bookingId, customerEmail: summary.booker.email }, { ...mail, attachments }, copy && { ...copy, attachments })
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
