import { hotelStarsLabel, ratingLabel, starGlyphs } from '~/lib/ratings'

export type StarsProps = {
  value: number
  /** 'rating': '4 von 5 Sternen' (a customer's rating); 'hotel': '4 Sterne' (a hotel category). */
  kind: 'rating' | 'hotel'
  className?: string
}

/** Stars as words, with the glyphs beside them only as decoration (screen readers read the words). */
export function Stars({ value, kind, className }: StarsProps) {
  const glyphs = kind === 'hotel' ? starGlyphs(value, Math.round(value)) : starGlyphs(value)
  return (
    <span className={['stars', className].filter(Boolean).join(' ')}>
      <span className="stars__glyphs" aria-hidden="true">
        {glyphs}
      </span>{' '}
      <span className="stars__text">{kind === 'hotel' ? hotelStarsLabel(value) : ratingLabel(value)}</span>
    </span>
  )
}
