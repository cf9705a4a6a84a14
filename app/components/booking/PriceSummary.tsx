import { formatPrice } from '~/lib/format'
import type { PriceLine, Pricing } from '~/lib/booking/price'
import { pricesIncludeText } from '~/lib/booking/trip-terms'
import type { OnSiteFee } from '~/lib/booking/trip-terms'

type Priced = Pick<Pricing, 'lines' | 'gesamtpreis'>

function groups(lines: readonly PriceLine[]): { heading: string; lines: PriceLine[] }[] {
  const out: { heading: string; lines: PriceLine[] }[] = []
  for (const line of lines) {
    const heading = line.traveller ?? (line.kind === 'voucher' ? 'Gutscheine' : 'Für die ganze Buchung')
    const last = out.at(-1)
    if (last && last.heading === heading) last.lines.push(line)
    else out.push({ heading, lines: [line] })
  }
  return out
}

/**
 * Every price line the server computed, grouped by traveller, and the total (PAngV: the full price
 * with every compulsory charge, from the first step on, so nothing surprises on the last one).
 */
export function PriceSummary({
  pricing,
  titleId,
  title = 'Ihr Reisepreis',
  compact = false,
  onSiteFees = null,
}: {
  pricing: Priced
  titleId: string
  title?: string
  compact?: boolean
  /** The trip's fees paid on site: the note under the total names them (or says there are none). */
  onSiteFees?: readonly OnSiteFee[] | null
}) {
  return (
    <section className={`price-summary${compact ? ' price-summary--compact' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="price-summary__title">
        {title}
      </h2>
      <table className="price-summary__table">
        <caption className="visually-hidden">Preisaufstellung</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Leistung</th>
            <th scope="col">Betrag</th>
          </tr>
        </thead>
        {groups(pricing.lines).map((group) => (
          <tbody key={group.heading}>
            <tr className="price-summary__group">
              <th scope="rowgroup" colSpan={2}>
                {group.heading}
              </th>
            </tr>
            {group.lines.map((line, i) => (
              <tr key={`${line.kind}-${i}`}>
                <th scope="row">{line.label}</th>
                <td className="num">{formatPrice(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot>
          <tr className="price-summary__total">
            <th scope="row">Gesamtpreis</th>
            <td className="num">{formatPrice(pricing.gesamtpreis)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-small">{pricesIncludeText(onSiteFees)}</p>
    </section>
  )
}
