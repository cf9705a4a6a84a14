import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { ImageGrid } from '~/components/content/ImageGrid'
import { TripList } from '~/components/content/TripList'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { pageFromSearch, pageSearch, pageSearchSchema } from '~/lib/paging'
import { shipKindLabel } from '~/lib/ships'
import { shipQueries } from '~/queries/ships'

export const Route = createFileRoute('/ships/$id/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, params, deps }) => {
    const { ship } = await context.queryClient.ensureQueryData(shipQueries.detail(params.id, deps.page))
    return { name: ship.name, kind: ship.kind }
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? [
          { title: `${loaderData.name} – Sonnenland Reisen` },
          {
            name: 'description',
            content: `${shipKindLabel(loaderData.kind)} ${loaderData.name}: Beschreibung, Fakten, Bilder und alle Reisen an Bord.`,
          },
        ]
      : [],
  }),
  component: ShipPage,
})

function ShipPage() {
  const { id } = Route.useParams()
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(shipQueries.detail(id, page))
  const { ship, trips, paging } = data
  const [hero, ...more] = ship.images
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Schiffe', href: '/ships/' }, { label: ship.name }]} />
      <header className="page-header">
        <p className="text-muted">{shipKindLabel(ship.kind)}</p>
        <h1 className="page-title">{ship.name}</h1>
      </header>
      <div className="detail-layout">
        {hero ? (
          <div className="detail-layout__media">
            <ResponsiveImage src={hero.src} alt={hero.alt} width={hero.width} height={hero.height} sizes="(min-width: 960px) 50vw, 100vw" priority />
          </div>
        ) : null}
        <div className="detail-layout__text">
          {ship.description ? <div className="prose" dangerouslySetInnerHTML={{ __html: ship.description }} /> : null}
          {ship.facts.length ? (
            <div className="table-wrap">
              <table className="table facts-table">
                <caption>Fakten zum Schiff</caption>
                <tbody>
                  {ship.facts.map((fact) => (
                    <tr key={fact.label}>
                      <th scope="row">{fact.label}</th>
                      <td>{fact.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      </div>
      {more.length ? (
        <section className="section section--tight" aria-labelledby="bilder">
          <h2 id="bilder">Bilder</h2>
          <ImageGrid images={more} />
        </section>
      ) : null}
      <TripList
        id="reisen"
        title={`Reisen mit der ${ship.name}`}
        trips={trips}
        paging={paging}
        emptyText="Für dieses Schiff sind gerade keine Reisen ausgeschrieben. Rufen Sie uns gerne an."
        renderPageLink={(target, props) => <Link to="/ships/$id/" params={{ id }} search={pageSearch(target)} {...props} />}
      />
    </div>
  )
}
