import { Link } from '@tanstack/react-router'
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router'
import { CardGrid, EntityCard } from './EntityCard'

export type LinkCard = { title: string; text: string; link: ValidateLinkOptions }

/** A card of a page of the site: its `to` and `params` are checked against the route tree. */
export function linkCard<TOptions>(title: string, text: string, link: ValidateLinkOptions<RegisteredRouter, TOptions>): LinkCard
export function linkCard(title: string, text: string, link: ValidateLinkOptions): LinkCard {
  return { title, text, link }
}

/** Pages of the site as a grid of cards, each with a line on what the visitor finds there. */
export function LinkCards({ links }: { links: readonly LinkCard[] }) {
  return (
    <CardGrid
      items={links}
      className="service-links"
      renderItem={(card) => (
        <EntityCard key={card.title} title={card.title} renderLink={(props) => <Link {...card.link} {...props} />}>
          <p>{card.text}</p>
        </EntityCard>
      )}
    />
  )
}
