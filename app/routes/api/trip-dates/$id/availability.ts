import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/runtime.server'
import { bookingApi, getAvailability, methodNotAllowed } from '~/server/services/booking/api.server'

/** Booking API: free places, seats, rooms, boarding points, transfer zones, add-ons and insurance of a trip date. */
export const Route = createFileRoute('/api/trip-dates/$id/availability')({
  server: {
    handlers: {
      GET: ({ params }) => bookingApi('trip-date-availability', async () => getAvailability({ db: await getDb() }, params.id)),
      ANY: methodNotAllowed(['GET', 'HEAD']),
    },
  },
})
