import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import {
  PLUS_STATUS_BENEFITS,
  PLUS_STATUS_FROM_TRIP,
  POINTS_PER_EURO,
  POINTS_VALID_YEARS,
  VOUCHER_TIERS,
  pointsForPrice,
  voucherFor,
} from '~/lib/bonus'
import { countOf, formatEuro, formatPrice } from '~/lib/format'
import { contentQueries } from '~/queries/content'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/bonusprogramm/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(contentQueries.fixedPageText('bonusprogramm')),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Bonusprogramm',
      description: `Mit jeder Reise Bonuspunkte sammeln und als Reisegutschein einlösen: so funktioniert das Bonusprogramm von ${match.context.site.name}.`,
    }),
  component: BonusPage,
})

// Worked examples make the rule concrete: a short trip, a typical week by bus, a cruise (millionths of a euro).
const EXAMPLE_PRICES = [499_000_000, 1_299_000_000, 2_490_000_000] as const

const points = (n: number) => countOf(n, 'Punkt', 'Punkte')

function BonusPage() {
  const { data: page } = useSuspenseQuery(contentQueries.fixedPageText('bonusprogramm'))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Bonusprogramm' }]} />
      <header className="page-header">
        <h1 className="page-title">{page?.title ?? 'Bonusprogramm'}</h1>
        {page?.teaser ? <p className="lead">{page.teaser}</p> : null}
      </header>

      <section className="bonus-facts" aria-labelledby="auf-einen-blick">
        <h2 id="auf-einen-blick">Auf einen Blick</h2>
        <dl className="facts">
          <dt>Punkte sammeln</dt>
          <dd>{points(POINTS_PER_EURO)} für jeden vollen Euro Reisepreis, bei jeder Buchung – online, am Telefon oder im Reisebüro</dd>
          <dt>Gutscheine</dt>
          <dd>
            {VOUCHER_TIERS.map((tier) => `ab ${points(tier.points)}: ${formatEuro(tier.euros, { fractionDigits: 0 })}`).join(' · ')} für
            Ihre nächste Reise
          </dd>
          <dt>Plus-Status</dt>
          <dd>
            ab der {PLUS_STATUS_FROM_TRIP}. Reise im Kalenderjahr: {PLUS_STATUS_BENEFITS.join(' und ')}
          </dd>
          <dt>Gültigkeit</dt>
          <dd>Punkte gelten {POINTS_VALID_YEARS} Jahre und werden nach Reiseende gutgeschrieben</dd>
          <dt>Kosten</dt>
          <dd>keine – die Teilnahme ist kostenlos</dd>
        </dl>
      </section>

      <section className="section section--tight" aria-labelledby="beispiele">
        <h2 id="beispiele">Rechenbeispiele</h2>
        <div className="table-wrap">
          <table className="table">
            <caption>So viele Punkte bringt eine Reise</caption>
            <thead>
              <tr>
                <th scope="col">Reisepreis</th>
                <th scope="col">Bonuspunkte</th>
                <th scope="col">Reicht für</th>
              </tr>
            </thead>
            <tbody>
              {EXAMPLE_PRICES.map((price) => {
                const earned = pointsForPrice(price)
                const voucher = voucherFor(earned)
                return (
                  <tr key={price}>
                    <td>{formatPrice(price)}</td>
                    <td>{points(earned)}</td>
                    <td>{voucher ? `Gutschein über ${formatEuro(voucher.euros, { fractionDigits: 0 })}` : 'weiter sammeln'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </section>

      {page?.body ? <div className="prose" dangerouslySetInnerHTML={{ __html: page.body }} /> : null}

      <p>
        Fragen zu Ihrem Punktestand? Rufen Sie uns an oder lesen Sie unsere <Link to="/faq/">häufigen Fragen</Link>.
      </p>
    </div>
  )
}
