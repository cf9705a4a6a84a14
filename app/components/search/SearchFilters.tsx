// The full search form of the results page (TanStack Form). It is a plain GET form to
// /reiseuebersicht/search/ (which redirects to the segment URL) so that it works before the
// scripts have loaded; with scripts, every change is applied to the URL as the user goes
// (text after a pause in typing) and "Suchen" commits the search as a history entry.
import { useForm, useSelector } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef } from 'react'
import type { ReactNode } from 'react'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { NumberInput } from '~/components/ui/NumberInput'
import { Button, buttonClassName } from '~/components/ui/Button'
import { BOOKABLE_OPTIONS } from '~/lib/bookable'
import type { Category, Country, Region } from '~/lib/api'
import { compareGerman, formatNumber } from '~/lib/format'
import { MASKS } from '~/lib/masks'
import { countryHeader, groupRegions } from '~/lib/regions'
import { isoDayToUnix, unixToGermanDate, unixToIsoDay, germanDateToUnix } from '~/lib/search/dates'
import {
  dateFieldState,
  formQuery,
  formValuesFromQuery,
  formValuesFromSearch,
  searchFormQuerySchema,
  searchFromFormValues,
  searchWhileEditing,
} from '~/lib/search/form-values'
import type { SearchFacets, Suggestion } from '~/lib/search/results'
import { EMPTY_SEARCH, stringifySegment } from '~/lib/search/segment'
import type { Search } from '~/lib/search/segment'
import { SearchCombobox } from './SearchCombobox'

/** Text is applied this long after the last keystroke; a click on a box almost at once. */
const TEXT_APPLY_DELAY_MS = 600
const CHOICE_APPLY_DELAY_MS = 150

export type ApplyKind = 'auto' | 'submit'

export type SearchFiltersProps = {
  search: Search
  ferien: boolean
  facets: SearchFacets
  categories: readonly Category[]
  countries: readonly Country[]
  regions: readonly Region[]
  /** Navigate to this search (the page decides about history entries). */
  onApply: (search: Search, ferien: boolean, kind: ApplyKind) => void
}

function stateKey(search: Search, ferien: boolean): string {
  return `${stringifySegment(search)}|${ferien}`
}

function withCount(label: string, count: number): string {
  return `${label} (${formatNumber(count)})`
}

function toggle(list: readonly number[], id: number, on: boolean): number[] {
  const rest = list.filter((x) => x !== id)
  return on ? [...rest, id] : rest
}

