import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Stars } from '~/components/content/Stars'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Card } from '~/components/ui/Card'
import { EmptyState } from '~/components/ui/EmptyState'
import { Pagination } from '~/components/ui/Pagination'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import type { HotelSummary } from '~/lib/hotels'
import { pageFromSearch, pageSearch, pageSearchSchema, pagedTitle } from '~/lib/paging'
import { hotelQueries } from '~/queries/hotels'

export const Route = createFileRoute('/hotels/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(hotelQueries.list(deps.page)),
  head: ({ match }) => ({
    meta: [
      { title: pagedTitle('Unsere Hotels', match.loaderDeps.page) },
      { name: 'description', content: 'Die Hotels unserer Reisen: Lage, Kategorie, Beschreibung und alle Reisen mit Übernachtung im Haus.' },
    ],
  }),
  component: HotelsPage,
})

function HotelsPage() {
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(hotelQueries.list(page))
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Hotels' }]} />
      <header className="page-header">
        <h1 className="page-title">Unsere Hotels</h1>
        <p className="lead">Ausgewählte Häuser, in denen unsere Gäste übernachten – mit Kategorie, Lage und allen Reisen.</p>
        {data.paging.pages > 1 ? (
          <p className="text-muted">
            Seite {data.paging.page} von {data.paging.pages}
          </p>
        ) : null}
      </header>
      {data.hotels.length ? (
        <ul className="card-grid">
          {data.hotels.map((hotel, index) => (
            <HotelCard key={hotel.id} hotel={hotel} priority={index === 0} />
          ))}
        </ul>
      ) : (
        <EmptyState title="Zurzeit sind keine Hotels eingetragen" />
      )}
      <Pagination
        pages={data.paging.pages}
        current={data.paging.page}
        renderLink={(target, props) => <Link to="/hotels/" search={pageSearch(target)} {...props} />}
      />
    </div>
  )
}

function HotelCard({ hotel, priority }: { hotel: HotelSummary; priority: boolean }) {
  return (
    <Card as="li" interactive>
      {hotel.image ? (
        <div className="card__media">
          <ResponsiveImage
            src={hotel.image.src}
            alt={hotel.image.alt}
            width={hotel.image.width}
            height={hotel.image.height}
            sizes="(min-width: 1280px) 400px, (min-width: 600px) 50vw, 100vw"
            priority={priority}
          />
        </div>
      ) : null}
      <div className="card__body">
        <h2 className="card__title">
          <Link to="/hotels/$id/" params={{ id: String(hotel.id) }} className="card__link">
            {hotel.name}
          </Link>
        </h2>
        {hotel.stars !== null ? <Stars kind="hotel" value={hotel.stars} /> : null}
        <p className="card__meta">
          {[hotel.city, hotel.country?.name].filter(Boolean).join(', ')} · {hotel.trips === 1 ? '1 Reise' : `${hotel.trips} Reisen`}
        </p>
      </div>
    </Card>
  )
}
