import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { FormEvent } from 'react'
import { SORT_DIRECTION_OPTIONS, SORT_OPTIONS, categoryPath, categorySearchSchema, categorySplat, sortSearch } from '~/lib/category-path'
import type { CategoryPath, CategorySearch } from '~/lib/category-path'
import { Button } from '../ui/Button'

/**
 * Sorting of a category overview. A plain GET form (it works before the scripts have loaded); with
 * scripts the router navigates. Nothing changes until "Sortieren" is pressed (WCAG 3.2.2), and a new
 * order starts again on page 1. The selects are uncontrolled, so a choice made while the page is
 * still loading survives hydration.
 */
export function SortForm({ path, sort }: { path: CategoryPath; sort: CategorySearch }) {
  const id = useId()
  const navigate = useNavigate()
  const first = { ...path, page: 1 }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen = categorySearchSchema.parse(Object.fromEntries(new FormData(event.currentTarget)))
    void navigate({ to: '/reiseuebersicht/$/', params: { _splat: categorySplat(first) }, search: sortSearch(chosen) })
  }

  return (
    <form key={`${sort.sortBy}-${sort.sortDirection}`} className="sort-form" method="get" action={categoryPath(first)} onSubmit={onSubmit}>
      <div className="field sort-form__field">
        <label className="field__label" htmlFor={`${id}-by`}>
          Sortieren nach
        </label>
        <select id={`${id}-by`} name="sortBy" defaultValue={sort.sortBy}>
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
        <select id={`${id}-dir`} name="sortDirection" defaultValue={sort.sortDirection}>
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
