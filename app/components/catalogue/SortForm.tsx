import { useId } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { SORT_DIRECTION_OPTIONS, SORT_OPTIONS, categorySearchSchema } from '~/lib/category-path'
import type { CategorySearch } from '~/lib/category-path'
import { Button } from '../ui/Button'

export type SortFormProps = {
  /** The current order. */
  sort: CategorySearch
  /** Where the plain GET form goes before the scripts have loaded. */
  action: string
  /** With scripts: navigate to the chosen order. */
  onSort: (chosen: CategorySearch) => void
  /** Hidden inputs that keep other query values in the no-script form. */
  children?: ReactNode
  'aria-label'?: string
}

/**
 * Sorting of a trip list (category overview, search results). A plain GET form, so it works before
 * the scripts have loaded; with scripts `onSort` navigates. Nothing changes until "Sortieren" is
 * pressed (WCAG 3.2.2). The selects are uncontrolled, so a choice made while the page is still
 * loading survives hydration.
 */
export function SortForm({ sort, action, onSort, children, 'aria-label': ariaLabel }: SortFormProps) {
  const id = useId()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSort(categorySearchSchema.parse(Object.fromEntries(new FormData(event.currentTarget))))
  }

  return (
    <form
      key={`${sort.sortBy}-${sort.sortDirection}`}
      className="sort-form"
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label={ariaLabel}
    >
      {children}
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
