import { createFileRoute } from '@tanstack/react-router'
import { BookingStepPage } from '~/components/booking/BookingStepPage'
import { bookingStepSearchSchema } from '~/lib/booking/route'
import { ensureBookingStep } from '~/queries/booking'

export const Route = createFileRoute('/buchung/$terminId/step4/')({
  validateSearch: bookingStepSearchSchema,
  loader: ({ context, params }) => ensureBookingStep(context.queryClient, params.terminId, 4),
  component: Step4,
})

function Step4() {
  const { tripDateId } = Route.useLoaderData()
  const { hinweis } = Route.useSearch()
  return <BookingStepPage key={tripDateId} tripDateId={tripDateId} step={4} incompleteNotice={hinweis === 'unvollstaendig'} />
}
