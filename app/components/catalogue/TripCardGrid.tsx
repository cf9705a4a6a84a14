import type { TripCardData } from '~/lib/trip-card'
import { TripCard } from '../trip/TripCard'
import { WishlistButton } from '../wishlist/WishlistButton'

export type TripCardGridProps = {
  trips: readonly TripCardData[]
  headingLevel?: 2 | 3
  /** The first row's pictures are above the fold on the page's first screen. */
  priorityCount?: number
}

/** Trip cards in the site's grid, each with its Merkliste button. */
export function TripCardGrid({ trips, headingLevel = 3, priorityCount = 0 }: TripCardGridProps) {
  return (
    <ul className="card-grid">
      {trips.map((trip, index) => (
        <TripCard
          key={trip.id}
          trip={trip}
          headingLevel={headingLevel}
          priority={index < priorityCount}
          actions={<WishlistButton tripId={trip.id} title={trip.title} withTitle />}
        />
      ))}
    </ul>
  )
}
