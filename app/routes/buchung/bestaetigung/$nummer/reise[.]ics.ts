import { createFileRoute } from '@tanstack/react-router'
import { bookingIcsResponse } from '~/server/booking/confirmation-files.server'

/** The booked trip for a calendar (travel days, each departure with time and boarding point), for the browser that booked or with `sig`. */
export const Route = createFileRoute('/buchung/bestaetigung/$nummer/reise.ics')({
  server: {
    handlers: {
      GET: ({ request, params }) => bookingIcsResponse(params.nummer, new URL(request.url).searchParams.get('sig') ?? undefined),
    },
  },
})
