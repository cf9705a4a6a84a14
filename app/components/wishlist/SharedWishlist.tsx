// A wish list someone shared by link (?ids=…): shown as it is, and taken over into one's own list.
import { Link, useHydrated, useNavigate } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { notify } from '~/components/notifications/notify'
import { Button, buttonClassName } from '~/components/ui/Button'
import { mergeIntoWishlist } from '~/components/wishlist/wishlist-store'
import { formatTripCount } from '~/lib/format'
import type { Wishlist } from '~/lib/wishlist'
import { wishlistTripsQuery } from '~/queries/wishlist'

export function SharedWishlist({ ids }: { ids: Wishlist }) {
  const { data } = useSuspenseQuery(wishlistTripsQuery(ids))
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const takeOver = () => {
    const { added, skipped } = mergeIntoWishlist(data.trips.map((t) => t.id))
    const message =
      added === 0
        ? 'Alle Reisen dieser Liste stehen schon auf Ihrer Merkliste.'
        : `${formatTripCount(added)} ${added === 1 ? 'wurde' : 'wurden'} in Ihre Merkliste übernommen.${skipped ? ` ${skipped} passten nicht mehr hinein.` : ''}`
    notify({ message })
    void navigate({ to: '/reiseuebersicht/merkliste/' })
  }
  return (
    <>
      <header className="page-header">
        <h1 className="page-title">Geteilte Merkliste</h1>
        <p className="lead">
          Diese Reisen hat jemand für Sie zusammengestellt. Übernehmen Sie sie in Ihre eigene Merkliste, um sie dort zu behalten.
        </p>
      </header>
      {data.trips.length ? (
        <>
          <p className="cluster">
            <Button variant="primary" onClick={takeOver} disabled={!hydrated}>
              In meine Merkliste übernehmen
            </Button>
            <Link to="/reiseuebersicht/merkliste/" className={buttonClassName({ variant: 'ghost' })}>
              Zu meiner Merkliste
            </Link>
          </p>
          <TripCardGrid trips={data.trips} headingLevel={2} priorityCount={2} />
        </>
      ) : null}
      {data.missing.length ? (
        <p className="alert alert--info">
          {data.missing.length === 1 ? 'Eine Reise dieser Liste ist' : `${data.missing.length} Reisen dieser Liste sind`} nicht mehr
          verfügbar.
        </p>
      ) : null}
    </>
  )
}
