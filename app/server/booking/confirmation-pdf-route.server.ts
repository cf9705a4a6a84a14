// GET /buchung/bestaetigung/{nummer}/bestaetigung.pdf: made on request from the stored booking.
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { siteInfo } from '../site.server'
import { mayViewBooking } from './access.server'
import { renderConfirmationPdf } from './confirmation-pdf.server'

export async function confirmationPdfResponse(bookingNumber: string, signature: string | undefined): Promise<Response> {
  const notFound = new Response('Diese Buchung gibt es nicht, oder der Link ist ungültig.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
  if (!(await mayViewBooking(bookingNumber, signature))) return notFound
  const settings = await bookingSettings()
  const stored = await loadBookingSummary(await getDb(), bookingNumber, settings.linkSecret, publicOrigin())
  if (!stored) return notFound
  const site = siteInfo()
  const pdf = await renderConfirmationPdf(stored.summary, site, settings.bank, { insolvency: site.insolvency })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="Buchungsbestaetigung-${bookingNumber}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
