import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Outlet, createFileRoute, notFound, useMatches } from '@tanstack/react-router'
import { BookingProgress } from '~/components/booking/BookingProgress'
import { BookingUnavailable } from '~/components/booking/BookingUnavailable'
import { HoldCountdown } from '~/components/booking/HoldCountdown'
import { PriceSummary } from '~/components/booking/PriceSummary'
import { formatDateRange } from '~/lib/format'
import { bookingStepOf } from '~/lib/booking/route'
import { parseId } from '~/lib/ids'
import { bookingQueries } from '~/queries/booking'
import { extendBookingHold } from '~/server/booking.functions'
import { pageHead } from '~/lib/head'

/** Spec 2 booking flow: the draft of this browser for one trip date (Termin), shared by the four steps. */
export const Route = createFileRoute('/buchung/$terminId')({
  loader: async ({ context, params }) => {
    const tripDateId = parseId(params.terminId)
    if (tripDateId === null) throw notFound()
    const session = await context.queryClient.ensureQueryData(bookingQueries.session(tripDateId))
    return { tripDateId, title: session.offer.tripTitle }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, { title: loaderData ? `Buchung: ${loaderData.title}` : 'Buchung', robots: 'noindex' }),
  notFoundComponent: BookingUnavailable,
  component: BookingLayout,
})

function BookingLayout() {
  const { tripDateId } = Route.useLoaderData()
  const { data } = useSuspenseQuery(bookingQueries.session(tripDateId))
  const queryClient = useQueryClient()
  const step = bookingStepOf(useMatches().at(-1)?.routeId ?? '')
  const { offer } = data
  return (
    <div className="container section booking">
      <header className="page-header">
        <p className="booking__kicker">Ihre Buchung</p>
        <h1 className="page-title">{offer.tripTitle}</h1>
        <p className="lead">{formatDateRange(offer.dateFrom, offer.dateTill)}</p>
      </header>
      {step !== null ? <BookingProgress tripDateId={tripDateId} current={step} incomplete={data.incompleteStep} /> : null}
      <HoldCountdown
        until={data.holdsUntil}
        onExtend={async () => {
          const result = await extendBookingHold({ data: { tripDateId } })
          if (result.kind === 'saved') queryClient.setQueryData(bookingQueries.session(tripDateId).queryKey, result.session)
        }}
      />
      <div className="booking__columns">
        <div className="booking__main">
          <Outlet />
        </div>
        <aside className="booking__aside" aria-labelledby="preis-titel">
          <PriceSummary titleId="preis-titel" pricing={data.pricing} compact />
        </aside>
      </div>
    </div>
  )
}
