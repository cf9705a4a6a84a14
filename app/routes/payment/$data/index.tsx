import { createFileRoute } from '@tanstack/react-router'
import { BookingUnavailable } from '~/components/booking/BookingUnavailable'
import { PaymentPage } from '~/components/booking/PaymentPage'
import { bookingQueries } from '~/queries/booking'

/** Spec 2 /payment/{data}: a signed link from the confirmation names a booking and what is due. */
export const Route = createFileRoute('/payment/$data/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(bookingQueries.payment(params.data)),
  head: () => ({ meta: [{ title: 'Zahlung Ihrer Reise' }, { name: 'robots', content: 'noindex' }] }),
  notFoundComponent: (props) => <BookingUnavailable {...props} heading="Zahlung nicht möglich" />,
  component: PaymentRoute,
})

function PaymentRoute() {
  const { data } = Route.useParams()
  return <PaymentPage data={data} />
}
