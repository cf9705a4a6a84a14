import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { TravelCalendar } from '~/components/calendar/TravelCalendar'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { calendarSearchSchema } from '~/lib/travel-calendar'
import { travelCalendarQuery } from '~/queries/travel-calendar'
import { pageHead } from '~/lib/head'

/** Spec 2 `/flugreisen-reisekalender`: the Reisekalender restricted to flight trips. */
export const Route = createFileRoute('/flugreisen-reisekalender/')({
  validateSearch: calendarSearchSchema,
  // The URL's German names (monat, kategorie) become the code's here.
  loaderDeps: ({ search }) => ({ month: search.monat, category: search.kategorie }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(travelCalendarQuery('flug', deps))
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Flugreisen-Reisekalender',
      description: 'Alle kommenden Termine unserer Flugreisen Monat für Monat – mit Preis und Buchungsstand.',
    }),
  component: FlightCalendarPage,
})

function FlightCalendarPage() {
  const search = Route.useSearch()
  const { data } = useSuspenseQuery(travelCalendarQuery('flug', Route.useLoaderDeps()))
  return (
    <div className="container section">
      <Breadcrumbs
        items={[crumb('Flugreisen genussvoll reisen', { to: '/flugreisen-genussvoll-reisen/' }), { label: 'Flugreisen-Reisekalender' }]}
      />
      <header className="page-header">
        <h1 className="page-title">Flugreisen-Reisekalender</h1>
        <p className="lead">
          Alle Termine unserer Flugreisen – Flug, Transfers und Reiseleitung inklusive. Alle anderen Reisen finden Sie im{' '}
          <Link to="/reisekalender/">Reisekalender</Link>.
        </p>
      </header>
      <TravelCalendar data={data} path="/flugreisen-reisekalender/" search={search} />
    </div>
  )
}