export function SearchFilters({ search, ferien, facets, categories, countries, regions, onApply }: SearchFiltersProps) {
  const id = useId()
  const navigate = useNavigate()
  const urlKey = stateKey(search, ferien)
  // The key this form last sent to the URL: when the URL arrives there, it is our own change and
  // the fields (which may hold newer keystrokes by now) stay as they are.
  const sent = useRef<string | null>(null)
  // A change waiting to be applied; "Suchen" applies at once and cancels it.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const form = useForm({
    defaultValues: formValuesFromSearch(search, ferien),
    onSubmit: ({ value }) => {
      clearTimeout(pending.current)
      const next = searchFromFormValues(value)
      sent.current = stateKey(next, value.ferien)
      onApply(next, value.ferien, 'submit')
    },
  })
  const values = useSelector(form.store, (state) => state.values)
  // A date error shows once its field was left, or once the form was sent with it.
  const submitted = useSelector(form.store, (state) => state.submissionAttempts > 0)

  useEffect(() => {
    if (sent.current === urlKey) return
    sent.current = null
    const shown = stateKey(searchWhileEditing(form.state.values, search), form.state.values.ferien)
    // Back, forward, a chip or a link changed the search: the fields follow the URL.
    if (shown !== urlKey) form.reset(formValuesFromSearch(search, ferien))
  }, [urlKey]) // eslint-disable-line react-hooks/exhaustive-deps -- only a new URL resets the form

  useEffect(() => {
    const next = searchWhileEditing(values, search)
    const nextKey = stateKey(next, values.ferien)
    if (nextKey === urlKey || nextKey === sent.current) return
    const onlyText = stateKey({ ...next, text: search.text }, values.ferien) === urlKey
    pending.current = setTimeout(
      () => {
        sent.current = nextKey
        onApply(next, values.ferien, 'auto')
      },
      onlyText ? TEXT_APPLY_DELAY_MS : CHOICE_APPLY_DELAY_MS,
    )
    return () => clearTimeout(pending.current)
  }, [values]) // eslint-disable-line react-hooks/exhaustive-deps -- applies what the user changed

  // Boxes ticked or words typed before the form's scripts ran (DeferredSearchFilters) are in the
  // DOM but not in the form's state (hydration keeps what the user did to the inputs): take them
  // over once. A date field left meanwhile counts as left, so a half-typed date shows its error.
  const formElement = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const element = formElement.current
    if (!element) return
    const fields = new URLSearchParams()
    for (const [key, value] of new FormData(element)) if (typeof value === 'string') fields.append(key, value)
    const typed = formValuesFromQuery(searchFormQuerySchema.parse(formQuery(fields)))
    if (JSON.stringify(typed) !== JSON.stringify(form.state.values)) form.reset(typed, { keepDefaultValues: true })
    for (const name of ['startDate', 'endDate'] as const) {
      const left = typed[name] !== '' && element.elements.namedItem(name) !== document.activeElement
      if (left) form.setFieldMeta(name, (meta) => ({ ...meta, isBlurred: true }))
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- once, right after hydration

  const categoryCounts = new Map(facets.categories.map((c) => [c.id, c.count]))
  const countryCounts = new Map(facets.countries.map((c) => [c.id, c.count]))
  const statusCounts = new Map(facets.bookable.map((b) => [b.status, b.count]))

  // Duration and price bounds: whole, unsigned numbers typed with German grouping.
  const wholeNumberField = (name: 'durationMin' | 'durationMax' | 'priceMin' | 'priceMax', label: string, unit: 'days' | 'euros') => (
    <form.Field name={name}>
      {(field) => (
        <NumberInput
          id={`${id}-${name}`}
          name={name}
          label={label}
          hint={unit === 'days' ? 'Ganze Tage' : 'Ganze Euro'}
          value={field.state.value}
          onValueChange={(formatted) => field.handleChange(formatted)}
          fractionDigits={0}
          unsigned
          suffix={unit === 'euros' ? '€' : undefined}
        />
      )}
    </form.Field>
  )
  // Chosen ones always show (they must stay removable); others only when choosing adds trips.
  const shownCountries = countries
    .filter((c) => values.countries.includes(c.id_loc_country) || (countryCounts.get(c.id_loc_country) ?? 0) > 0)
    .sort((a, b) => compareGerman(countryHeader(a), countryHeader(b)))
  const regionGroups = groupRegions(regions, countries, values.countries)
  const chosenRegions = values.regions.length

  const onSuggestion = (suggestion: Suggestion) => {
    if (suggestion.kind === 'trip') {
      void navigate({ to: '/reise/$id/', params: { id: String(suggestion.id) } })
      return
    }
    // A place becomes a filter instead of words to look for.
    form.setFieldValue('text', '')
    if (suggestion.kind === 'region') form.setFieldValue('regions', toggle(form.state.values.regions, suggestion.id, true))
    else form.setFieldValue('countries', toggle(form.state.values.countries, suggestion.id, true))
  }

  return (
    <form
      ref={formElement}
      className="search-filters"
      method="get"
      action="/reiseuebersicht/search/"
      aria-label="Reisesuche verfeinern"
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
    >
      <form.Field name="text">
        {(field) => (
          <SearchCombobox
            id={`${id}-text`}
            label="Suchbegriff"
            hint="Reiseziel, Reiseart oder Name der Reise"
            name="text"
            value={field.state.value}
            onValueChange={field.handleChange}
            onSelect={onSuggestion}
            className="field"
          />
        )}
      </form.Field>

      <div className="search-filters__actions">
        <Button type="submit" variant="primary">
          Suchen
        </Button>
        <Link
          to="/reiseuebersicht/search/$search/"
          params={{ search: EMPTY_SEARCH }}
          search={{}}
          className="search-filters__reset"
        >
          Alle Filter zurücksetzen
        </Link>
      </div>

      <form.Field name="categories">
        {(field) => (
          <fieldset className="search-filters__group">
            <legend>Reiseart</legend>
            <CheckboxList
              name="categories"
              choices={categories.map((c) => ({ id: c.id, label: withCount(c.name, categoryCounts.get(c.id) ?? 0) }))}
              chosen={field.state.value}
              onChange={field.handleChange}
            />
          </fieldset>
        )}
      </form.Field>

      <fieldset className="search-filters__group">
        <legend>Reisezeitraum</legend>
        <p className="field__hint">Reisen mit einem Termin, der in diesen Zeitraum fällt.</p>
        <form.Field name="startDate">
          {(field) => (
            <DateField
              id={`${id}-start`}
              name="startDate"
              label="Zeitraum von"
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              showInvalid={field.state.meta.isBlurred || submitted}
            />
          )}
        </form.Field>
        <form.Field name="endDate">
          {(field) => (
            <DateField
              id={`${id}-end`}
              name="endDate"
              label="Zeitraum bis"
              value={field.state.value}
              onChange={field.handleChange}
              onBlur={field.handleBlur}
              showInvalid={field.state.meta.isBlurred || submitted}
            />
          )}
        </form.Field>
        <form.Field name="ferien">
          {(field) => (
            <label className="choice">
              <input
                type="checkbox"
                name="ferien"
                value="true"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
              <span>Nur Ferientermine (Termine in den Schulferien)</span>
            </label>
          )}
        </form.Field>
      </fieldset>

      <form.Field name="countries">
        {(field) =>
          shownCountries.length > 0 ? (
            <fieldset className="search-filters__group">
              <legend>Reiseland</legend>
              <CheckboxList
                name="countries"
                choices={shownCountries.map((c) => ({
                  id: c.id_loc_country,
                  label: withCount(countryHeader(c), countryCounts.get(c.id_loc_country) ?? 0),
                }))}
                chosen={field.state.value}
                onChange={field.handleChange}
              />
            </fieldset>
          ) : null
        }
      </form.Field>

      <form.Field name="regions">
        {(field) =>
          regionGroups.length > 0 ? (
            <details className="search-filters__group search-filters__regions" open={chosenRegions > 0}>
              <summary>
                Regionen{chosenRegions > 0 ? ` (${chosenRegions} ausgewählt)` : ''}
              </summary>
              {regionGroups.map((group) => (
                <fieldset key={group.countryId ?? 'andere'} className="fieldset--plain search-filters__region-group">
                  <legend>{group.header}</legend>
                  <CheckboxList
                    name="regions"
                    choices={group.regions.map((r) => ({ id: r.id_loc_region, label: r.name }))}
                    chosen={field.state.value}
                    onChange={field.handleChange}
                  />
                </fieldset>
              ))}
            </details>
          ) : null
        }
      </form.Field>

      <fieldset className="search-filters__group">
        <legend>Reisedauer in Tagen</legend>
        <div className="search-filters__pair">
          {wholeNumberField('durationMin', 'Mindestens (Tage)', 'days')}
          {wholeNumberField('durationMax', 'Höchstens (Tage)', 'days')}
        </div>
      </fieldset>

      <fieldset className="search-filters__group">
        <legend>Preis pro Person in Euro</legend>
        <div className="search-filters__pair">
          {wholeNumberField('priceMin', 'Preis ab (Euro)', 'euros')}
          {wholeNumberField('priceMax', 'Preis bis (Euro)', 'euros')}
        </div>
      </fieldset>

      <form.Field name="bookable">
        {(field) => (
          <div className="field search-filters__group">
            <label className="field__label" htmlFor={`${id}-bookable`}>
              Buchungsstand
            </label>
            <select
              id={`${id}-bookable`}
              name="bookable"
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
            >
              <option value="">Alle Termine</option>
              {BOOKABLE_OPTIONS.map((o) => (
                <option key={o.value} value={String(o.value)}>
                  {withCount(o.label, statusCounts.get(o.value) ?? 0)}
                </option>
              ))}
            </select>
          </div>
        )}
      </form.Field>

      <div className="search-filters__actions">
        <Button type="submit" variant="primary">
          Suchen
        </Button>
      </div>
    </form>
  )
}

