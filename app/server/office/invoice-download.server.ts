// An invoice of a booking as a PDF for the office (issue 26, "invoices"):
// `/buero/buchungen/{nummer}/rechnungen/{rechnungsnummer}.pdf`, for a signed-in staff member only;
// anybody else, a number that is not an invoice of that booking, and a malformed name get the same
// 404, as for the office's other downloads.
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { Database } from '../db/client.server'
import { invoiceFileName, invoicePdf, loadInvoice } from '../booking/invoices.server'
import type { InvoicePdfContext } from '../booking/invoices.server'
import { needsTwoFactorSetup } from './session.server'
import type { StaffMember } from './session.server'

const notFound = () =>
  new Response('Diese Seite gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function invoiceDownload(
  db: Database,
  staff: StaffMember | null,
  params: { nummer: string; datei: string },
  context: InvoicePdfContext,
): Promise<Response> {
  if (!staff || needsTwoFactorSetup(staff)) return notFound()
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
