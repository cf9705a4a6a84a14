import { useHydrated } from '@tanstack/react-router'
import { notify } from '~/components/notifications/notify'
import { HeartIcon } from '~/components/layout/icons'
import { Button } from '~/components/ui/Button'
import { WISHLIST_MAX } from '~/lib/wishlist'
import { toggleWishlistEntry } from './wishlist-store'
import { useWishlist } from './useWishlist'

export type WishlistButtonProps = {
  tripId: number
  title: string
  /** In a list of cards the trip's title is added for screen readers, so that each button has its own name. */
  withTitle?: boolean
  size?: 'small' | 'normal'
}

/**
 * Puts a trip on the Merkliste or takes it off; the words say what a press will do. The list lives
 * in the browser, so the button is disabled until the page's scripts run (and know the list).
 */
export function WishlistButton({ tripId, title, withTitle = false, size = 'small' }: WishlistButtonProps) {
  const hydrated = useHydrated()
  const onList = useWishlist().includes(tripId)
  const toggle = () => {
    const { status } = toggleWishlistEntry(tripId)
    if (status === 'added') notify({ message: `„${title}“ steht jetzt auf Ihrer Merkliste.` })
    else if (status === 'removed') notify({ message: `„${title}“ wurde von Ihrer Merkliste entfernt.` })
    else if (status === 'full') {
      notify({
        message: `Ihre Merkliste ist voll (höchstens ${WISHLIST_MAX} Reisen). Bitte entfernen Sie zuerst eine andere Reise.`,
        color: 'warning',
      })
    }
  }
  const label = onList ? 'Von der Merkliste entfernen' : 'Auf die Merkliste'
  return (
    <Button
      variant={onList ? 'secondary' : 'ghost'}
      size={size}
      className={onList ? 'wishlist-button wishlist-button--on' : 'wishlist-button'}
      // The second click of a double click (many older visitors double-click) would take it off again.
      onClick={(event) => {
        if (event.detail < 2) toggle()
      }}
      disabled={!hydrated}
      // The visible words come first in the name (WCAG 2.5.3), the title tells the cards' buttons apart.
      aria-label={withTitle ? `${label}: ${title}` : undefined}
    >
      <HeartIcon className="wishlist-button__icon" />
      {label}
    </Button>
  )
}
