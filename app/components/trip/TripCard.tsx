import { Link } from '@tanstack/react-router'
import { formatDateRange, formatDuration, formatPrice } from '~/lib/format'
import type { TripCardData } from '~/lib/trip-card'
import { EntityCard } from '../content/EntityCard'
import { BookableBadge } from './BookableBadge'

export type TripCardProps = {
  trip: TripCardData
  /** Heading level of the title inside the surrounding page outline. */
  headingLevel?: 2 | 3
  /** Extra controls at the bottom of the card (e.g. the wish-list toggle). */
  actions?: React.ReactNode
  priority?: boolean
}

/** A trip at a glance: image, title, duration, the next dates, the price from, the booking status. */
export function TripCard({ trip, headingLevel = 3, actions, priority = false }: TripCardProps) {
  return (
    <EntityCard
      title={trip.title}
      renderLink={(props) => <Link to="/reise/$id/" params={{ id: String(trip.id) }} {...props} />}
      headingLevel={headingLevel}
      image={trip.image}
      priority={priority}
      className="trip-card"
    >
      {trip.subtitle ? <p className="card__subtitle">{trip.subtitle}</p> : null}
      <p className="card__meta">
        {formatDuration(trip.durationDays)}
        {trip.categories[0] ? ` · ${trip.categories[0].name}` : null}
      </p>
      {trip.nextDates.length ? (
        <ul className="card__dates" aria-label="Nächste Termine">
          {trip.nextDates.map((d) => (
            <li key={d.dateFrom}>{formatDateRange(d.dateFrom, d.dateTill)}</li>
          ))}
        </ul>
      ) : (
        <p className="card__dates">Zurzeit keine Termine</p>
      )}
      <div className="card__footer">
        {trip.priceFrom !== null ? (
          <p className="card__price price">
            <span className="price__from">ab </span>
            {formatPrice(trip.priceFrom)}
            <span className="price__unit"> p. P.</span>
          </p>
        ) : null}
        {trip.bookable !== null ? <BookableBadge status={trip.bookable} /> : null}
      </div>
      {actions ? <div className="card__actions">{actions}</div> : null}
    </EntityCard>
  )
}
