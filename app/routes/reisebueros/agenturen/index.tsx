import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { ServiceSearchForm, useSearchText } from '~/components/service/ServiceSearchForm'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { Button } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { pageParam, paramText, plainSearchValue, textParam } from '~/lib/url-search'
import { agencyQueries } from '~/queries/agencies'
import { siteInfoQuery } from '~/queries/shell'
import { countOf } from '~/lib/format'
import { safeWebsite, zipPrefixOf } from '~/lib/agencies'
import { pageHead } from '~/lib/head'

const PLZ_PREFIX_ERROR = 'Bitte geben Sie eine Postleitzahl oder deren Anfang ein (1 bis 5 Ziffern).'

/** Spec 2 /reisebueros/agenturen: the directory of partner agencies, searchable by zip prefix (?plz=), paged (?page=). */
export const Route = createFileRoute('/reisebueros/agenturen/')({
  validateSearch: z.lazy(() => z.object({ plz: textParam(20), page: pageParam() })),
  // The URL's German name (plz) becomes the code's here.
  loaderDeps: ({ search }) => ({ zipPrefix: zipPrefixOf(paramText(search.plz)), page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(agencyQueries.list(deps.zipPrefix, deps.page)),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Partnerreisebüros',
      description: 'Alle Reisebüros, in denen Sie unsere Reisen persönlich buchen können – mit Adresse, Telefon und E-Mail.',
    }),
  component: AgencyDirectoryPage,
})

function AgencyDirectoryPage() {
  const plz = paramText(Route.useSearch().plz)
  const { zipPrefix, page } = Route.useLoaderDeps()
  const invalid = (plz?.trim() ?? '') !== '' && zipPrefix === ''
  const { data } = useSuspenseQuery(agencyQueries.list(zipPrefix, page))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const navigate = useNavigate()
  const [value, setValue] = useSearchText(plz)

  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Reisebüros', { to: '/reisebueros/' }), { label: 'Partnerreisebüros' }]} />
      <header className="page-header">
        <h1 className="page-title">Partnerreisebüros</h1>
        <p className="lead">In diesen Reisebüros werden Sie persönlich beraten und können Ihre Reise mit {site.name} buchen.</p>
      </header>

      <search className="service-search">
        <ServiceSearchForm
          action="/reisebueros/agenturen/"
          text={value}
          onSearch={(next) => void navigate({ to: '/reisebueros/agenturen/', search: next ? { plz: plainSearchValue(next) } : {} })}
        >
          <div className="field service-search__field">
            <label htmlFor="agentur-plz" className="field__label">
              Postleitzahl
            </label>
            <span id="agentur-plz-hint" className="field__hint">
              Die ganze Postleitzahl oder ihr Anfang, zum Beispiel 33 für die Region Bielefeld
            </span>
            <input
              id="agentur-plz"
              name="plz"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={value}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'agentur-plz-hint agentur-plz-error' : 'agentur-plz-hint'}
              onChange={(e) => setValue(e.target.value)}
            />
            {invalid ? (
              <p id="agentur-plz-error" className="field-error">
                {PLZ_PREFIX_ERROR}
              </p>
            ) : null}
          </div>
          <Button type="submit">Reisebüros suchen</Button>
        </ServiceSearchForm>
      </search>

      <p role="status" className="service-search__status">
        {countOf(data.total, 'Reisebüro', 'Reisebüros')}
        {zipPrefix ? ` mit Postleitzahl ${zipPrefix}…` : ''}
        {data.pages > 1 ? `, Seite ${data.page} von ${data.pages}` : ''}.{' '}
        {zipPrefix ? <Link to="/reisebueros/agenturen/">Alle Reisebüros zeigen</Link> : null}
      </p>

      {data.agencies.length === 0 ? (
        <EmptyState
          title="Kein Reisebüro gefunden"
          text={
            <p>
              Im Postleitzahlbereich {zipPrefix}… haben wir noch keinen Partner. Gern beraten wir Sie direkt:{' '}
              <a href={`tel:${site.phoneHref}`}>{site.phone}</a>.
            </p>
          }
        />
      ) : (
        <ul className="card-grid agency-list">
          {data.agencies.map((agency) => {
            const website = safeWebsite(agency.website)
            return (
              <li key={agency.id} className="card">
                <div className="card__body">
                  <h2 className="card__title agency-list__name">{agency.name}</h2>
                  <address>
                    {agency.street}
                    <br />
                    {agency.zip} {agency.city}
                  </address>
                  <dl className="facts agency-list__contact">
                    {agency.phone ? (
                      <>
                        <dt>Telefon</dt>
                        <dd>
                          <a href={`tel:${agency.phone.replace(/[^0-9+]/g, '')}`}>{agency.phone}</a>
                        </dd>
                      </>
                    ) : null}
                    {agency.email ? (
                      <>
                        <dt>E-Mail</dt>
                        <dd>
                          <a href={`mailto:${agency.email}`}>{agency.email}</a>
                        </dd>
                      </>
                    ) : null}
                    {website ? (
                      <>
                        <dt>Website</dt>
                        <dd>
                          <a href={website} rel="noopener noreferrer">
                            {new URL(website).host}
                          </a>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      <Pagination
        pages={data.pages}
        current={data.page}
        renderLink={(target, props) => (
          <Link
            to="/reisebueros/agenturen/"
            search={{ plz: zipPrefix ? plainSearchValue(zipPrefix) : undefined, page: target > 1 ? target : undefined }}
            {...props}
          />
        )}
      />
    </div>
  )
}
