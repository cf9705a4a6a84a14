import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { GeoMap } from '~/components/service/GeoMap'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import { destinationSplat } from '~/lib/destinations'
import { travelMapQuery } from '~/queries/travel-map'

/** Spec 2 /map: the Reisekarte – every travel country with its number of trips, linked to /reiselaender/. */
export const Route = createFileRoute('/map/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(travelMapQuery()),
  head: () => ({
    meta: [
      { title: 'Reisekarte – Sonnenland Reisen' },
      { name: 'description', content: 'Unsere Reiseziele auf einen Blick: alle Reiseländer und Regionen mit der Zahl unserer Reisen.' },
    ],
  }),
  component: TravelMapPage,
})

const trips = (n: number) => (n === 1 ? '1 Reise' : `${n} Reisen`)

function TravelMapPage() {
  const { data } = useSuspenseQuery(travelMapQuery())
  const plotted = data.countries.flatMap((c) => (c.lat !== null && c.lng !== null ? [{ ...c, lat: c.lat, lng: c.lng }] : []))
  const maxTrips = Math.max(1, ...plotted.map((c) => c.trips))

  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Reisekarte' }]} />
      <header className="page-header">
        <h1 className="page-title">Reisekarte</h1>
        <p className="lead">Wohin möchten Sie reisen? Die Karte zeigt unsere Reiseländer – je größer der Punkt, desto mehr Reisen.</p>
      </header>

      {data.countries.length === 0 ? (
        <EmptyState title="Zurzeit sind keine Reisen veröffentlicht" text="Schauen Sie bald wieder vorbei oder rufen Sie uns an." />
      ) : (
        <div className="travel-map">
          <GeoMap
            className="travel-map__map"
            gridStep={5}
            label={`Schematische Europakarte mit ${data.countries.length} Reiseländern: ${plotted.map((c) => `${c.name} ${trips(c.trips)}`).join(', ')}.`}
            caption="Lage der Reiseländer (schematisch, Norden oben). Alle Länder und Regionen stehen auch in der Liste."
            points={plotted.map((c) => ({
              key: c.id,
              lat: c.lat,
              lng: c.lng,
              label: `${c.name} (${c.trips})`,
              radius: 6 + Math.round(10 * Math.sqrt(c.trips / maxTrips)),
              priority: c.trips,
            }))}
          />

          <section aria-labelledby="reiselaender-liste" className="travel-map__list">
            <h2 id="reiselaender-liste">Reiseländer und Regionen</h2>
            <ul className="map-destinations">
              {data.countries.map((c) => (
                <li key={c.id}>
                  <Link to="/reiselaender/$/" params={{ _splat: destinationSplat({ kind: 'country', country: c.slug }) }} className="map-destinations__country">
                    {c.name}
                  </Link>{' '}
                  <span className="text-muted">({trips(c.trips)})</span>
                  {c.regions.length ? (
                    <ul className="map-destinations__regions">
                      {c.regions.map((r) => (
                        <li key={r.id}>
                          <Link to="/reiselaender/$/" params={{ _splat: destinationSplat({ kind: 'country-region', country: c.slug, region: r.slug }) }}>
                            {r.name}
                          </Link>{' '}
                          <span className="text-muted">({trips(r.trips)})</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            {data.otherRegions.length ? (
              <>
                <h3>Weitere Regionen</h3>
                <ul className="map-destinations">
                  {data.otherRegions.map((r) => (
                    <li key={r.id}>
                      <Link to="/reiselaender/$/" params={{ _splat: destinationSplat({ kind: 'region', region: r.slug }) }}>
                        {r.name}
                      </Link>{' '}
                      <span className="text-muted">({trips(r.trips)})</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>
      )}
    </div>
  )
}
