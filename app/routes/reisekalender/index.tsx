import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { TravelCalendar } from '~/components/calendar/TravelCalendar'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { calendarSearchSchema } from '~/lib/travel-calendar'
import { travelCalendarQuery } from '~/queries/travel-calendar'
import { pageHead } from '~/lib/head'

/** Spec 2 `/reisekalender`: every upcoming date, three months per page, filterable by category. */
export const Route = createFileRoute('/reisekalender/')({
  validateSearch: calendarSearchSchema,
  // The URL's German names (monat, kategorie) become the code's here.
  loaderDeps: ({ search }) => ({ month: search.monat, category: search.kategorie }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(travelCalendarQuery('all', deps))
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Reisekalender',
      description: 'Alle kommenden Reisetermine Monat für Monat: Reise, Zeitraum, Preis und freie Plätze auf einen Blick.',
    }),
  component: CalendarPage,
})

function CalendarPage() {
  const search = Route.useSearch()
  const { data } = useSuspenseQuery(travelCalendarQuery('all', Route.useLoaderDeps()))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Reisekalender' }]} />
      <header className="page-header">
        <h1 className="page-title">Reisekalender</h1>
        <p className="lead">Alle kommenden Termine Monat für Monat – mit Preis und Buchungsstand.</p>
      </header>
      <TravelCalendar data={data} path="/reisekalender/" search={search} />
    </div>
  )
}
