import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ImageGrid } from '~/components/content/ImageGrid'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { pageFromSearch, pageSearch, pageSearchSchema, pagedTitle } from '~/lib/paging'
import { impressionQueries } from '~/queries/impressions'

export const Route = createFileRoute('/gallery/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(impressionQueries.gallery(deps.page))
    return { page: deps.page }
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: pagedTitle('Bildergalerie', loaderData?.page ?? 1) },
      { name: 'description', content: 'Bilder aus allen unseren Reisen – jedes Bild führt zur passenden Reise.' },
    ],
  }),
  component: GalleryPage,
})

function GalleryPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(impressionQueries.gallery(page))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Bildergalerie' }]} />
      <header className="page-header">
        <h1 className="page-title">Bildergalerie</h1>
        <p className="lead">Bilder aus unseren Reisen – unter jedem Bild finden Sie die passende Reise.</p>
        {data.paging.pages > 1 ? (
          <p className="text-muted">
            Seite {data.paging.page} von {data.paging.pages}
          </p>
        ) : null}
      </header>
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
      <Pagination
        pages={data.paging.pages}
        current={data.paging.page}
        renderLink={(target, props) => <Link to="/gallery/" search={pageSearch(target)} {...props} />}
      />
    </div>
  )
}
