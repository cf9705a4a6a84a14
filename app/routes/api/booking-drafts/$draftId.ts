import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/runtime.server'
import { requestClientAddress } from '~/server/http/client-limits.server'
import { bookingApi, methodNotAllowed, putDraft } from '~/server/services/booking/api.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/** Booking API: saves the whole draft; answers the server's prices and seat holds. */
export const Route = createFileRoute('/api/booking-drafts/$draftId')({
  server: {
    handlers: {
      PUT: ({ request, params }) =>
        bookingApi('booking-draft-save', async () => putDraft({ db: await getDb(), settings: await bookingSettings(), client: requestClientAddress() }, params.draftId, request), 'save'),
      ANY: methodNotAllowed(['PUT']),
    },
  },
})
