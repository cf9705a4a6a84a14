import { Link } from '@tanstack/react-router'
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router'

export type BreadcrumbItem = { label: string; link?: ValidateLinkOptions }

/** A crumb that links: its `to` and `params` are checked against the route tree, so a renamed route fails the type check. */
export function crumb<TOptions>(label: string, link: ValidateLinkOptions<RegisteredRouter, TOptions>): BreadcrumbItem
export function crumb(label: string, link: ValidateLinkOptions): BreadcrumbItem {
  return { label, link }
}

export type BreadcrumbsProps = {
  /** The way from the start page (which comes first by itself) to the current page, which is last and no link. */
  items: readonly BreadcrumbItem[]
}

const START = crumb('Startseite', { to: '/' })

export function Breadcrumbs({ items: path }: BreadcrumbsProps) {
  if (path.length === 0) return null
  const items = [START, ...path]
  return (
    <nav aria-label="Brotkrumen" className="breadcrumbs">
      <ol className="breadcrumbs__list">
        {items.map((item, index) => {
          const isCurrent = index === items.length - 1
          const { link } = item
          return (
            <li key={`${index}-${item.label}`} className="breadcrumbs__item">
              {isCurrent || link === undefined ? (
                <span className="breadcrumbs__current" aria-current={isCurrent ? 'page' : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link {...link} className="breadcrumbs__link">
                  {item.label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
