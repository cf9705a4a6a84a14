import { crumb } from '~/components/ui/Breadcrumbs'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { DetailPage } from '~/components/content/DetailPage'
import { TripList } from '~/components/content/TripList'
import { pageFromSearch, pageSearch, pageSearchSchema } from '~/lib/paging'
import { shipKindLabel } from '~/lib/ships'
import { shipQueries } from '~/queries/ships'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/ships/$id/')({
  validateSearch: pageSearchSchema,
  loaderDeps: ({ search }) => ({ page: pageFromSearch(search) }),
  loader: async ({ context, params, deps }) => {
    const { ship } = await context.queryClient.ensureQueryData(shipQueries.detail(params.id, deps.page))
    return { name: ship.name, kind: ship.kind }
  },
  head: ({ loaderData, match }) =>
    loaderData
      ? pageHead(match.context.site, {
          title: loaderData.name,
          description: `${shipKindLabel(loaderData.kind)} ${loaderData.name}: Beschreibung, Fakten, Bilder und alle Reisen an Bord.`,
        })
      : {},
  component: ShipPage,
})

function ShipPage() {
  const { id } = Route.useParams()
  const { page } = Route.useLoaderDeps()
  const { data } = useSuspenseQuery(shipQueries.detail(id, page))
  const { ship, trips, paging } = data
  return (
    <DetailPage
      crumbs={[crumb('Schiffe', { to: '/ships/' }), { label: ship.name }]}
      header={
        <>
          <p className="text-muted">{shipKindLabel(ship.kind)}</p>
          <h1 className="page-title">{ship.name}</h1>
        </>
      }
      images={ship.images}
      description={ship.description}
      facts={
        ship.facts.length ? (
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
        ) : null
      }
    >
      <TripList
        id="reisen"
        title={`Reisen mit der ${ship.name}`}
        trips={trips}
        paging={paging}
        emptyText="Für dieses Schiff sind gerade keine Reisen ausgeschrieben. Rufen Sie uns gerne an."
        renderPageLink={(target, props) => <Link to="/ships/$id/" params={{ id }} search={pageSearch(target)} {...props} />}
      />
    </DetailPage>
  )
}
