import { queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { STEP_ROUTES } from '~/lib/booking/route'
import { parseId } from '~/lib/ids'
import { allowedStep } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'
import { fetchBookingConfirmation, fetchPaymentRequest, loadBooking } from '~/server/booking.functions'

export const bookingQueries = {
  /**
   * What the booking pages of a date show: this browser's draft (read only; the page makes or
   * refreshes it by a POST when it is opened) or the booking it became. Each save's answer
   * replaces it.
   */
  view: (tripDateId: number) =>
    queryOptions({
      queryKey: ['booking', 'view', tripDateId],
      queryFn: () => loadBooking({ data: { tripDateId } }),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  confirmation: (bookingNumber: string, sig: string | undefined) =>
    queryOptions({
      queryKey: ['booking', 'confirmation', bookingNumber, sig ?? null],
      queryFn: () => fetchBookingConfirmation({ data: { bookingNumber, sig } }),
      retry: false,
    }),
  payment: (data: string) =>
    queryOptions({
      queryKey: ['booking', 'payment', data],
      queryFn: () => fetchPaymentRequest({ data: { data } }),
      retry: false,
    }),
}

/**
 * The step guard of a step route's loader: a step whose earlier steps are incomplete leads to the
 * first incomplete one, with a short notice (`?hinweis=unvollstaendig`). It reads the draft as the
 * server last confirmed it: "Weiter" goes on only after its save was answered.
 */
export async function ensureBookingStep(queryClient: QueryClient, terminId: string, step: BookingStep): Promise<{ tripDateId: number }> {
  const tripDateId = parseId(terminId)
  if (tripDateId === null) throw notFound()
  const view = await queryClient.ensureQueryData(bookingQueries.view(tripDateId))
  // A booked draft: the layout says so on every step.
  if (view.kind === 'booked') return { tripDateId }
  const allowed = allowedStep(view.session.offer, view.session.draft, step)
  if (allowed !== step) throw redirect({ to: STEP_ROUTES[allowed], params: { terminId }, search: { hinweis: 'unvollstaendig' } })
  return { tripDateId }
}
