import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { CardGrid, EntityCard } from '~/components/content/EntityCard'
import { ListPage } from '~/components/content/ListPage'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatDate, countOf } from '~/lib/format'
import type { ImpressionSummary } from '~/lib/impressions'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { impressionQueries } from '~/queries/impressions'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/reiseimpressionen/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(impressionQueries.list(deps.page)),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: titleOnPage('Reiseimpressionen', match.loaderDeps.page),
      description: 'Bilder von unseren Reisen: Fotogalerien unserer Gäste und Reiseleiter.',
    }),
  component: ImpressionsPage,
})

function ImpressionsPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(impressionQueries.list(page))
  return (
    <ListPage
      title="Reiseimpressionen"
      lead="Bilder von unterwegs – festgehalten von unseren Gästen und Reiseleitern."
      paging={data.paging}
      pageNote={false}
      renderPageLink={(target, props) => <Link to="/reiseimpressionen/" search={pageSearch(target)} {...props} />}
    >
      <CardGrid
        items={data.impressions}
        empty={<EmptyState title="Noch keine Reiseimpressionen" />}
        renderItem={(impression, index) => <ImpressionCard key={impression.id} impression={impression} priority={index === 0} />}
      />
    </ListPage>
  )
}

function ImpressionCard({ impression, priority }: { impression: ImpressionSummary; priority: boolean }) {
  return (
    <EntityCard
      title={impression.title}
      renderLink={(props) => <Link to="/reiseimpressionen/$data/" params={{ data: impression.slug }} {...props} />}
      headingLevel={2}
      image={impression.cover}
      priority={priority}
    >
      <p className="card__meta">
        {countOf(impression.imageCount, 'Bild', 'Bilder')}
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
    </EntityCard>
  )
}
