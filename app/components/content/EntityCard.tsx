import type { ReactNode } from 'react'
import type { ImageRefData } from '~/lib/image-ref'
import { Card } from '../ui/Card'
import { ResponsiveImage } from '../ui/ResponsiveImage'

/** A card in a `.card-grid` of three columns from 1280 px, two from 600 px, one on a phone. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 600px) 50vw, 100vw'

export type CardLinkProps = { className: string; children: ReactNode }

export type EntityCardProps = {
  title: string
  /** The title link, typed by the caller (a router `<Link>` or an `<AppLink>`): spread the props onto it. */
  renderLink: (props: CardLinkProps) => ReactNode
  /** Heading level of the title inside the surrounding page outline. */
  headingLevel?: 2 | 3
  image?: ImageRefData | null
  sizes?: string
  priority?: boolean
  className?: string
  /** What follows the title: meta line, teaser, facts, actions. */
  children?: ReactNode
}

/** One item of a card grid (a trip, hotel, ship, gallery, blog entry …): picture, linked title and body. */
export function EntityCard({ title, renderLink, headingLevel = 3, image, sizes = CARD_IMAGE_SIZES, priority = false, className, children }: EntityCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <Card as="li" interactive className={className}>
      {image ? (
        <div className="card__media">
          <ResponsiveImage src={image.src} alt={image.alt} width={image.width} height={image.height} sizes={sizes} priority={priority} />
        </div>
      ) : null}
      <div className="card__body">
        <Heading className="card__title">{renderLink({ className: 'card__link', children: title })}</Heading>
        {children}
      </div>
    </Card>
  )
}

export type CardGridProps<T> = {
  items: readonly T[]
  /** One `<EntityCard>` (or another `<li>`) per item. */
  renderItem: (item: T, index: number) => ReactNode
  /** Shown instead of the grid when there are no items. */
  empty?: ReactNode
  className?: string
}

/** Cards in the site's grid, or the empty state when there is nothing to show. */
export function CardGrid<T>({ items, renderItem, empty = null, className }: CardGridProps<T>) {
  if (items.length === 0) return empty
  return <ul className={className ? `card-grid ${className}` : 'card-grid'}>{items.map(renderItem)}</ul>
}
