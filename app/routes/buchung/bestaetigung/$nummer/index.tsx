import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { BookingConfirmation } from '~/components/booking/BookingConfirmation'
import { BookingUnavailable } from '~/components/booking/BookingUnavailable'
import { bookingQueries } from '~/queries/booking'
import { pageHead } from '~/lib/head'

/** The success page: shown to the browser that booked (cookie) or through the signed link of the mail. */
export const Route = createFileRoute('/buchung/bestaetigung/$nummer/')({
  validateSearch: z.lazy(() => z.object({ sig: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined) })),
  loaderDeps: ({ search }) => ({ sig: search.sig }),
  loader: async ({ context, params, deps }) => {
    await context.queryClient.ensureQueryData(bookingQueries.confirmation(params.nummer, deps.sig))
  },
  head: ({ match }) => pageHead(match.context.site, { title: 'Vielen Dank für Ihre Buchung', robots: 'noindex' }),
  notFoundComponent: (props) => <BookingUnavailable {...props} heading="Buchung nicht gefunden" />,
  component: ConfirmationPage,
})

function ConfirmationPage() {
  const { nummer } = Route.useParams()
  const { sig } = Route.useSearch()
  return <BookingConfirmation bookingNumber={nummer} sig={sig} />
}
