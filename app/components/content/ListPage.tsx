// The frame of the list pages (hotels, ships, galleries, blog, testimonials, destinations):
// breadcrumbs, the page header, the list, and the pagination below it.
import type { ReactNode } from 'react'
import type { Paged } from '~/lib/paging'
import { Breadcrumbs } from '../ui/Breadcrumbs'
import { Pagination } from '../ui/Pagination'
import type { PageLinkProps } from '../ui/Pagination'

type Paging =
  | {
      paging: Paged
      /** A typed router link to one page of this list: spread the props onto it. */
      renderPageLink: (page: number, props: PageLinkProps) => ReactNode
      /** 'Seite 2 von 5' under the lead while the list has more than one page (default true). */
      pageNote?: boolean
    }
  | { paging?: never; renderPageLink?: never; pageNote?: never }

export type ListPageProps = Paging & {
  title: string
  /** The last breadcrumb, when the page's short name differs from its title. */
  crumb?: string
  lead: ReactNode
  children: ReactNode
  /** Shown below the pagination, e.g. links to related pages. */
  after?: ReactNode
}

export function ListPage({ title, crumb = title, lead, paging, renderPageLink, pageNote = true, children, after }: ListPageProps) {
  return (
    <div className="container section">
      <Breadcrumbs items={[{ label: crumb }]} />
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="lead">{lead}</p>
        {paging && pageNote && paging.pages > 1 ? (
          <p className="text-muted">
            Seite {paging.page} von {paging.pages}
          </p>
        ) : null}
      </header>
      {children}
      {paging && renderPageLink ? <Pagination pages={paging.pages} current={paging.page} renderLink={renderPageLink} /> : null}
      {after}
    </div>
  )
}
