import { AppLink } from './AppLink'

export type BreadcrumbItem = { label: string; href?: string }

export type BreadcrumbsProps = {
  /** From the start page to the current page; the last item is the current page and is not a link. */
  items: readonly BreadcrumbItem[]
}

export function Breadcrumbs({ items }: BreadcrumbsProps) {
  if (items.length === 0) return null
  return (
    <nav aria-label="Brotkrumen" className="breadcrumbs">
      <ol className="breadcrumbs__list">
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1
          const { href } = item
          return (
            <li key={`${index}-${item.label}`} className="breadcrumbs__item">
              {isCurrent || href === undefined ? (
                <span className="breadcrumbs__current" aria-current={isCurrent ? 'page' : undefined}>
                  {item.label}
                </span>
              ) : (
                <AppLink href={href} className="breadcrumbs__link">
                  {item.label}
                </AppLink>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
