import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { GeoMap } from '~/components/service/GeoMap'
import { ServiceSearchForm, useSearchText } from '~/components/service/ServiceSearchForm'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { Button } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { BOARDING_QUERY_MAX, boardingSearchSchema } from '~/lib/boarding-points'
import { paramText, plainSearchValue } from '~/lib/url-search'
import { boardingPointQueries } from '~/queries/boarding-points'
import { contentQueries } from '~/queries/content'
import { siteInfoQuery } from '~/queries/shell'
import { countOf } from '~/lib/format'
import { pageHead } from '~/lib/head'

/** Spec 2 /zustiegsstellen: every boarding point, searchable by zip or place, with a map that needs neither tiles nor script. */
export const Route = createFileRoute('/zustiegsstellen/')({
  validateSearch: boardingSearchSchema,
  loaderDeps: ({ search }) => ({ q: paramText(search.q) }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(boardingPointQueries.search(deps.q)),
      context.queryClient.ensureQueryData(contentQueries.fixedPageText('zustiegsstellen')),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Zustiegsstellen',
      description: 'Alle Zustiegsstellen unserer Busreisen mit Adresse und Karte – suchen Sie nach Postleitzahl oder Ort.',
    }),
  component: BoardingPointsPage,
})

const plural = (n: number) => countOf(n, 'Zustiegsstelle', 'Zustiegsstellen')

function BoardingPointsPage() {
  const q = paramText(Route.useSearch().q)
  const { data } = useSuspenseQuery(boardingPointQueries.search(q))
  const { data: text } = useSuspenseQuery(contentQueries.fixedPageText('zustiegsstellen'))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const navigate = useNavigate()
  const [query, setQuery] = useSearchText(q)

  const matchIds = new Set(data.matchIds)
  const matches = data.all.filter((p) => matchIds.has(p.id))

  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Service', { to: '/service/' }), { label: 'Zustiegsstellen' }]} />
      <header className="page-header">
        <h1 className="page-title">Zustiegsstellen</h1>
        <p className="lead">{text?.teaser || 'Hier steigen Sie zu uns in den Reisebus.'}</p>
      </header>

      <search className="service-search">
        <ServiceSearchForm
          action="/zustiegsstellen/"
          text={query}
          noValidate={false}
          onSearch={(value) => void navigate({ to: '/zustiegsstellen/', search: value ? { q: plainSearchValue(value) } : {} })}
        >
          <div className="field service-search__field">
            <label htmlFor="zustieg-suche" className="field__label">
              Postleitzahl oder Ort
            </label>
            <span id="zustieg-suche-hint" className="field__hint">
              Zum Beispiel 33602, 33 oder Münster
            </span>
            <input
              id="zustieg-suche"
              name="q"
              type="search"
              value={query}
              maxLength={BOARDING_QUERY_MAX}
              autoComplete="postal-code"
              aria-describedby="zustieg-suche-hint"
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <Button type="submit">Zustiegsstellen suchen</Button>
        </ServiceSearchForm>
      </search>

      <p role="status" className="service-search__status">
        {data.searched ? (
          <>
            {plural(matches.length)} für „{q}“ gefunden. <Link to="/zustiegsstellen/">Alle Zustiegsstellen zeigen</Link>
          </>
        ) : (
          `${plural(data.all.length)}`
        )}
      </p>

      <div className="boarding-layout">
        <GeoMap
          className="boarding-layout__map"
          label={`Schematische Karte der ${plural(data.all.length)} in ${new Set(data.all.map((p) => p.city)).size} Orten${
            data.searched ? `, hervorgehoben ${matches.length === 1 ? 'ist 1 Treffer' : `sind ${matches.length} Treffer`}` : ''
          }. Die Liste nennt alle Adressen.`}
          caption={
            data.searched
              ? 'Die Treffer Ihrer Suche sind farbig hervorgehoben. Die Karte ist schematisch, nicht maßstabsgetreu zu Straßen.'
              : 'Lage der Zustiegsstellen (schematisch, Norden oben).'
          }
          points={data.all.map((p) => ({
            key: p.id,
            lat: p.lat,
            lng: p.lng,
            label: p.city,
            highlighted: data.searched && matchIds.has(p.id),
          }))}
        />

        <section aria-labelledby="zustiege-liste" className="boarding-layout__list">
          <h2 id="zustiege-liste">{data.searched ? 'Gefundene Zustiegsstellen' : 'Alle Zustiegsstellen'}</h2>
          {matches.length === 0 ? (
            <EmptyState
              headingLevel={3}
              title="Keine Zustiegsstelle gefunden"
              text={
                <p>
                  Für „{q}“ haben wir keine Zustiegsstelle. Vielleicht passt unser <Link to="/haustuertransfer/">Haustürtransfer</Link>,
                  oder Sie rufen uns an: <a href={`tel:${site.phoneHref}`}>{site.phone}</a>.
                </p>
              }
            />
          ) : (
            <ul className="boarding-list">
              {matches.map((p) => (
                <li key={p.id} id={`zustieg-${p.id}`} className="card boarding-card">
                  <div className="card__body">
                    <h3 className="card__title">{p.name}</h3>
                    <address className="boarding-card__address">
                      {p.street}
                      <br />
                      {p.zip} {p.city}
                    </address>
                    {p.note ? <p className="boarding-card__note">{p.note}</p> : null}
                    <a
                      className="boarding-card__osm"
                      href={`https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=17/${p.lat}/${p.lng}`}
                      rel="noopener noreferrer"
                    >
                      Auf OpenStreetMap ansehen<span className="visually-hidden">: {p.name}</span>
                    </a>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {text?.body ? <div className="prose section--tight" dangerouslySetInnerHTML={{ __html: text.body }} /> : null}
    </div>
  )
}
