import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/buchung/{terminId}/` itself shows nothing: the booking starts at step 1. */
export const Route = createFileRoute('/buchung/$terminId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/buchung/$terminId/step1/', params, statusCode: 308 })
  },
})
