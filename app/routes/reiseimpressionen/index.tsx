import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Card } from '~/components/ui/Card'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { formatDate } from '~/lib/format'
import type { ImpressionSummary } from '~/lib/impressions'
import { pageFromSearch, pageSearch, pageSearchSchema, pagedTitle } from '~/lib/paging'
import { impressionQueries } from '~/queries/impressions'

export const Route = createFileRoute('/reiseimpressionen/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(impressionQueries.list(deps.page)),
  head: ({ match }) => ({
    meta: [
      { title: pagedTitle('Reiseimpressionen', match.loaderDeps.page) },
      { name: 'description', content: 'Bilder von unseren Reisen: Fotogalerien unserer Gäste und Reiseleiter.' },
    ],
  }),
  component: ImpressionsPage,
})

function ImpressionsPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(impressionQueries.list(page))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Reiseimpressionen' }]} />
      <header className="page-header">
        <h1 className="page-title">Reiseimpressionen</h1>
        <p className="lead">Bilder von unterwegs – festgehalten von unseren Gästen und Reiseleitern.</p>
      </header>
      {data.impressions.length ? (
        <ul className="card-grid">
          {data.impressions.map((impression, index) => (
            <ImpressionCard key={impression.id} impression={impression} priority={index === 0} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Noch keine Reiseimpressionen" />
      )}
      <Pagination
        pages={data.paging.pages}
        current={data.paging.page}
        renderLink={(target, props) => <Link to="/reiseimpressionen/" search={pageSearch(target)} {...props} />}
      />
    </div>
  )
}

function ImpressionCard({ impression, priority }: { impression: ImpressionSummary; priority: boolean }) {
  return (
    <Card as="li" interactive>
      {impression.cover ? (
        <div className="card__media">
          <ResponsiveImage
            src={impression.cover.src}
            alt={impression.cover.alt}
            width={impression.cover.width}
            height={impression.cover.height}
            sizes="(min-width: 1280px) 400px, (min-width: 600px) 50vw, 100vw"
            priority={priority}
          />
        </div>
      ) : null}
      <div className="card__body">
        <h2 className="card__title">
          <Link to="/reiseimpressionen/$data/" params={{ data: impression.slug }} className="card__link">
            {impression.title}
          </Link>
        </h2>
        <p className="card__meta">
          {impression.imageCount === 1 ? '1 Bild' : `${impression.imageCount} Bilder`}
          {impression.travelledOn ? ` · ${formatDate(impression.travelledOn)}` : null}
        </p>
        {impression.trip ? (
          <p>
            Zur Reise:{' '}
            <Link to="/reise/$id/" params={{ id: String(impression.trip.id) }}>
              {impression.trip.title}
            </Link>
          </p>
        ) : null}
      </div>
    </Card>
  )
}
