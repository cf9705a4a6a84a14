import { createFileRoute } from '@tanstack/react-router'
import { BookingStepPage } from '~/components/booking/BookingStepPage'
import { bookingStepSearchSchema } from '~/lib/booking/route'
import { ensureBookingStep } from '~/queries/booking'

export const Route = createFileRoute('/buchung/$terminId/step3/')({
  validateSearch: bookingStepSearchSchema,
  loader: ({ context, params }) => ensureBookingStep(context.queryClient, params.terminId, 3),
  component: Step3,
})

function Step3() {
  const { tripDateId } = Route.useLoaderData()
  const { hinweis } = Route.useSearch()
  return <BookingStepPage key={tripDateId} tripDateId={tripDateId} step={3} incompleteNotice={hinweis === 'unvollstaendig'} />
}
