import { createFileRoute } from '@tanstack/react-router'
import { bookingExportResponse } from '~/server/office/booking-export.server'

/** The filtered bookings list as CSV for German Excel (staff only). */
export const Route = createFileRoute('/buero/buchungen/export.csv')({
  server: { handlers: { GET: ({ request }) => bookingExportResponse(request, 'csv') } },
})
