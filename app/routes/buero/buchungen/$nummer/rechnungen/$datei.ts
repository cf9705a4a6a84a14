import { createFileRoute } from '@tanstack/react-router'
import { invoiceFileResponse } from '~/server/office/invoice-file.server'

/** `/buero/buchungen/{nummer}/rechnungen/{rechnungsnummer}.pdf`: one invoice of the booking as a PDF (staff only; anything else a 404). */
export const Route = createFileRoute('/buero/buchungen/$nummer/rechnungen/$datei')({
  server: { handlers: { GET: ({ params }) => invoiceFileResponse(params) } },
})
