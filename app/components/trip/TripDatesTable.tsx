// The trip page's dates: each date with price, single-room surcharge, status, the booking or
// request action and its calendar entry.
import { Link } from '@tanstack/react-router'
import { DatesTable, dateColumns } from './DatesTable'
import { buttonClassName } from '../ui/Button'
import { VisuallyHidden } from '../ui/VisuallyHidden'
import { bookableAction } from '~/lib/bookable'
import { formatDateRange, formatPrice } from '~/lib/format'
import { tripIcsPath, tripRequestHref } from '~/lib/trip-detail'
import type { TripDate, TripDetail } from '~/lib/trip-detail'

export function TripDatesTable({ trip }: { trip: TripDetail }) {
  return (
    <section className="section section--tight" aria-labelledby="termine-titel" id="termine" tabIndex={-1}>
      <h2 id="termine-titel">Termine und Preise</h2>
      {trip.dates.length === 0 ? (
        <p>Zurzeit sind keine Termine ausgeschrieben. Rufen Sie uns gern an – wir merken Sie für neue Termine vor.</p>
      ) : (
        <DatesTable
          rows={trip.dates}
          rowKey={(date) => date.id}
          caption="Termine und Preise pro Person im Doppelzimmer"
          className="dates-table"
          columns={[
            dateColumns.period,
            dateColumns.price,
            {
              label: 'Einzelzimmerzuschlag',
              numeric: true,
              cell: (date) => (date.singleRoomSurcharge > 0 ? formatPrice(date.singleRoomSurcharge) : 'ohne Zuschlag'),
            },
            dateColumns.status,
            { label: 'Aktion', hiddenLabel: true, cell: (date) => <DateAction tripId={trip.id} date={date} /> },
            {
              label: 'Kalender',
              cell: (date) => (
                <a href={tripIcsPath(trip.id, date.id)} download>
                  Kalendereintrag<VisuallyHidden> für den Termin {formatDateRange(date.dateFrom, date.dateTill)}</VisuallyHidden>
                  <span className="text-muted"> (.ics)</span>
                </a>
              ),
            },
          ]}
        />
      )}
    </section>
  )
}

/** Buchen for a date bookable online, Anfragen for one on request, nothing otherwise. */
function DateAction({ tripId, date }: { tripId: number; date: TripDate }) {
  const range = formatDateRange(date.dateFrom, date.dateTill)
  const action = bookableAction(date.bookable)
  if (action === 'book') {
    return (
      <Link
        to="/buchung/$terminId/step1/"
        params={{ terminId: String(date.id) }}
        className={buttonClassName({ variant: 'accent', size: 'small' })}
      >
        Buchen<VisuallyHidden>: Termin {range}</VisuallyHidden>
      </Link>
    )
  }
  if (action === 'request') {
    return (
      <a href={tripRequestHref(tripId, date.id)} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
        Anfragen<VisuallyHidden>: Termin {range}</VisuallyHidden>
      </a>
    )
  }
  return null
}
