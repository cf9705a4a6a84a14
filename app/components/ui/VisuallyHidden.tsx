import type { HTMLAttributes, ReactNode } from 'react'

export type VisuallyHiddenProps = HTMLAttributes<HTMLElement> & {
  /** 'span' inside running text and buttons, 'div' or a heading for blocks. */
  as?: 'span' | 'div' | 'h1' | 'h2' | 'h3' | 'p' | 'label'
  children: ReactNode
}

/** Read by screen readers, not shown: extra context such as "Seite 3" or ", 2 Reisen". */
export function VisuallyHidden({ as: Tag = 'span', className, children, ...rest }: VisuallyHiddenProps) {
  return (
    <Tag className={className ? `visually-hidden ${className}` : 'visually-hidden'} {...rest}>
      {children}
    </Tag>
  )
}
