import { Link } from '@tanstack/react-router'
import { categorySplat } from '~/lib/category-path'
import { formatTripCount } from '~/lib/format'
import { EntityCard } from '../content/EntityCard'

export type CategoryTile = { id: number; slug: string; name: string; journeys: number | null }

export type CategoryTilesProps = {
  categories: readonly CategoryTile[]
  /** Picture per category id (the start page has them). */
  images?: Readonly<Record<string, string>>
  /** Load the first pictures eagerly when they are the page's first large images. */
  priority?: boolean
}

/** The main category list as tiles linking to each category overview. */
export function CategoryTiles({ categories, images = {}, priority = false }: CategoryTilesProps) {
  return (
    <ul className="card-grid category-tiles">
      {categories.map((c, index) => {
        const image = images[String(c.id)]
        return (
          <EntityCard
            key={c.id}
            title={c.name}
            renderLink={(props) => (
              <Link to="/reiseuebersicht/$/" params={{ _splat: categorySplat({ category: c.slug, country: null, page: 1 }) }} {...props} />
            )}
            image={image ? { src: image, alt: '', width: 600, height: 400 } : null}
            sizes="(min-width: 960px) 25vw, 50vw"
            priority={priority && index < 2}
            className="category-tile"
          >
            <p className="card__meta">{formatTripCount(c.journeys ?? 0)}</p>
          </EntityCard>
        )
      })}
    </ul>
  )
}
