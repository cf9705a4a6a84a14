import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { formatIdsParam, parseIdsParam } from '~/lib/wishlist'
import { OwnWishlist } from '~/components/wishlist/OwnWishlist'
import { SharedWishlist } from '~/components/wishlist/SharedWishlist'
import { wishlistTripsQuery } from '~/queries/wishlist'
import { pageHead } from '~/lib/head'

/**
 * Spec 2 `/reiseuebersicht/merkliste`. The visitor's own list lives in this browser (localStorage),
 * so it is loaded after hydration; a shared list (`?ids=12,40,7`) is in the URL and rendered on the server.
 */
export const Route = createFileRoute('/reiseuebersicht/merkliste/')({
  validateSearch: z.lazy(() =>
    z.object({
      ids: z.catch(z.optional(z.union([z.string().check(z.maxLength(1200)), z.number()])), undefined),
    }),
  ),
  loaderDeps: ({ search }) => ({ shared: formatIdsParam(parseIdsParam(search.ids)) }),
  loader: async ({ context, deps }) => {
    const shared = parseIdsParam(deps.shared)
    if (shared.length > 0) await context.queryClient.ensureQueryData(wishlistTripsQuery(shared))
    return { shared }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, {
      title: loaderData?.shared.length ? 'Geteilte Merkliste' : 'Merkliste',
      description: 'Ihre gemerkten Reisen auf einen Blick – zum Vergleichen, Weitersagen und Buchen.',
      // Personal (or shared) lists are no pages for search engines.
      robots: 'noindex',
    }),
  component: WishlistPage,
})

function WishlistPage() {
  const { shared } = Route.useLoaderData()
  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Reiseübersicht', { to: '/reiseuebersicht/$/', params: { _splat: '' } }), { label: 'Merkliste' }]} />
      {shared.length > 0 ? <SharedWishlist ids={shared} /> : <OwnWishlist />}
    </div>
  )
}
