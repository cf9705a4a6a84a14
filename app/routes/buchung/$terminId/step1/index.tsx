import { createFileRoute } from '@tanstack/react-router'
import { BookingStepPage } from '~/components/booking/BookingStepPage'
import { bookingStepSearchSchema } from '~/lib/booking/route'
import { ensureBookingStep } from '~/queries/booking'

export const Route = createFileRoute('/buchung/$terminId/step1/')({
  validateSearch: bookingStepSearchSchema,
  loader: ({ context, params }) => ensureBookingStep(context.queryClient, params.terminId, 1),
  component: Step1,
})

function Step1() {
  const { tripDateId } = Route.useLoaderData()
  const { hinweis } = Route.useSearch()
  return <BookingStepPage key={tripDateId} tripDateId={tripDateId} step={1} incompleteNotice={hinweis === 'unvollstaendig'} />
}
