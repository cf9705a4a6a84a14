import { VisuallyHidden } from './VisuallyHidden'

export type SpinnerProps = {
  /** What is loading, read by screen readers. */
  label?: string
  size?: 'small' | 'medium' | 'large'
  /** Inside a button or a region that already says it is busy: hidden from screen readers. */
  decorative?: boolean
  className?: string
}

export function Spinner({ label = 'Wird geladen …', size = 'medium', decorative = false, className }: SpinnerProps) {
  const classes = ['spinner', `spinner--${size}`, className].filter(Boolean).join(' ')
  if (decorative) return <span className={classes} aria-hidden="true" />
  return (
    <span role="status" className="spinner-wrap">
      <span className={classes} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  )
}
