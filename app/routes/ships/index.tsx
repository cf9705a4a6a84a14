import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { Card } from '~/components/ui/Card'
import { EmptyState } from '~/components/ui/EmptyState'
import { ResponsiveImage } from '~/components/ui/ResponsiveImage'
import { groupShipsByKind, shipKindLabel } from '~/lib/ships'
import type { ShipSummary } from '~/lib/ships'
import { shipQueries } from '~/queries/ships'

export const Route = createFileRoute('/ships/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(shipQueries.list()),
  head: () => ({
    meta: [
      { title: 'Unsere Schiffe – Sonnenland Reisen' },
      { name: 'description', content: 'Fluss- und Hochseeschiffe unserer Kreuzfahrten: Ausstattung, Fakten und alle Reisen an Bord.' },
    ],
  }),
  component: ShipsPage,
})

function ShipsPage() {
  const { data: ships } = useSuspenseQuery(shipQueries.list())
  const groups = groupShipsByKind(ships)
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: 'Startseite', href: '/' }, { label: 'Schiffe' }]} />
      <header className="page-header">
        <h1 className="page-title">Unsere Schiffe</h1>
        <p className="lead">Auf diesen Fluss- und Hochseeschiffen sind Sie mit uns unterwegs – mit Fakten zu Bord und Kabinen und allen Reisen.</p>
      </header>
      {groups.length === 0 ? <EmptyState title="Zurzeit sind keine Schiffe eingetragen" /> : null}
      {groups.map((group) => (
        <section key={group.kind} className="section section--tight" aria-labelledby={`schiffe-${group.kind}`}>
          <h2 id={`schiffe-${group.kind}`}>{shipKindLabel(group.kind, true)}</h2>
          <ul className="card-grid">
            {group.ships.map((ship, index) => (
              <ShipCard key={ship.id} ship={ship} priority={index === 0 && group === groups[0]} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function ShipCard({ ship, priority }: { ship: ShipSummary; priority: boolean }) {
  return (
    <Card as="li" interactive>
      {ship.image ? (
        <div className="card__media">
          <ResponsiveImage
            src={ship.image.src}
            alt={ship.image.alt}
            width={ship.image.width}
            height={ship.image.height}
            sizes="(min-width: 1280px) 400px, (min-width: 600px) 50vw, 100vw"
            priority={priority}
          />
        </div>
      ) : null}
      <div className="card__body">
        <h3 className="card__title">
          <Link to="/ships/$id/" params={{ id: String(ship.id) }} className="card__link">
            {ship.name}
          </Link>
        </h3>
        <p className="card__meta">
          {shipKindLabel(ship.kind)} · {ship.trips === 1 ? '1 Reise' : `${ship.trips} Reisen`}
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
      </div>
    </Card>
  )
}
