import { useSelector } from '@tanstack/react-form'
import { withForm } from '~/components/forms/form-hook'
import { MOBILITY_LABELS, PAYMENT_METHOD_LABELS, travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import { packageTravelForm, NO_WITHDRAWAL_NOTICE } from '~/lib/booking/legal'
import { ROOM_LABELS } from '~/lib/booking/offer'
import type { BookingOffer } from '~/lib/booking/offer'
import type { ScheduledPayment } from '~/lib/booking/payment-terms'
import type { Pricing } from '~/lib/booking/price'
import { travellerLabel } from '~/lib/booking/steps'
import { PAYMENT_KIND_LABELS } from '~/lib/booking/summary'
import { formatDate, formatPrice } from '~/lib/format'
import type { SiteInfo } from '~/lib/site'
import { formatDepartureTime } from '~/lib/trip-detail'
import { PriceSummary } from './PriceSummary'
import { TripTermsSection } from './TripTermsSection'
import { bookingFormOptions } from './BookingForm'

function boardingText(offer: BookingOffer, boarding: BookingDraft['allRooms'][number]['teilnehmer'][number]['boarding']): string | null {
  if (!boarding) return null
  if (boarding.kind === 'transfer') return `Haustürtransfer ab ${boarding.zip}`
  const point = offer.boardingPoints.find((b) => b.id === boarding.boardingPointId)
  return point ? `${point.name}, ${formatDepartureTime(point.departureTime)}` : null
}

/**
 * Step 4: everything once more before the button: travellers, every price line, the total, the
 * deposit and balance with due dates, the package-travel form and the insolvency protection.
 */
export const ReviewStep = withForm({
  ...bookingFormOptions,
  props: {
    offer: {} as BookingOffer,
    pricing: {} as Pricing,
    schedule: [] as ScheduledPayment[],
    site: {} as Pick<SiteInfo, 'legalName' | 'insolvency' | 'phone' | 'email'>,
  },
  render: function ReviewStep({ form, offer, pricing, schedule, site }) {
    const values: BookingDraft = useSelector(form.store, (state) => state.values)
    return (
      <>
        <section aria-labelledby="reisende-titel">
          <h3 id="reisende-titel">Reisende</h3>
          <ul className="review-list">
            {travellers(values).map(({ p, roomIndex, index }) => {
              const boarding = boardingText(offer, p.boarding)
              return (
                <li key={index}>
                  <strong>{travellerLabel(p, index)}</strong> – {ROOM_LABELS[values.allRooms[roomIndex]?.type ?? 'DZ']}
                  {p.seat ? `, Sitzplatz ${p.seat}` : ''}
                  {boarding ? `, Zustieg: ${boarding}` : ''}
                  {p.mobility !== 'keine' ? `, ${MOBILITY_LABELS[p.mobility]}` : ''}
                  {p.buchender ? (
                    <>
                      <br />
                      {[`${p.street} ${p.street_nr}, ${p.zip} ${p.city}`, p.email, p.tel].filter(Boolean).join(' · ')}
                    </>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </section>

        <PriceSummary titleId="pruefen-preis-titel" title="Preisübersicht Ihrer Buchung" pricing={pricing} onSiteFees={offer.terms.onSiteFees} />

        <TripTermsSection offer={offer} />

        <section aria-labelledby="zahlplan-titel">
          <h3 id="zahlplan-titel">Zahlung per {values.payment.method ? PAYMENT_METHOD_LABELS[values.payment.method] : '–'}</h3>
          <ul className="review-list">
            {schedule.map((s) => (
              <li key={s.kind}>
                {PAYMENT_KIND_LABELS[s.kind]}: <strong>{formatPrice(s.amount)}</strong>, fällig am {formatDate(s.dueDate)}
              </li>
            ))}
          </ul>
          <p className="text-small">
            Zahlungen werden erst fällig, wenn Sie unsere Buchungsbestätigung und den Sicherungsschein erhalten haben.
          </p>
        </section>

        <section aria-labelledby="formblatt-titel" className="legal-box">
          <h3 id="formblatt-titel">Informationen zur Pauschalreise</h3>
          <p>
            Ihre Kundengelder sind gegen Insolvenz abgesichert über {site.insolvency.insurer} ({site.insolvency.address}, Telefon{' '}
            {site.insolvency.phone}). Den Sicherungsschein erhalten Sie mit der Buchungsbestätigung.
          </p>
          {/* Shown in full before the button, as the law asks; a scrollable, keyboard-reachable box. */}
          <div className="legal-box__text" role="region" aria-label="Formblatt nach Anlage 11 zu Art. 250 § 2 Abs. 1 EGBGB" tabIndex={0}>
            {packageTravelForm(site).map((section) => (
              <div key={section.heading}>
                <h4>{section.heading}</h4>
                {section.paragraphs.map((text) => (
                  <p key={text}>{text}</p>
                ))}
              </div>
            ))}
          </div>
          <p>{NO_WITHDRAWAL_NOTICE}</p>
        </section>
      </>
    )
  },
})
