import type { ReactNode } from 'react'

export type EmptyStateProps = {
  title: string
  text?: ReactNode
  /** One way forward, e.g. a link to the search or the phone number. */
  action?: ReactNode
  headingLevel?: 2 | 3
  className?: string
}

export function EmptyState({ title, text, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <Heading className="empty-state__title">{title}</Heading>
      {text ? <div className="empty-state__text">{text}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  )
}
