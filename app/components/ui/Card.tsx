import type { HTMLAttributes } from 'react'

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** 'article' for a trip or blog teaser, 'li' inside a `.card-grid` list. */
  as?: 'article' | 'div' | 'li' | 'section'
  /** The whole card is clickable through its title link (`.card__link` stretches over the card). */
  interactive?: boolean
}

/**
 * A card frame. Inside: `.card__media` (image), `.card__body`, `.card__title`, `.card__meta`,
 * `.card__price`, `.card__footer`. Put cards in `<ul className="card-grid">`.
 */
export function Card({ as: Tag = 'article', interactive = false, className, ...rest }: CardProps) {
  return <Tag className={['card', interactive ? 'card--interactive' : '', className].filter(Boolean).join(' ')} {...rest} />
}
