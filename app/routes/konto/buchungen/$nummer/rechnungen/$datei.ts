import { createFileRoute } from '@tanstack/react-router'
import { customerInvoiceResponse } from '~/server/account/invoice-file.server'

/** `/konto/buchungen/{nummer}/rechnungen/{rechnungsnummer}.pdf`: an invoice of the customer's own booking (anything else a 404). */
export const Route = createFileRoute('/konto/buchungen/$nummer/rechnungen/$datei')({
  server: { handlers: { GET: ({ params }) => customerInvoiceResponse(params) } },
})
