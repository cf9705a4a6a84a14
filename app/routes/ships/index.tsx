import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { CardGrid, EntityCard } from '~/components/content/EntityCard'
import { ListPage } from '~/components/content/ListPage'
import { EmptyState } from '~/components/ui/EmptyState'
import { formatTripCount } from '~/lib/format'
import { groupShipsByKind, shipKindLabel } from '~/lib/ships'
import type { ShipSummary } from '~/lib/ships'
import { shipQueries } from '~/queries/ships'
import { pageHead } from '~/lib/head'

export const Route = createFileRoute('/ships/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(shipQueries.list()),
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Unsere Schiffe',
      description: 'Fluss- und Hochseeschiffe unserer Kreuzfahrten: Ausstattung, Fakten und alle Reisen an Bord.',
    }),
  component: ShipsPage,
})

function ShipsPage() {
  const { data: ships } = useSuspenseQuery(shipQueries.list())
  const groups = groupShipsByKind(ships)
  return (
    <ListPage
      crumb="Schiffe"
      title="Unsere Schiffe"
      lead="Auf diesen Fluss- und Hochseeschiffen sind Sie mit uns unterwegs – mit Fakten zu Bord und Kabinen und allen Reisen."
    >
      {groups.length === 0 ? <EmptyState title="Zurzeit sind keine Schiffe eingetragen" /> : null}
      {groups.map((group) => (
        <section key={group.kind} className="section section--tight" aria-labelledby={`schiffe-${group.kind}`}>
          <h2 id={`schiffe-${group.kind}`}>{shipKindLabel(group.kind, true)}</h2>
          <CardGrid
            items={group.ships}
            renderItem={(ship, index) => <ShipCard key={ship.id} ship={ship} priority={index === 0 && group === groups[0]} />}
          />
        </section>
      ))}
    </ListPage>
  )
}

function ShipCard({ ship, priority }: { ship: ShipSummary; priority: boolean }) {
  return (
    <EntityCard
      title={ship.name}
      renderLink={(props) => <Link to="/ships/$id/" params={{ id: String(ship.id) }} {...props} />}
      image={ship.image}
      priority={priority}
    >
      <p className="card__meta">
        {shipKindLabel(ship.kind)} · {formatTripCount(ship.trips)}
      </p>
      {ship.keyFacts.length ? (
        <dl className="facts card__facts">
          {ship.keyFacts.map((fact) => (
            <div key={fact.label} className="facts__row">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </EntityCard>
  )
}
