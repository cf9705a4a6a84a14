import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import { destinationSplat } from '~/lib/destinations'
import { OTHER_REGIONS_HEADER } from '~/lib/regions'
import { destinationQueries } from '~/queries/destinations'

export const Route = createFileRoute('/reiselaender/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(destinationQueries.overview()),
  head: () => ({
    meta: [
      { title: 'Reiseländer – Sonnenland Reisen' },
      { name: 'description', content: 'Alle Reiseländer und Regionen unserer Bus-, Flug- und Schiffsreisen von A bis Z – mit der Zahl der Reisen.' },
    ],
  }),
  component: DestinationsPage,
})

const tripCount = (n: number) => (n === 1 ? '1 Reise' : `${new Intl.NumberFormat('de-DE').format(n)} Reisen`)

function DestinationsPage() {
  const { data } = useSuspenseQuery(destinationQueries.overview())
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Reiseländer' }]} />
      <header className="page-header">
        <h1 className="page-title">Reiseländer</h1>
        <p className="lead">Wohin möchten Sie reisen? Hier finden Sie alle Länder und Regionen, in die wir Sie bringen.</p>
      </header>
      {data.countries.length === 0 && data.otherRegions.length === 0 ? <EmptyState title="Zurzeit sind keine Reisen ausgeschrieben" /> : null}
      <ul className="destination-list">
        {data.countries.map((country) => (
          <li key={country.id} className="destination-list__item">
            <h2 className="destination-list__title">
              <Link to="/reiselaender/$/" params={{ _splat: destinationSplat({ kind: 'country', country: country.slug }) }}>
                {country.name}
              </Link>{' '}
              <span className="destination-list__count">({tripCount(country.trips)})</span>
            </h2>
            {country.regions.length ? (
              <ul className="destination-list__regions" aria-label={`Regionen in ${country.name}`}>
                {country.regions.map((region) => (
                  <li key={region.id}>
                    <Link
                      to="/reiselaender/$/"
                      params={{ _splat: destinationSplat({ kind: 'country-region', country: country.slug, region: region.slug }) }}
                    >
                      {region.name}
                    </Link>{' '}
                    <span className="text-muted">({tripCount(region.trips)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {data.otherRegions.length ? (
        <section className="section section--tight" aria-labelledby="andere-regionen">
          <h2 id="andere-regionen">{OTHER_REGIONS_HEADER}</h2>
          <ul className="destination-list__regions">
            {data.otherRegions.map((region) => (
              <li key={region.id}>
                <Link to="/reiselaender/$/" params={{ _splat: destinationSplat({ kind: 'region', region: region.slug }) }}>
                  {region.name}
                </Link>{' '}
                <span className="text-muted">({tripCount(region.trips)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
