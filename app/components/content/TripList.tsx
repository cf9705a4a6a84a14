import type { ReactNode } from 'react'
import { formatTripCount } from '~/lib/format'
import type { Paged } from '~/lib/paging'
import type { TripCardData } from '~/lib/trip-card'
import { TripCard } from '../trip/TripCard'
import { EmptyState } from '../ui/EmptyState'
import { Pagination } from '../ui/Pagination'
import type { PageLinkProps } from '../ui/Pagination'

export type TripListProps = {
  id: string
  title: string
  trips: readonly TripCardData[]
  paging: Paged
  /** A typed router link to one page of this list. */
  renderPageLink: (page: number, props: PageLinkProps) => ReactNode
  emptyText: string
}

/** A titled section of trip cards with paging, as on the ship, hotel and destination pages. */
export function TripList({ id, title, trips, paging, renderPageLink, emptyText }: TripListProps) {
  return (
    <section className="section section--tight" aria-labelledby={id}>
      <div className="section__header">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {paging.total > 0 ? (
          <p className="text-muted">
            {formatTripCount(paging.total, { grouped: true })}
            {paging.pages > 1 ? ` · Seite ${paging.page} von ${paging.pages}` : null}
          </p>
        ) : null}
      </div>
      {trips.length ? (
        <ul className="card-grid">
          {trips.map((trip) => (
            <TripCard key={trip.id} trip={trip} headingLevel={3} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Zurzeit keine Reisen" text={emptyText} headingLevel={3} />
      )}
      <Pagination pages={paging.pages} current={paging.page} renderLink={renderPageLink} />
    </section>
  )
}
