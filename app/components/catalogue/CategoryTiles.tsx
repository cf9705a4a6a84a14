import { Link } from '@tanstack/react-router'
import { categorySplat } from '~/lib/category-path'
import { Card } from '../ui/Card'
import { ResponsiveImage } from '../ui/ResponsiveImage'

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
          <Card as="li" interactive key={c.id} className="category-tile">
            {image ? (
              <div className="card__media">
                <ResponsiveImage src={image} alt="" width={600} height={400} sizes="(min-width: 960px) 25vw, 50vw" priority={priority && index < 2} />
              </div>
            ) : null}
            <div className="card__body">
              <h3 className="card__title">
                <Link to="/reiseuebersicht/$/" params={{ _splat: categorySplat({ category: c.slug, country: null, page: 1 }) }} className="card__link">
                  {c.name}
                </Link>
              </h3>
              <p className="card__meta">{c.journeys === 1 ? '1 Reise' : `${c.journeys ?? 0} Reisen`}</p>
            </div>
          </Card>
        )
      })}
    </ul>
  )
}
