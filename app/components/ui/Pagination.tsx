import type { ReactNode } from 'react'
import { VisuallyHidden } from './VisuallyHidden'

export type PageLinkProps = {
  className: string
  children: ReactNode
  'aria-current'?: 'page'
  rel?: 'prev' | 'next'
}

export type PaginationProps = {
  /** Number of pages (pages count from 1). */
  pages: number
  current: number
  className?: string
  /** Renders the link to a page (a typed `<Link to search>`): spread the props onto it. */
  renderLink: (page: number, props: PageLinkProps) => ReactNode
}

export type PageSlot = number | 'gap'

/**
 * The pages to show: always the first and the last, the current one with one neighbour on each
 * side, and a gap ('…') for each run left out. A gap never stands for a single page.
 */
export function pageWindow(pages: number, current: number, around = 1): PageSlot[] {
  const total = Math.max(0, Math.floor(pages))
  if (total === 0) return []
  const page = Math.min(Math.max(1, Math.floor(current)), total)
  const wanted = new Set<number>([1, total])
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= total) wanted.add(p)
  const sorted = [...wanted].sort((a, b) => a - b)
  const slots: PageSlot[] = []
  let previous = 0
  for (const p of sorted) {
    if (p - previous === 2) slots.push(previous + 1)
    else if (p - previous > 2) slots.push('gap')
    slots.push(p)
    previous = p
  }
  return slots
}

export function Pagination({ pages, current, renderLink, className }: PaginationProps) {
  const slots = pageWindow(pages, current)
  if (slots.length <= 1) return null
  const total = Math.floor(pages)
  const page = Math.min(Math.max(1, Math.floor(current)), total)

  return (
    <nav aria-label="Seitennavigation" className={className ? `pagination ${className}` : 'pagination'}>
      <ul className="pagination__list">
        {/* No dead "Vorherige Seite" on the first page (nor "Nächste Seite" on the last): nothing to announce that does nothing. */}
        {page > 1 ? (
          <li className="pagination__item pagination__item--prev">
            {renderLink(page - 1, { className: 'pagination__link pagination__link--step', rel: 'prev', children: <StepLabel direction="prev" /> })}
          </li>
        ) : null}
        {slots.map((slot, index) =>
          slot === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__item pagination__item--gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot} className="pagination__item">
              {renderLink(slot, {
                className: slot === page ? 'pagination__link pagination__link--current' : 'pagination__link',
                'aria-current': slot === page ? 'page' : undefined,
                children: (
                  <>
                    <VisuallyHidden>Seite </VisuallyHidden>
                    {slot}
                  </>
                ),
              })}
            </li>
          ),
        )}
        {page < total ? (
          <li className="pagination__item pagination__item--next">
            {renderLink(page + 1, { className: 'pagination__link pagination__link--step', rel: 'next', children: <StepLabel direction="next" /> })}
          </li>
        ) : null}
      </ul>
    </nav>
  )
}

function StepLabel({ direction }: { direction: 'prev' | 'next' }) {
  return direction === 'prev' ? (
    <>
      <span aria-hidden="true">‹ </span>Vorherige Seite
    </>
  ) : (
    <>
      Nächste Seite<span aria-hidden="true"> ›</span>
    </>
  )
}
