import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { CardGrid, EntityCard } from '~/components/content/EntityCard'
import { ListPage } from '~/components/content/ListPage'
import { Stars } from '~/components/content/Stars'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatTripCount } from '~/lib/format'
import type { HotelSummary } from '~/lib/hotels'
import { pageFromSearch, pageSearch, pageSearchSchema, titleOnPage } from '~/lib/paging'
import { hotelQueries } from '~/queries/hotels'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/hotels/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(hotelQueries.list(deps.page)),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: titleOnPage('Unsere Hotels', match.loaderDeps.page),
      description: 'Die Hotels unserer Reisen: Lage, Kategorie, Beschreibung und alle Reisen mit Übernachtung im Haus.',
    }),
  component: HotelsPage,
})

function HotelsPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(hotelQueries.list(page))
  return (
    <ListPage
      crumb="Hotels"
      title="Unsere Hotels"
      lead="Ausgewählte Häuser, in denen unsere Gäste übernachten – mit Kategorie, Lage und allen Reisen."
      paging={data.paging}
      renderPageLink={(target, props) => <Link to="/hotels/" search={pageSearch(target)} {...props} />}
    >
      <CardGrid
        items={data.hotels}
        empty={<EmptyState title="Zurzeit sind keine Hotels eingetragen" />}
        renderItem={(hotel, index) => <HotelCard key={hotel.id} hotel={hotel} priority={index === 0} />}
      />
    </ListPage>
  )
}

function HotelCard({ hotel, priority }: { hotel: HotelSummary; priority: boolean }) {
  return (
    <EntityCard
      title={hotel.name}
      renderLink={(props) => <Link to="/hotels/$id/" params={{ id: String(hotel.id) }} {...props} />}
      headingLevel={2}
      image={hotel.image}
      priority={priority}
    >
      {hotel.stars !== null ? <Stars kind="hotel" value={hotel.stars} /> : null}
      <p className="card__meta">
        {[hotel.city, hotel.country?.name].filter(Boolean).join(', ')} · {formatTripCount(hotel.trips)}
      </p>
    </EntityCard>
  )
}
