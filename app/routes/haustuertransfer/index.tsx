import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { ServiceSearchForm, useSearchText } from '~/components/service/ServiceSearchForm'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { Button } from '~/components/ui/Button'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { formatPrice } from '~/lib/format'
import { MASKS } from '~/lib/masks'
import { paramText, plainSearchValue, textParam } from '~/lib/url-search'
import { contentQueries } from '~/queries/content'
import { siteInfoQuery } from '~/queries/shell'
import { transferQueries } from '~/queries/transfer'
import { pageHead } from '~/lib/head'

/**
 * Spec 2 /haustuertransfer: the door-to-door transfer. A GET form (?plz=) answers the price zone
 * of a Postleitzahl on the server, so it works without JavaScript; a wrong zip is a German
 * message next to the field on an ordinary page.
 */
export const Route = createFileRoute('/haustuertransfer/')({
  validateSearch: z.lazy(() => z.object({ plz: textParam(20) })),
  // The URL's German name (plz) becomes the code's here.
  loaderDeps: ({ search }) => ({ zip: paramText(search.plz) }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(transferQueries.lookup(deps.zip)),
      context.queryClient.ensureQueryData(contentQueries.fixedPageText('haustuertransfer')),
    ])
  },
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Haustürtransfer',
      description:
        'Wir holen Sie zu Hause ab: Prüfen Sie mit Ihrer Postleitzahl, ob und zu welchem Preis unser Haustürtransfer Sie erreicht.',
    }),
  component: DoorToDoorPage,
})

const FIELD_ID = 'transfer-plz'

function DoorToDoorPage() {
  const plz = paramText(Route.useSearch().plz)
  const { data } = useSuspenseQuery(transferQueries.lookup(plz))
  const { data: text } = useSuspenseQuery(contentQueries.fixedPageText('haustuertransfer'))
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const navigate = useNavigate()
  const [value, setValue] = useSearchText(plz)
  const { result, zones } = data

  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Service', { to: '/service/' }), { label: 'Haustürtransfer' }]} />
      <header className="page-header">
        <h1 className="page-title">Haustürtransfer</h1>
        <p className="lead">{text?.teaser || 'Bequem von zu Hause zum Reisebus – und nach der Reise wieder zurück.'}</p>
      </header>

      <section aria-labelledby="transfer-pruefen" className="transfer-check">
        <h2 id="transfer-pruefen">Transferpreis für Ihre Postleitzahl</h2>
        <ServiceSearchForm
          action="/haustuertransfer/"
          text={value}
          onSearch={(next) => void navigate({ to: '/haustuertransfer/', search: next ? { plz: plainSearchValue(next) } : {} })}
        >
          <MaskedInput
            id={FIELD_ID}
            name="plz"
            label="Ihre Postleitzahl"
            mask={MASKS.zip}
            hint="Format: 5 Ziffern, zum Beispiel 33602"
            autoComplete="postal-code"
            value={value}
            onValueChange={(masked) => setValue(masked)}
            error={result.status === 'invalid' ? result.message : undefined}
            className="service-search__field"
          />
          <Button type="submit">Preis anzeigen</Button>
        </ServiceSearchForm>

        <div role="status" className="transfer-result">
          {result.status === 'found' ? (
            <div className="alert alert--success">
              <p>
                Ihre Postleitzahl <strong>{result.plz}</strong> liegt in der <strong>{result.zone.name}</strong>.
              </p>
              <p className="transfer-result__price">
                Haustürtransfer: <span className="price price--large">{formatPrice(result.zone.price)}</span> pro Person
              </p>
              <p>Den Transfer wählen Sie bei der Buchung Ihrer Reise einfach mit aus.</p>
            </div>
          ) : result.status === 'outside' ? (
            <div className="alert alert--info">
              <p>
                Für die Postleitzahl <strong>{result.plz}</strong> bieten wir leider keinen Haustürtransfer an.
              </p>
              <p>
                Sicher liegt eine unserer <Link to="/zustiegsstellen/">Zustiegsstellen</Link> in Ihrer Nähe. Oder rufen Sie uns an – wir
                finden gemeinsam eine Lösung: <a href={`tel:${site.phoneHref}`}>{site.phone}</a>.
              </p>
            </div>
          ) : null}
        </div>
      </section>

      {text?.body ? (
        <div className="prose section--tight" dangerouslySetInnerHTML={{ __html: text.body }} />
      ) : (
        <section aria-labelledby="transfer-zonen" className="section--tight">
          <h2 id="transfer-zonen">Preise nach Postleitzahl</h2>
          <div className="table-wrap">
            <table className="table">
              <caption>Transferzonen, Preis pro Person</caption>
              <thead>
                <tr>
                  <th scope="col">Zone</th>
                  <th scope="col">Postleitzahlen beginnend mit</th>
                  <th scope="col" className="num">
                    Preis
                  </th>
                </tr>
              </thead>
              <tbody>
                {zones.map((zone) => (
                  <tr key={zone.id}>
                    <th scope="row">{zone.name}</th>
                    <td>{zone.zipPrefixes.map((p) => `${p}…`).join(', ')}</td>
                    <td className="num">{formatPrice(zone.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  )
}
