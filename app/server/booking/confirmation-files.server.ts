// The files of a booked trip, made on request from the stored booking, for the browser that booked,
// with the signed link's `sig`, for the customer whose account holds it, or for the office (a clerk prints the confirmation for a caller): GET /buchung/bestaetigung/{nummer}/bestaetigung.pdf (the
// confirmation) and …/reise.ics (the travel days and each departure for a calendar).
import { bookingIcs, bookingIcsFileName } from '~/lib/booking/calendar'
import { signedInCustomerOwns } from '../account/customer.server'
import type { BookingSummary } from '~/lib/booking/summary'
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { bookingSettings } from '../services/booking/runtime.server'
import type { BookingSettings } from '../services/booking/settings.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { siteInfo } from '../site.server'
import { currentStaff, needsTwoFactorSetup } from '../office/staff.server'
import { bookingAccess } from './access.server'
import { renderConfirmationPdf } from './confirmation-pdf.server'

/** A signed-in clerk (with two factors where the role needs them). */
async function isOffice(): Promise<boolean> {
  const staff = await currentStaff()
  return staff !== null && !needsTwoFactorSetup(staff)
}

const plainText = (message: string, status: number) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

async function bookingFile(
  bookingNumber: string,
  signature: string | undefined,
  make: (summary: BookingSummary, settings: BookingSettings) => Promise<Response> | Response,
): Promise<Response> {
  const notFound = 'Diese Buchung gibt es nicht, oder der Link ist ungültig.'
  const access = (await isOffice()) || (await signedInCustomerOwns(bookingNumber)) ? { kind: 'granted' as const } : await bookingAccess(bookingNumber, signature)
  if (access.kind === 'denied') return plainText(notFound, 404)
  if (access.kind === 'expired') return plainText(access.message, 410)
  const settings = await bookingSettings()
  const stored = await loadBookingSummary(await getDb(), bookingNumber, settings, publicOrigin())
  if (!stored) return plainText(notFound, 404)
  return make(stored.summary, settings)
}

export function confirmationPdfResponse(bookingNumber: string, signature: string | undefined): Promise<Response> {
  return bookingFile(bookingNumber, signature, async (summary, settings) => {
    const site = siteInfo()
    const pdf = await renderConfirmationPdf(summary, site, settings.bank, { insolvency: site.insolvency })
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="Buchungsbestaetigung-${bookingNumber}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}

export function bookingIcsResponse(bookingNumber: string, signature: string | undefined): Promise<Response> {
  return bookingFile(bookingNumber, signature, (summary) => {
    const body = bookingIcs(summary, { siteName: siteInfo().name, host: new URL(publicOrigin()).hostname, now: new Date() })
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${bookingIcsFileName(bookingNumber)}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
}
