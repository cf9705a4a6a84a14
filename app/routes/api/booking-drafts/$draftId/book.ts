import { createFileRoute } from '@tanstack/react-router'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { bookingApi, methodNotAllowed, postBooking } from '~/server/services/booking/api.server'
import { afterBooking, confirmationMailWriter } from '~/server/services/booking/confirmation.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/** Booking API: books the draft once per Idempotency-Key; the confirmation mail goes through the outbox. */
export const Route = createFileRoute('/api/booking-drafts/$draftId/book')({
  server: {
    handlers: {
      POST: ({ request, params }) =>
        bookingApi('booking-draft-book', async () => {
          const settings = await bookingSettings()
          const onBooked = confirmationMailWriter(settings, publicOrigin())
          return postBooking({ db: await getDb(), settings, onBooked, afterBooking }, params.draftId, request)
        }, 'book'),
      ANY: methodNotAllowed(['POST']),
    },
  },
})
