import { AppLink } from '../ui/AppLink'
import { CardGrid, EntityCard } from './EntityCard'

export type LinkCard = { href: string; title: string; text: string }

/** Pages of the site as a grid of cards, each with a line on what the visitor finds there. */
export function LinkCards({ links }: { links: readonly LinkCard[] }) {
  return (
    <CardGrid
      items={links}
      className="service-links"
      renderItem={(link) => (
        <EntityCard key={link.href} title={link.title} renderLink={(props) => <AppLink href={link.href} {...props} />}>
          <p>{link.text}</p>
        </EntityCard>
      )}
    />
  )
}
