import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ImageGrid } from '~/components/content/ImageGrid'
import { ListPage } from '~/components/content/ListPage'
import { EmptyState } from '~/components/ui/EmptyState'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { impressionQueries } from '~/queries/impressions'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/gallery/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(impressionQueries.gallery(deps.page))
    return { page: deps.page }
  },
  head: ({ loaderData, match }) =>
    pageHead(match.context.site, {
      title: titleOnPage('Bildergalerie', loaderData?.page ?? 1),
      description: 'Bilder aus allen unseren Reisen – jedes Bild führt zur passenden Reise.',
    }),
  component: GalleryPage,
})

function GalleryPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(impressionQueries.gallery(page))
  return (
    <ListPage
      title="Bildergalerie"
      lead="Bilder aus unseren Reisen – unter jedem Bild finden Sie die passende Reise."
      paging={data.paging}
      renderPageLink={(target, props) => <Link to="/gallery/" search={pageSearch(target)} {...props} />}
    >
      {data.images.length ? (
        <ImageGrid
          images={data.images.map((i) => i.image)}
          priorityCount={3}
          caption={(_, index) => {
            const trip = data.images[index]?.trip
            return trip ? (
              <Link to="/reise/$id/" params={{ id: String(trip.id) }}>
                {trip.title}
              </Link>
            ) : null
          }}
        />
      ) : (
        <EmptyState title="Noch keine Bilder" />
      )}
    </ListPage>
  )
}
