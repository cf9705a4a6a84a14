import { crumb } from '~/components/ui/Breadcrumbs'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { DetailPage } from '~/components/content/DetailPage'
import { Stars } from '~/components/content/Stars'
import { TripList } from '~/components/content/TripList'
import { pageFromSearch, pageSearch, pageSearchSchema } from '~/lib/paging'
import { hotelStarsLabel } from '~/lib/ratings'
import { hotelQueries } from '~/queries/hotels'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/hotels/$id/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, params, deps }) => {
    const { hotel } = await context.queryClient.ensureQueryData(hotelQueries.detail(params.id, deps.page))
    return { name: hotel.name, city: hotel.city }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: `${loaderData.name}, ${loaderData.city}`,
          description: `Hotel ${loaderData.name} in ${loaderData.city}: Beschreibung, Bilder und alle Reisen mit Übernachtung im Haus.`,
        })
      : {},
  component: HotelPage,
})

function HotelPage() {
  const { id } = Route.useParams()
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(hotelQueries.detail(id, page))
  const { hotel, trips, paging } = data
  return (
    <DetailPage
      crumbs={[crumb('Hotels', { to: '/hotels/' }), { label: hotel.name }]}
      header={
        <>
          <h1 className="page-title">{hotel.name}</h1>
          {hotel.stars !== null ? <Stars kind="hotel" value={hotel.stars} /> : null}
          <p className="text-muted">
            {hotel.city}
            {hotel.country ? (
              <>
                {', '}
                <Link to="/reiselaender/$/" params={{ _splat: hotel.country.slug }}>
                  {hotel.country.name}
                </Link>
              </>
            ) : null}
          </p>
        </>
      }
      images={hotel.images}
      description={hotel.description}
      facts={
        <dl className="facts">
          <dt>Ort</dt>
          <dd>{hotel.city}</dd>
          {hotel.country ? (
            <>
              <dt>Land</dt>
              <dd>{hotel.country.name}</dd>
            </>
          ) : null}
          <dt>Kategorie</dt>
          <dd>{hotel.stars !== null ? hotelStarsLabel(hotel.stars) : 'ohne offizielle Klassifizierung'}</dd>
        </dl>
      }
    >
      <TripList
        id="reisen"
        title="Reisen mit diesem Hotel"
        trips={trips}
        paging={paging}
        emptyText="Mit diesem Hotel sind gerade keine Reisen ausgeschrieben. Rufen Sie uns gerne an."
        renderPageLink={(target, props) => <Link to="/hotels/$id/" params={{ id }} search={pageSearch(target)} {...props} />}
      />
    </DetailPage>
  )
}
