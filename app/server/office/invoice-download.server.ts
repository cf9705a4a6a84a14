// An invoice of a booking as a PDF (issue 26, "invoices"): for the office at
// `/buero/buchungen/{nummer}/rechnungen/{rechnungsnummer}.pdf` (a signed-in staff member only), and
// for the customer whose account holds the booking at `/konto/buchungen/{nummer}/rechnungen/…`
// (issue 27). Anybody else, a number that is not an invoice of that booking, and a malformed name
// get the same 404.
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { Database } from '../db/database.server'
import { invoiceFileName, invoicePdf, loadInvoice } from '../booking/invoices.server'
import type { InvoicePdfContext } from '../booking/invoices.server'
import { needsTwoFactorSetup } from './session.server'
import type { StaffMember } from './session.server'

export const notFound = () =>
  new Response('Diese Seite gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function invoiceDownload(
  db: Database,
  staff: StaffMember | null,
  params: { nummer: string; datei: string },
  context: InvoicePdfContext,
): Promise<Response> {
  if (!staff || needsTwoFactorSetup(staff)) return notFound()
  return invoiceFile(db, params, context)
}

/** The invoice's PDF, for a caller already allowed to see the booking. */
export async function invoiceFile(db: Database, params: { nummer: string; datei: string }, context: InvoicePdfContext): Promise<Response> {
  const number = /^(\d{4}-\d{6})\.pdf$/.exec(params.datei)?.[1]
  if (!number || !BOOKING_NUMBER_PATTERN.test(params.nummer)) return notFound()
  const invoice = await loadInvoice(db, { bookingNumber: params.nummer, number })
  if (!invoice) return notFound()
  const pdf = await invoicePdf(db, invoice, context)
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice)}"`,
      'Cache-Control': 'no-store',
    },
  })
}
