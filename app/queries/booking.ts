import { queryOptions } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { notFound, redirect } from '@tanstack/react-router'
import { STEP_ROUTES } from '~/lib/booking/route'
import { parseId } from '~/lib/ids'
import { allowedStep } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'
import { fetchBookingConfirmation, fetchPaymentRequest, openBooking } from '~/server/booking.functions'

export const bookingQueries = {
  /** The draft of this browser for a date; the steps replace it with each save's answer. */
  session: (tripDateId: number) =>
    queryOptions({
      queryKey: ['booking', 'session', tripDateId],
      queryFn: () => openBooking({ data: { tripDateId } }),
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
 * first incomplete one, with a short notice (`?hinweis=unvollstaendig`).
 */
export async function ensureBookingStep(queryClient: QueryClient, terminId: string, step: BookingStep): Promise<{ tripDateId: number }> {
  const tripDateId = parseId(terminId)
  if (tripDateId === null) throw notFound()
  const session = await queryClient.ensureQueryData(bookingQueries.session(tripDateId))
  const allowed = allowedStep(session.offer, session.draft, step)
  if (allowed !== step) throw redirect({ to: STEP_ROUTES[allowed], params: { terminId }, search: { hinweis: 'unvollstaendig' } })
  return { tripDateId }
}
