// GET /buchung/bestaetigung/{nummer}/bestaetigung.pdf: made on request from the stored booking.
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { siteInfo } from '../site.server'
import { bookingAccess } from './access.server'
import { renderConfirmationPdf } from './confirmation-pdf.server'

export async function confirmationPdfResponse(bookingNumber: string, signature: string | undefined): Promise<Response> {
  const notFound = new Response('Diese Buchung gibt es nicht, oder der Link ist ungültig.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
  const access = await bookingAccess(bookingNumber, signature)
  if (access.kind === 'denied') return notFound
  if (access.kind === 'expired') {
    return new Response(access.message, { status: 410, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  }
  const settings = await bookingSettings()
  const stored = await loadBookingSummary(await getDb(), bookingNumber, settings, publicOrigin())
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
