import { AppLink } from './AppLink'

export type BreadcrumbItem = { label: string; href?: string }

export type BreadcrumbsProps = {
  /** The way from the start page (which comes first by itself) to the current page, which is last and no link. */
  items: readonly BreadcrumbItem[]
}

const START: BreadcrumbItem = { label: 'Startseite', href: '/' }

export function Breadcrumbs({ items: path }: BreadcrumbsProps) {
  if (path.length === 0) return null
  const items = [START, ...path]
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
