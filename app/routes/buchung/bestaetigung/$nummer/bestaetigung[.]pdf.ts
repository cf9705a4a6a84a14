import { createFileRoute } from '@tanstack/react-router'
import { confirmationPdfResponse } from '~/server/booking/confirmation-files.server'

/** The booking confirmation as PDF, for the browser that booked or with the signed link's `sig`. */
export const Route = createFileRoute('/buchung/bestaetigung/$nummer/bestaetigung.pdf')({
  server: {
    handlers: {
      GET: ({ request, params }) => confirmationPdfResponse(params.nummer, new URL(request.url).searchParams.get('sig') ?? undefined),
    },
  },
})
