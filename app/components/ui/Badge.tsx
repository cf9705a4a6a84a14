import type { HTMLAttributes } from 'react'
import type { BadgeTone } from '~/lib/bookable'

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }

/** A short status label ("Buchbar", "Nur noch wenige Plätze"); the words carry the meaning, the colour only helps. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={['badge', `badge--${tone}`, className].filter(Boolean).join(' ')} {...rest} />
}
