// The trip page's dates: each date with price, single-room surcharge, status, the booking or
// request action and its calendar entry.
import { Link } from '@tanstack/react-router'
import { BookableBadge } from './BookableBadge'
import { buttonClassName } from '../ui/Button'
import { VisuallyHidden } from '../ui/VisuallyHidden'
import { bookableAction } from '~/lib/bookable'
import { formatDateRange, formatPrice } from '~/lib/format'
import { tripIcsPath, tripRequestHref } from '~/lib/trip-detail'
import type { TripDetail } from '~/lib/trip-detail'

export function TripDatesTable({ trip }: { trip: TripDetail }) {
  return (
    <section className="section section--tight" aria-labelledby="termine-titel" id="termine" tabIndex={-1}>
      <h2 id="termine-titel">Termine und Preise</h2>
      {trip.dates.length === 0 ? (
        <p>Zurzeit sind keine Termine ausgeschrieben. Rufen Sie uns gern an – wir merken Sie für neue Termine vor.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack dates-table">
            <caption>Termine und Preise pro Person im Doppelzimmer</caption>
            <thead>
              <tr>
                <th scope="col">Zeitraum</th>
                <th scope="col" className="num">
                  Preis p. P.
                </th>
                <th scope="col" className="num">
                  Einzelzimmerzuschlag
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <VisuallyHidden>Aktion</VisuallyHidden>
                </th>
                <th scope="col">Kalender</th>
              </tr>
            </thead>
            <tbody>
              {trip.dates.map((date) => {
                const range = formatDateRange(date.dateFrom, date.dateTill)
                const action = bookableAction(date.bookable)
                return (
                  <tr key={date.id}>
                    <th scope="row" data-label="Zeitraum">
                      {range}
                    </th>
                    <td className="num" data-label="Preis p. P.">
                      {formatPrice(date.price)}
                    </td>
                    <td className="num" data-label="Einzelzimmerzuschlag">
                      {date.singleRoomSurcharge > 0 ? formatPrice(date.singleRoomSurcharge) : 'ohne Zuschlag'}
                    </td>
                    <td data-label="Status">
                      <BookableBadge status={date.bookable} />
                    </td>
                    <td>
                      {action === 'book' ? (
                        <Link
                          to="/buchung/$terminId/step1/"
                          params={{ terminId: String(date.id) }}
                          className={buttonClassName({ variant: 'accent', size: 'small' })}
                        >
                          Buchen<VisuallyHidden>: Termin {range}</VisuallyHidden>
                        </Link>
                      ) : action === 'request' ? (
                        <a href={tripRequestHref(trip.id, date.id)} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
                          Anfragen<VisuallyHidden>: Termin {range}</VisuallyHidden>
                        </a>
                      ) : null}
                    </td>
                    <td data-label="Kalender">
                      <a href={tripIcsPath(trip.id, date.id)} download>
                        Kalendereintrag<VisuallyHidden> für den Termin {range}</VisuallyHidden>
                        <span className="text-muted"> (.ics)</span>
                      </a>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
