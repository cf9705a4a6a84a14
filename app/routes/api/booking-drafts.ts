import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/runtime.server'
import { bookingApi, methodNotAllowed, postDraft } from '~/server/services/booking/api.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/** Booking API: a new draft for a trip date ({ "tripDateId": n } → 201 { draftId, expiresAt }). */
export const Route = createFileRoute('/api/booking-drafts')({
  server: {
    handlers: {
      POST: ({ request }) =>
        bookingApi('booking-draft-create', async () => postDraft({ db: await getDb(), settings: await bookingSettings() }, request), 'draft'),
      ANY: methodNotAllowed(['POST']),
    },
  },
})
