import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ImageGrid } from '~/components/content/ImageGrid'
import { Breadcrumbs, crumb } from '~/components/ui/Breadcrumbs'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatDate, countOf } from '~/lib/format'
import { impressionQueries } from '~/queries/impressions'
import { pageHead } from '~/lib/head'

/** Spec 2 /reiseimpressionen/{data}: decision: {data} is the gallery's slug. */
export const Route = createFileRoute('/reiseimpressionen/$data/')({
  loader: async ({ context, params }) => {
    const impression = await context.queryClient.ensureQueryData(impressionQueries.detail(params.data))
    return { title: impression.title, count: impression.imageCount }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: [loaderData.title, 'Reiseimpressionen'],
          description: `${loaderData.count} Bilder: ${loaderData.title}. Reiseimpressionen von ${match.context.site.name}.`,
        })
      : {},
  component: ImpressionPage,
})

function ImpressionPage() {
  const { data: slug } = Route.useParams()
  const { data: impression } = useSuspenseQuery(impressionQueries.detail(slug))
  return (
    <div className="container section">
      <Breadcrumbs items={[crumb('Reiseimpressionen', { to: '/reiseimpressionen/' }), { label: impression.title }]} />
      <header className="page-header">
        <h1 className="page-title">{impression.title}</h1>
        <p className="text-muted">
          {countOf(impression.imageCount, 'Bild', 'Bilder')}
          {impression.travelledOn ? ` · gereist am ${formatDate(impression.travelledOn)}` : null}
        </p>
        {impression.trip ? (
          <p>
            Diese Bilder entstanden auf der Reise{' '}
            <Link to="/reise/$id/" params={{ id: String(impression.trip.id) }}>
              {impression.trip.title}
            </Link>
            .
          </p>
        ) : null}
      </header>
      {impression.images.length ? (
        <ImageGrid images={impression.images} priorityCount={3} />
      ) : (
        <EmptyState title="Diese Galerie enthält noch keine Bilder" />
      )}
    </div>
  )
}
