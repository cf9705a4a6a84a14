// The process's one outbox worker: started with the server, kicked after a booking, stopped
// before the database closes. Attachments are made when a mail is delivered (the booking's PDF and
// calendar file).
import { eq } from 'drizzle-orm'
import type { MailAttachmentRef } from '../db/schema'
import { bookings } from '../db/schema'
import { config } from '../config.server'
import { getDb } from '../runtime.server'
import { bookingIcs, bookingIcsFileName } from '~/lib/booking/calendar'
import { TRAVEL_CONDITIONS_SLUG } from '~/lib/booking/legal'
import { renderConfirmationPdf, renderTravelConditionsPdf } from '../booking/confirmation-pdf.server'
import { findContentPage } from '../services/content.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { siteInfo } from '../site.server'
import { startOutboxWorker } from './outbox.server'
import type { OutboxWorker, ResolvedAttachment } from './outbox.server'

let worker: Promise<OutboxWorker> | undefined

async function resolveAttachment(ref: MailAttachmentRef): Promise<ResolvedAttachment> {
  const db = await getDb()
  if (ref.kind === 'travel-conditions') {
    const page = await findContentPage(db, TRAVEL_CONDITIONS_SLUG)
    if (!page) throw new Error('attachment: travel conditions not found')
    const content = await renderTravelConditionsPdf(page, siteInfo())
    return { filename: 'Reisebedingungen.pdf', content, contentType: 'application/pdf' }
  }
  const settings = await bookingSettings()
  const [row] = await db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.id, ref.bookingId))
  // The links in the PDF need the origin the booking was made on; SITE_URL wins when it is set.
  const origin = config().SITE_URL ? new URL(config().SITE_URL ?? '').origin : (ref.origin ?? 'http://localhost')
  const stored = row ? await loadBookingSummary(db, row.bookingNumber, settings, origin) : null
  if (!stored) throw new Error('attachment: booking not found')
  const site = siteInfo()
  if (ref.kind === 'booking-calendar') {
    const content = bookingIcs(stored.summary, { siteName: site.name, host: new URL(origin).hostname, now: new Date() })
    return { filename: bookingIcsFileName(stored.summary.bookingNumber), content: Buffer.from(content), contentType: 'text/calendar; charset=utf-8' }
  }
  const content = await renderConfirmationPdf(stored.summary, site, settings.bank, { insolvency: site.insolvency })
  return { filename: `Buchungsbestaetigung-${stored.summary.bookingNumber}.pdf`, content, contentType: 'application/pdf' }
}

export function startMailWorker(): void {
  worker ??= getDb().then((db) => startOutboxWorker({ db, smtpUrl: config().SMTP_URL, from: config().MAIL_FROM, resolveAttachment, bodyDays: config().MAIL_BODY_DAYS }))
}

/** Deliver soon (after a booking committed) rather than at the next poll. */
export function kickOutbox(): void {
  void worker?.then((w) => w.kick())
}

export async function stopMailWorker(): Promise<void> {
  if (worker) await (await worker).stop()
}
