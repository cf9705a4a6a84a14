import { createFileRoute } from '@tanstack/react-router'
import { BookingUnavailable } from '~/components/booking/BookingUnavailable'
import { PaymentPage } from '~/components/booking/PaymentPage'
import { bookingQueries } from '~/queries/booking'
import { pageHead } from '~/lib/head'

/** Spec 2 /payment/{data}: a signed link from the confirmation names a booking and what is due. */
export const Route = createFileRoute('/payment/$data/')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(bookingQueries.payment(params.data)),
  head: ({ match }) => pageHead(match.context.site, { title: 'Zahlung Ihrer Reise', robots: 'noindex' }),
  notFoundComponent: (props) => <BookingUnavailable {...props} heading="Zahlung nicht möglich" />,
  component: PaymentRoute,
})

function PaymentRoute() {
  const { data } = Route.useParams()
  return <PaymentPage data={data} />
}
