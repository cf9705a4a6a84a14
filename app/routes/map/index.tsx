import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DestinationLink, RegionLinks } from '~/components/content/DestinationLinks'
import { ListPage } from '~/components/content/ListPage'
import { GeoMap } from '~/components/service/GeoMap'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatTripCount } from '~/lib/format'
import { travelMapQuery } from '~/queries/travel-map'
import { pageHead } from '~/lib/head'

/** Spec 2 /map: the Reisekarte – every travel country with its number of trips, linked to /reiselaender/. */
export const Route = createFileRoute('/map/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(travelMapQuery()),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Reisekarte',
      description: 'Unsere Reiseziele auf einen Blick: alle Reiseländer und Regionen mit der Zahl unserer Reisen.',
    }),
  component: TravelMapPage,
})

function TravelMapPage() {
  const { data } = useSuspenseQuery(travelMapQuery())
  const plotted = data.countries.flatMap((c) => (c.lat !== null && c.lng !== null ? [{ ...c, lat: c.lat, lng: c.lng }] : []))
  const maxTrips = Math.max(1, ...plotted.map((c) => c.trips))

  return (
    <ListPage
      title="Reisekarte"
      lead="Wohin möchten Sie reisen? Die Karte zeigt unsere Reiseländer – je größer der Punkt, desto mehr Reisen."
    >
      {data.countries.length === 0 ? (
        <EmptyState title="Zurzeit sind keine Reisen veröffentlicht" text="Schauen Sie bald wieder vorbei oder rufen Sie uns an." />
      ) : (
        <div className="travel-map">
          <GeoMap
            className="travel-map__map"
            gridStep={5}
            label={`Schematische Europakarte mit ${data.countries.length} Reiseländern: ${plotted.map((c) => `${c.name} ${formatTripCount(c.trips)}`).join(', ')}.`}
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
                  <DestinationLink
                    path={{ kind: 'country', country: c.slug }}
                    name={c.name}
                    trips={c.trips}
                    className="map-destinations__country"
                  />
                  {c.regions.length ? <RegionLinks regions={c.regions} country={c.slug} className="map-destinations__regions" /> : null}
                </li>
              ))}
            </ul>
            {data.otherRegions.length ? (
              <>
                <h3>Weitere Regionen</h3>
                <RegionLinks regions={data.otherRegions} className="map-destinations" />
              </>
            ) : null}
          </section>
        </div>
      )}
    </ListPage>
  )
}
