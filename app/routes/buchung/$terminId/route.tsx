import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Outlet, createFileRoute, notFound, useMatches } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { BookingDone } from '~/components/booking/BookingDone'
import { BookingFormProvider } from '~/components/booking/BookingForm'
import { PhoneBookingNote } from '~/components/booking/PhoneBooking'
import { BookingProgress } from '~/components/booking/BookingProgress'
import { BookingSummaryBar } from '~/components/booking/BookingSummaryBar'
import { BookingUnavailable } from '~/components/booking/BookingUnavailable'
import { HoldCountdown } from '~/components/booking/HoldCountdown'
import { PriceSummary } from '~/components/booking/PriceSummary'
import { formatDateRange } from '~/lib/format'
import { bookingStepOf } from '~/lib/booking/route'
import { parseId } from '~/lib/ids'
import { bookingQueries } from '~/queries/booking'
import { extendBookingHold } from '~/server/booking.functions'
import type { BookingView } from '~/server/booking.functions'
import { pageHead } from '~/lib/head'
import { PHONE_BOOKING_PARAM } from '~/lib/office/phone-booking'

/**
 * Spec 2 booking flow: the draft of this browser for one trip date (Termin), one form for the four
 * steps. The loader only reads (a hover's preload changes nothing); the form opens the draft.
 */
export const Route = createFileRoute('/buchung/$terminId')({
  // `?telefon=1`: the office opens it for a caller (the draft is marked so by the server, for a clerk).
  // (The router reads '1' in a URL as the number 1.)
  validateSearch: z.object({ [PHONE_BOOKING_PARAM]: z.optional(z.catch(z.optional(z.union([z.literal(1), z.literal('1')])), undefined)) }),
  loader: async ({ context, params }) => {
    const tripDateId = parseId(params.terminId)
    if (tripDateId === null) throw notFound()
    const view = await context.queryClient.ensureQueryData(bookingQueries.view(tripDateId))
    return { tripDateId, title: view.kind === 'booked' ? view.offer.tripTitle : view.session.offer.tripTitle }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, { title: loaderData ? `Buchung: ${loaderData.title}` : 'Buchung', robots: 'noindex' }),
  notFoundComponent: BookingUnavailable,
  component: BookingLayout,
})

function BookingLayout() {
  const { tripDateId } = Route.useLoaderData()
  const { data: view } = useSuspenseQuery(bookingQueries.view(tripDateId))
  const queryClient = useQueryClient()
  const step = bookingStepOf(useMatches().at(-1)?.routeId ?? '')
  const phone = Boolean(Route.useSearch()[PHONE_BOOKING_PARAM])
  const offer = view.kind === 'booked' ? view.offer : view.session.offer
  return (
    <div className="container section booking">
      <header className="page-header">
        <p className="booking__kicker">Ihre Buchung</p>
        <h1 className="page-title">{offer.tripTitle}</h1>
        <p className="lead">{formatDateRange(offer.dateFrom, offer.dateTill)}</p>
      </header>
      {view.kind === 'booked' ? (
        <BookingDone tripDateId={tripDateId} bookingNumber={view.bookingNumber} phone={phone} />
      ) : (
        <BookingFormProvider tripDateId={tripDateId} session={view.session} phone={phone}>
          <PhoneBookingNote />
          {step !== null ? <BookingProgress tripDateId={tripDateId} current={step} incomplete={view.session.incompleteStep} /> : null}
          <HoldCountdown
            until={view.session.holdsUntil}
            onExtend={async () => {
              const result = await extendBookingHold({ data: { tripDateId } })
              if (result.kind === 'saved' || result.kind === 'stale') {
                const next: BookingView = { kind: 'draft', session: result.session }
                queryClient.setQueryData(bookingQueries.view(tripDateId).queryKey, next)
              }
            }}
          />
          <div className="booking__columns">
            <div className="booking__main">
              <Outlet />
            </div>
            <aside className="booking__aside" aria-labelledby="preis-titel">
              <PriceSummary titleId="preis-titel" pricing={view.session.pricing} compact />
            </aside>
          </div>
          <BookingSummaryBar total={view.session.pricing.gesamtpreis} holdsUntil={view.session.holdsUntil} />
        </BookingFormProvider>
      )}
    </div>
  )
}
