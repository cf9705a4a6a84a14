import { Link } from '@tanstack/react-router'
import type { BlogEntry } from '~/lib/api'
import { blogEntrySplat } from '~/lib/blog-path'
import { formatDate } from '~/lib/format'
import { CARD_IMAGE_SIZES, EntityCard } from './EntityCard'

// Blog images are stored as a bare address; the card crops them to 3:2 anyway. The start page's
// teasers stand three in a row from 960 px and ask for a smaller picture.
const IMAGE = { width: 1200, height: 800, sizes: CARD_IMAGE_SIZES }
const COMPACT_IMAGE = { width: 600, height: 400, sizes: '(min-width: 960px) 33vw, 100vw' }

export type BlogCardProps = {
  entry: BlogEntry
  headingLevel?: 2 | 3
  priority?: boolean
  /** The start page's teaser: a smaller picture. */
  compact?: boolean
}

/** A blog entry as a card: picture, title linking to the entry, date and teaser. */
export function BlogCard({ entry, headingLevel = 3, priority = false, compact = false }: BlogCardProps) {
  const { sizes, ...size } = compact ? COMPACT_IMAGE : IMAGE
  return (
    <EntityCard
      title={entry.title}
      renderLink={(props) => <Link to="/blog/detail/$/" params={{ _splat: blogEntrySplat(entry) }} {...props} />}
      headingLevel={headingLevel}
      image={entry.image ? { src: entry.image, alt: '', ...size } : null}
      sizes={sizes}
      priority={priority}
    >
      <p className="card__meta">
        <time dateTime={entry.date_show}>{formatDate(entry.date_show)}</time>
      </p>
      {entry.teaser ? <p>{entry.teaser}</p> : null}
    </EntityCard>
  )
}
