import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useHydrated, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { z } from 'zod'
import { TripCardGrid } from '~/components/catalogue/TripCardGrid'
import { notify } from '~/components/notifications/notify'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Button, buttonClassName } from '~/components/ui/Button'
import { EmptyState } from '~/components/ui/EmptyState'
import { Spinner } from '~/components/ui/Spinner'
import { useWishlist } from '~/components/wishlist/useWishlist'
import { mergeIntoWishlist, removeWishlistEntry } from '~/components/wishlist/wishlist-store'
import { formatTripCount } from '~/lib/format'
import { formatIdsParam, parseIdsParam, wishlistShareHref } from '~/lib/wishlist'
import type { Wishlist } from '~/lib/wishlist'
import { catalogueQueries } from '~/queries/catalogue'
import { pageTitle } from '~/lib/site'

/**
 * Spec 2 `/reiseuebersicht/merkliste`. The visitor's own list lives in this browser (localStorage),
 * so it is loaded after hydration; a shared list (`?ids=12,40,7`) is in the URL and rendered on the server.
 */
export const Route = createFileRoute('/reiseuebersicht/merkliste/')({
  validateSearch: z.object({ ids: z.union([z.string().max(1200), z.number()]).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ shared: formatIdsParam(parseIdsParam(search.ids)) }),
  loader: async ({ context, deps }) => {
    const shared = parseIdsParam(deps.shared)
    if (shared.length > 0) await context.queryClient.ensureQueryData(catalogueQueries.wishlist(shared))
    return { shared }
  },
  head: ({ loaderData, match }) => ({
    meta: [
      { title: pageTitle(match.context.site, loaderData?.shared.length ? 'Geteilte Merkliste' : 'Merkliste') },
      { name: 'description', content: 'Ihre gemerkten Reisen auf einen Blick – zum Vergleichen, Weitersagen und Buchen.' },
      // Personal (or shared) lists are no pages for search engines.
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: WishlistPage,
})

function WishlistPage() {
  const { shared } = Route.useLoaderData()
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Reiseübersicht', href: '/reiseuebersicht/' }, { label: 'Merkliste' }]} />
      {shared.length > 0 ? <SharedList ids={shared} /> : <OwnList />}
    </div>
  )
}

function SharedList({ ids }: { ids: Wishlist }) {
  const { data } = useSuspenseQuery(catalogueQueries.wishlist(ids))
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
        <p className="lead">Diese Reisen hat jemand für Sie zusammengestellt. Übernehmen Sie sie in Ihre eigene Merkliste, um sie dort zu behalten.</p>
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
          {data.missing.length === 1 ? 'Eine Reise dieser Liste ist' : `${data.missing.length} Reisen dieser Liste sind`} nicht mehr verfügbar.
        </p>
      ) : null}
    </>
  )
}

function OwnList() {
  const hydrated = useHydrated()
  const ids = useWishlist()
  return (
    <>
      <header className="page-header">
        <h1 className="page-title">Ihre Merkliste</h1>
        <p className="lead">Hier sammeln Sie Reisen, die Sie interessieren – gespeichert in diesem Browser, auch über mehrere Fenster hinweg.</p>
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
  const query = useQuery({ ...catalogueQueries.wishlist(ids), placeholderData: keepPreviousData })
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
