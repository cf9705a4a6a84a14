import { createFileRoute } from '@tanstack/react-router'
import { BookingStepPage } from '~/components/booking/BookingStepPage'
import { bookingStepSearchSchema } from '~/lib/booking/route'
import { ensureBookingStep } from '~/queries/booking'

export const Route = createFileRoute('/buchung/$terminId/step2/')({
  validateSearch: bookingStepSearchSchema,
  loader: ({ context, params }) => ensureBookingStep(context.queryClient, params.terminId, 2),
  component: Step2,
})

function Step2() {
  const { tripDateId } = Route.useLoaderData()
  const { hinweis } = Route.useSearch()
  return <BookingStepPage key={tripDateId} tripDateId={tripDateId} step={2} incompleteNotice={hinweis === 'unvollstaendig'} />
}