type CheckboxChoice = { id: number; label: string }

/** Ticking adds the id to the list and unticking removes it; the boxes go out as repeated GET keys. */
function CheckboxList({
  name,
  choices,
  chosen,
  onChange,
}: {
  name: string
  choices: readonly CheckboxChoice[]
  chosen: readonly number[]
  onChange: (next: number[]) => void
}) {
  return (
    <ul className="choice-list">
      {choices.map((c) => (
        <li key={c.id}>
          <label className="choice">
            <input
              type="checkbox"
              name={name}
              value={c.id}
              checked={chosen.includes(c.id)}
              onChange={(event) => onChange(toggle(chosen, c.id, event.target.checked))}
            />
            <span>{c.label}</span>
          </label>
        </li>
      ))}
    </ul>
  )
}

type DateFieldProps = {
  id: string
  name: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  /**
   * Whether a date that cannot be read may say so: once the field was left or the form sent
   * (not on isTouched, which the form sets with the first keystroke).
   */
  showInvalid: boolean
}

/**
 * A date typed as dd.mm.yyyy (mask ##.##.####), and the browser's own calendar as the other way
 * to pick one: the button opens the native date picker, whose choice is written into the field.
 */
function DateField({ id, name, label, value, onChange, onBlur, showInvalid }: DateFieldProps) {
  const picker = useRef<HTMLInputElement>(null)
  const invalid = dateFieldState(value) === 'invalid'
  // A half-typed date is not an error yet; it becomes one once the user moves on.
  const error = invalid && showInvalid ? 'Bitte geben Sie ein Datum wie 24.12.2027 ein.' : undefined
  const unix = germanDateToUnix(value)
  const openPicker = () => {
    const input = picker.current
    if (!input) return
    try {
      input.showPicker()
    } catch {
      input.focus()
    }
  }
  return (
    <div className="date-field">
      <MaskedInput
        id={id}
        name={name}
        label={label}
        mask={MASKS.date}
        hint="TT.MM.JJJJ"
        placeholder="TT.MM.JJJJ"
        value={value}
        onValueChange={(masked) => onChange(masked)}
        onBlur={onBlur}
        error={error}
        autoComplete="off"
      />
      <button type="button" className={buttonClassName({ variant: 'secondary' }, 'date-field__calendar')} onClick={openPicker}>
        Kalender<span className="visually-hidden"> für „{label}“ öffnen</span>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-field__native"
        tabIndex={-1}
        aria-hidden="true"
        value={unix === null ? '' : unixToIsoDay(unix)}
        onChange={(event) => {
          const day = isoDayToUnix(event.target.value)
          onChange(day === null ? '' : unixToGermanDate(day))
        }}
      />
    </div>
  )
}
