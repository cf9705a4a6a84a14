import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { SORT_DIRECTION_OPTIONS, SORT_OPTIONS, categoryPath, categorySplat, sortSearch } from '~/lib/category-path'
import type { CategoryPath, CategorySearch } from '~/lib/category-path'
import { SORT_BY, SORT_DIRECTIONS } from '~/lib/search/sort'
import type { SortBy, SortDirection } from '~/lib/search/sort'
import { Button } from '../ui/Button'

const isSortBy = (v: string): v is SortBy => SORT_BY.some((s) => s === v)
const isDirection = (v: string): v is SortDirection => SORT_DIRECTIONS.some((s) => s === v)

/**
 * Sorting of a category overview. A plain GET form (it works before the scripts have loaded); with
 * scripts the router navigates. Nothing changes until "Sortieren" is pressed (WCAG 3.2.2), and a new
 * order starts again on page 1.
 */
export function SortForm({ path, sort }: { path: CategoryPath; sort: CategorySearch }) {
  const id = useId()
  const navigate = useNavigate()
  const [sortBy, setSortBy] = useState<SortBy>(sort.sortBy)
  const [direction, setDirection] = useState<SortDirection>(sort.sortDirection)
  const first = { ...path, page: 1 }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ to: '/reiseuebersicht/$/', params: { _splat: categorySplat(first) }, search: sortSearch({ sortBy, sortDirection: direction }) })
  }

  return (
    <form className="sort-form" method="get" action={categoryPath(first)} onSubmit={onSubmit}>
      <div className="field sort-form__field">
        <label className="field__label" htmlFor={`${id}-by`}>
          Sortieren nach
        </label>
        <select id={`${id}-by`} name="sortBy" value={sortBy} onChange={(e) => isSortBy(e.target.value) && setSortBy(e.target.value)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.sortBy} value={o.sortBy}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field sort-form__field">
        <label className="field__label" htmlFor={`${id}-dir`}>
          Reihenfolge
        </label>
        <select id={`${id}-dir`} name="sortDirection" value={direction} onChange={(e) => isDirection(e.target.value) && setDirection(e.target.value)}>
          {SORT_DIRECTION_OPTIONS.map((o) => (
            <option key={o.sortDirection} value={o.sortDirection}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Sortieren
      </Button>
    </form>
  )
}
