import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { TripList } from '~/components/content/TripList'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import type { BreadcrumbItem } from '~/components/ui/Breadcrumbs'
import { destinationSplat } from '~/lib/destinations'
import type { DestinationPage } from '~/lib/destinations'
import { formatTripCount } from '~/lib/format'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { destinationQueries } from '~/queries/destinations'
import { pageHead } from '~/lib/head'

/** Spec 2 /reiselaender/{destination}, multi-segment: country, country/region or region/{region} (lib/destinations). */
export const Route = createFileRoute('/reiselaender/$')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, params, deps }) => {
    const destination = await context.queryClient.ensureQueryData(destinationQueries.detail(params._splat ?? '', deps.page))
    return { name: destinationName(destination), page: deps.page }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: titleOnPage(`${loaderData.name}: Reisen`, loaderData.page),
          description: `Alle Bus-, Flug- und Schiffsreisen mit dem Ziel ${loaderData.name} – mit Terminen und Preisen.`,
        })
      : {},
  component: DestinationView,
})

function destinationName(d: Pick<DestinationPage, 'country' | 'region'>): string {
  return d.region?.name ?? d.country?.name ?? 'Reiseland'
}

function DestinationView() {
  const { _splat } = Route.useParams()
  const splat = _splat ?? ''
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(destinationQueries.detail(splat, page))
  const { country, region, regions, trips, paging } = data
  const name = destinationName(data)
  const crumbs: BreadcrumbItem[] = [crumb('Reiseländer', { to: '/reiselaender/' })]
  if (country && region)
    crumbs.push(
      crumb(country.name, { to: '/reiselaender/$/', params: { _splat: destinationSplat({ kind: 'country', country: country.slug }) } }),
    )
  crumbs.push({ label: name })
  return (
    <div className="container section">
      <Breadcrumbs items={crumbs} />
      <header className="page-header">
        {country && region ? <p className="text-muted">{country.name}</p> : null}
        {!country && region ? <p className="text-muted">Region</p> : null}
        <h1 className="page-title">{name}</h1>
        <p className="lead">Alle Reisen mit dem Ziel {name} – mit den nächsten Terminen und Preisen.</p>
      </header>
      {country && !region && regions.length ? (
        <section className="section section--tight" aria-labelledby="regionen">
          <h2 id="regionen">Regionen in {country.name}</h2>
          <ul className="cluster region-links">
            {regions.map((r) => (
              <li key={r.id}>
                <Link
                  to="/reiselaender/$/"
                  params={{ _splat: destinationSplat({ kind: 'country-region', country: country.slug, region: r.slug }) }}
                  className="button button--secondary button--small"
                >
                  {r.name}
                  <span className="text-small"> ({formatTripCount(r.trips)})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <TripList
        id="reisen"
        title={`Alle Reisen: ${name}`}
        trips={trips}
        paging={paging}
        emptyText="Für dieses Ziel sind gerade keine Reisen ausgeschrieben. Rufen Sie uns gerne an – wir planen auch Gruppenreisen nach Ihren Wünschen."
        renderPageLink={(target, props) => <Link to="/reiselaender/$/" params={{ _splat: splat }} search={pageSearch(target)} {...props} />}
      />
    </div>
  )
}
