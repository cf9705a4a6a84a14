// The visitor's own wish list, kept in this browser (and in the account when signed in): its trips, removing them, and sharing the list.
import { Link, useHydrated } from '@tanstack/react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useAccountState } from '~/components/account/use-account-state'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { notify } from '~/components/notifications/notify'
import { Button, buttonClassName } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { Spinner } from '~/components/ui/Spinner'
import { useWishlist } from '~/components/wishlist/useWishlist'
import { removeWishlistEntry } from '~/components/wishlist/wishlist-store'
import { formatTripCount } from '~/lib/format'
import { wishlistShareHref } from '~/lib/wishlist'
import type { Wishlist } from '~/lib/wishlist'
import { wishlistTripsQuery } from '~/queries/wishlist'

export function OwnWishlist() {
  const hydrated = useHydrated()
  const ids = useWishlist()
  const account = useAccountState()
  const signedIn = account !== 'pending' && account.signedIn
  return (
    <>
      <header className="page-header">
        <h1 className="page-title">Ihre Merkliste</h1>
        <p className="lead">
          {signedIn
            ? 'Hier sammeln Sie Reisen, die Sie interessieren – gespeichert in Ihrem Kundenkonto, auf jedem Gerät, auf dem Sie angemeldet sind.'
            : 'Hier sammeln Sie Reisen, die Sie interessieren – gespeichert in diesem Browser, auch über mehrere Fenster hinweg.'}
        </p>
      </header>
      {!hydrated ? (
        <Spinner label="Merkliste wird geladen …" />
      ) : ids.length === 0 ? (
        <EmptyState
          title="Ihre Merkliste ist leer"
          text={<p>Mit „Auf die Merkliste“ bei einer Reise legen Sie sie hier ab – zum Vergleichen, Weitersagen und späteren Buchen.</p>}
          action={
            <Link to="/reiseuebersicht/$/" params={{ _splat: '' }} className={buttonClassName({ variant: 'primary' })}>
              Reisen entdecken
            </Link>
          }
        />
      ) : (
        <OwnTrips ids={ids} />
      )}
    </>
  )
}

function OwnTrips({ ids }: { ids: Wishlist }) {
  // Keeping the previous answer while a changed list loads avoids an empty flash after each removal.
  const query = useQuery({ ...wishlistTripsQuery(ids), placeholderData: keepPreviousData })
  if (query.isError && !query.data) {
    return (
      <div className="alert alert--error" role="alert">
        <p>Ihre Merkliste konnte gerade nicht geladen werden. Bitte versuchen Sie es noch einmal.</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Erneut versuchen
        </Button>
      </div>
    )
  }
  if (!query.data) return <Spinner label="Merkliste wird geladen …" />
  // Only what is still on the list: a removed trip disappears at once, before the new answer arrives.
  const trips = query.data.trips.filter((t) => ids.includes(t.id))
  const missing = query.data.missing.filter((id) => ids.includes(id))
  const count = ids.length
  return (
    <>
      <p>{formatTripCount(count)} auf Ihrer Merkliste</p>
      {trips.length ? <TripCardGrid trips={trips} headingLevel={2} priorityCount={2} /> : null}
      {missing.length ? (
        <section className="section section--tight" aria-labelledby="nicht-verfuegbar">
          <h2 id="nicht-verfuegbar">Nicht mehr verfügbar</h2>
          <p>Diese Reisen werden nicht mehr angeboten. Sie können sie von Ihrer Merkliste entfernen.</p>
          <ul className="missing-trips">
            {missing.map((id) => (
              <li key={id} className="missing-trips__item">
                <span>Reise Nr. {id} – nicht mehr verfügbar</span>
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={`Entfernen: Reise Nr. ${id}`}
                  onClick={() => {
                    removeWishlistEntry(id)
                    notify({ message: `Reise Nr. ${id} wurde von Ihrer Merkliste entfernt.` })
                  }}
                >
                  Entfernen
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Only trips that still exist are worth sharing. */}
      {trips.length ? <ShareList ids={trips.map((t) => t.id)} /> : null}
    </>
  )
}

function ShareList({ ids }: { ids: Wishlist }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  const url = new URL(wishlistShareHref(ids), window.location.origin).href
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      notify({ message: 'Der Link zu Ihrer Merkliste ist kopiert.' })
    } catch {
      notify({ message: 'Bitte kopieren Sie den Link aus dem Feld.', color: 'warning' })
    }
  }
  return (
    <section className="section section--tight share-box" aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`}>Merkliste teilen</h2>
      <p>Mit diesem Link sieht jemand anderes – zum Beispiel Ihre Reisebegleitung – dieselben Reisen.</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-link`}>
          Link zu Ihrer Merkliste
        </label>
        <input id={`${id}-link`} type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <p className="cluster">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Link kopiert' : 'Link kopieren'}
        </Button>
        <a
          className={buttonClassName({ variant: 'ghost' })}
          href={`mailto:?subject=${encodeURIComponent('Meine Merkliste')}&body=${encodeURIComponent(`Diese Reisen habe ich mir gemerkt: ${url}`)}`}
        >
          Per E-Mail senden
        </a>
      </p>
    </section>
  )
}
