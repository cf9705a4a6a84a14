import { createFileRoute } from '@tanstack/react-router'
import { bookingExportResponse } from '~/server/office/booking-export.server'

/** The filtered bookings list as an Excel workbook (staff only). */
export const Route = createFileRoute('/buero/buchungen/export.xlsx')({
  server: { handlers: { GET: ({ request }) => bookingExportResponse(request, 'xlsx') } },
})
