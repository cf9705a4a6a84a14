import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DestinationLink, RegionLinks } from '~/components/content/DestinationLinks'
import { ListPage } from '~/components/content/ListPage'
import { EmptyState } from '~/components/ui/EmptyState'
import { OTHER_REGIONS_HEADER } from '~/lib/regions'
import { destinationQueries } from '~/queries/destinations'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/reiselaender/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(destinationQueries.overview()),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Reiseländer',
      description: 'Alle Reiseländer und Regionen unserer Bus-, Flug- und Schiffsreisen von A bis Z – mit der Zahl der Reisen.',
    }),
  component: DestinationsPage,
})

function DestinationsPage() {
  const { data } = useSuspenseQuery(destinationQueries.overview())
  return (
    <ListPage title="Reiseländer" lead="Wohin möchten Sie reisen? Hier finden Sie alle Länder und Regionen, in die wir Sie bringen.">
      {data.countries.length === 0 && data.otherRegions.length === 0 ? (
        <EmptyState title="Zurzeit sind keine Reisen ausgeschrieben" />
      ) : null}
      <ul className="destination-list">
        {data.countries.map((country) => (
          <li key={country.id} className="destination-list__item">
            <h2 className="destination-list__title">
              <DestinationLink
                path={{ kind: 'country', country: country.slug }}
                name={country.name}
                trips={country.trips}
                grouped
                countClassName="destination-list__count"
              />
            </h2>
            {country.regions.length ? (
              <RegionLinks
                regions={country.regions}
                country={country.slug}
                className="destination-list__regions"
                aria-label={`Regionen in ${country.name}`}
                grouped
              />
            ) : null}
          </li>
        ))}
      </ul>
      {data.otherRegions.length ? (
        <section className="section section--tight" aria-labelledby="andere-regionen">
          <h2 id="andere-regionen">{OTHER_REGIONS_HEADER}</h2>
          <RegionLinks regions={data.otherRegions} className="destination-list__regions" grouped />
        </section>
      ) : null}
    </ListPage>
  )
}
