import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Advantages } from '~/components/catalogue/Advantages'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { buttonClassName } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { categorySplat } from '~/lib/category-path'
import { flightLandingQuery } from '~/queries/flight-landing'
import { siteInfoQuery } from '~/queries/shell'
import { pageHead } from '~/lib/head'

/** Spec 2 `/flugreisen-genussvoll-reisen`: the landing page of the flight trips. */
export const Route = createFileRoute('/flugreisen-genussvoll-reisen/')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(flightLandingQuery())
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Flugreisen genussvoll reisen',
      description:
        'Ferne Ziele entspannt erreichen: Flugreisen mit Flug ab der Region, Transfers, ausgewählten Hotels und deutschsprachiger Reiseleitung.',
    }),
  component: FlightLandingPage,
})

function FlightLandingPage() {
  const { data } = useSuspenseQuery(flightLandingQuery())
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  return (
    <>
      <div className="container section">
        <Breadcrumbs items={[{ label: 'Flugreisen genussvoll reisen' }]} />
        <header className="page-header">
          <h1 className="page-title">Flugreisen genussvoll reisen</h1>
          <p className="lead">
            Ferne Ziele, ohne sich um etwas kümmern zu müssen: Wir buchen Ihren Flug ab einem Flughafen in der Region, bringen Sie vom
            Flughafen ins Hotel und wieder zurück, und eine deutschsprachige Reiseleitung begleitet Sie vor Ort. Sie genießen – wir kümmern
            uns um den Rest.
          </p>
          <p className="cluster">
            <Link to="/flugreisen-reisekalender/" className={buttonClassName({ variant: 'primary' })}>
              Alle Termine im Flugreisen-Kalender
            </Link>
            {data.category ? (
              <Link
                to="/reiseuebersicht/$/"
                params={{ _splat: categorySplat({ category: data.category.slug, country: null, page: 1 }) }}
                className={buttonClassName({ variant: 'secondary' })}
              >
                Alle {data.category.name} ansehen
              </Link>
            ) : null}
          </p>
        </header>
        <section aria-labelledby="flugreisen">
          <h2 id="flugreisen">
            Unsere Flugreisen
            {data.paging.total > data.trips.length ? (
              <span className="text-muted">
                {' '}
                – die nächsten {data.trips.length} von {data.paging.total}
              </span>
            ) : null}
          </h2>
          {data.trips.length ? (
            <TripCardGrid trips={data.trips} priorityCount={2} />
          ) : (
            <EmptyState
              title="Zurzeit keine Flugreisen"
              text={
                <p>
                  Neue Flugreisen sind in Vorbereitung. Rufen Sie uns an: <a href={`tel:${site.phoneHref}`}>{site.phone}</a>
                </p>
              }
            />
          )}
        </section>
      </div>
      <Advantages id="vorteile" title={`Darum mit ${site.name} fliegen`} entries={data.advantages} />
    </>
  )
}
