// The attachments of outbox mails, made when a mail is delivered (so the row stays small and the
// document is the booking's as it is then): the confirmation PDF, the calendar file, the travel
// conditions in force, and an invoice as a PDF (the Stornorechnung).
import { eq } from 'drizzle-orm'
import { bookingIcs, bookingIcsFileName } from '~/lib/booking/calendar'
import { TRAVEL_CONDITIONS_SLUG } from '~/lib/booking/legal'
import type { SiteInfo } from '~/lib/site'
import type { Database } from '../db/database.server'
import { bookings } from '../db/schema'
import type { MailAttachmentRef } from '../db/schema'
import { renderConfirmationPdf, renderTravelConditionsPdf } from '../booking/confirmation-pdf.server'
import { invoiceFileName, invoicePdf, loadInvoice } from '../booking/invoices.server'
import { findContentPage } from '../services/content.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import type { ResolvedAttachment } from './outbox.server'

export type AttachmentContext = {
  settings: BookingSettings
  site: SiteInfo
  /** SITE_URL: the links in a PDF use it when set, else the origin the mail was written on. */
  siteUrl: string | undefined
}

export async function resolveMailAttachment(db: Database, ref: MailAttachmentRef, context: AttachmentContext): Promise<ResolvedAttachment> {
  const { settings, site } = context
  if (ref.kind === 'travel-conditions') {
    const page = await findContentPage(db, TRAVEL_CONDITIONS_SLUG)
    if (!page) throw new Error('attachment: travel conditions not found')
    const content = await renderTravelConditionsPdf(page, site)
    return { filename: 'Reisebedingungen.pdf', content, contentType: 'application/pdf' }
  }
  // The links in the PDF need the origin the booking was made on; SITE_URL wins when it is set.
  const origin = context.siteUrl ? new URL(context.siteUrl).origin : (ref.origin ?? 'http://localhost')
  if (ref.kind === 'invoice') {
    const invoice = ref.invoiceId === undefined ? null : await loadInvoice(db, { invoiceId: ref.invoiceId })
    if (!invoice) throw new Error('attachment: invoice not found')
    const content = await invoicePdf(db, invoice, { settings, site, origin })
    return { filename: invoiceFileName(invoice), content, contentType: 'application/pdf' }
  }
  const [row] = await db.select({ bookingNumber: bookings.bookingNumber }).from(bookings).where(eq(bookings.id, ref.bookingId))
  const stored = row ? await loadBookingSummary(db, row.bookingNumber, settings, origin) : null
  if (!stored) throw new Error('attachment: booking not found')
  if (ref.kind === 'booking-calendar') {
    const content = bookingIcs(stored.summary, { siteName: site.name, host: new URL(origin).hostname, now: new Date() })
    return { filename: bookingIcsFileName(stored.summary.bookingNumber), content: Buffer.from(content), contentType: 'text/calendar; charset=utf-8' }
  }
  const content = await renderConfirmationPdf(stored.summary, site, settings.bank, { insolvency: site.insolvency })
  return { filename: `Buchungsbestaetigung-${stored.summary.bookingNumber}.pdf`, content, contentType: 'application/pdf' }
}
