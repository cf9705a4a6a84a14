// The search text field with suggestions: the ARIA 1.2 combobox pattern (an input with
// role="combobox" controlling a listbox; focus stays in the input and aria-activedescendant
// points at the highlighted option). Spec 9: the menu opens 300 ms after typing stops, closes
// 250 ms after focus leaves, and is at most 310 px high (.menu-popover).
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '~/lib/menu'
import { MIN_SUGGEST_LENGTH, SUGGESTION_KIND_LABELS } from '~/lib/search/results'
import type { Suggestion } from '~/lib/search/results'
import { searchQueries } from '~/queries/search'
import { countOf } from '~/lib/format'

export type SearchComboboxProps = {
  id?: string
  label: ReactNode
  /** Shown under the label and read with the field. */
  hint?: ReactNode
  /** Hide the label visually (it is still the field's name), e.g. in the header. */
  hideLabel?: boolean
  name: string
  value: string
  onValueChange: (value: string) => void
  /** A suggestion was chosen (Enter on a highlighted option, or a click). */
  onSelect: (suggestion: Suggestion) => void
  placeholder?: string
  className?: string
}

function countText(n: number): string {
  if (n === 0) return 'Keine Vorschläge.'
  return `${countOf(n, 'Vorschlag', 'Vorschläge')}. Mit Pfeil nach unten auswählen.`
}

export function SearchCombobox({
  id: givenId,
  label,
  hint,
  hideLabel = false,
  name,
  value,
  onValueChange,
  onSelect,
  placeholder,
  className,
}: SearchComboboxProps) {
  const ownId = useId()
  const id = givenId ?? `${ownId}-text`
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  // What the suggestions are fetched for: the text once typing has paused.
  const [settled, setSettled] = useState('')
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const wanted = settled.trim()
  const enabled = Array.from(wanted).length >= MIN_SUGGEST_LENGTH
  const { data } = useQuery({ ...searchQueries.suggestions(wanted), enabled })
  const suggestions = enabled ? (data ?? []) : []
  const expanded = open && enabled && suggestions.length > 0

  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // Words typed before the scripts ran are in the field but not in the state: take them over.
    const typedEarly = input.current?.value ?? ''
    if (typedEarly !== value) typed(typedEarly)
    return () => {
      clearTimeout(openTimer.current)
      clearTimeout(closeTimer.current)
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- once, right after hydration

  const typed = (next: string) => {
    onValueChange(next)
    setActive(-1)
    clearTimeout(openTimer.current)
    openTimer.current = setTimeout(() => {
      setSettled(next)
      setOpen(true)
    }, MENU_OPEN_DELAY_MS)
  }

  const close = () => {
    clearTimeout(openTimer.current)
    setOpen(false)
    setActive(-1)
  }

  const choose = (suggestion: Suggestion) => {
    close()
    onSelect(suggestion)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) {
        setSettled(value)
        setOpen(true)
      }
      setActive((i) => (suggestions.length === 0 ? -1 : Math.min(i + 1, suggestions.length - 1)))
    } else if (event.key === 'ArrowUp') {
      if (!expanded) return
      event.preventDefault()
      setActive((i) => Math.max(i - 1, -1))
    } else if (event.key === 'Escape') {
      // First Escape closes the list, a second one clears the field (ARIA 1.2 combobox pattern).
      if (expanded) {
        event.preventDefault()
        close()
      } else if (value !== '') {
        event.preventDefault()
        onValueChange('')
      }
    } else if (event.key === 'Enter') {
      const chosen = expanded && active >= 0 ? suggestions[active] : undefined
      if (chosen) {
        event.preventDefault()
        choose(chosen)
      } else {
        close()
      }
    } else if (event.key === 'Tab') {
      close()
    }
  }

  return (
    <div className={className ? `combobox ${className}` : 'combobox'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <div className="combobox__control">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={hint ? hintId : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          value={value}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => clearTimeout(closeTimer.current)}
          onBlur={() => {
            clearTimeout(closeTimer.current)
            closeTimer.current = setTimeout(close, MENU_CLOSE_DELAY_MS)
          }}
        />
        <ul id={listId} role="listbox" aria-label="Vorschläge" className="combobox__list menu-popover" hidden={!expanded}>
          {suggestions.map((suggestion, index) => (
            // The keys are the input's: arrows and Enter move aria-activedescendant and choose.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${suggestion.kind}-${suggestion.id}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keep focus in the input: the click selects, the input does not blur first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onMouseMove={() => setActive(index)}
            >
              <span className="combobox__label">{suggestion.label}</span>
              <span className="combobox__kind">
                <span className="visually-hidden">, </span>
                {SUGGESTION_KIND_LABELS[suggestion.kind]}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open && enabled && data !== undefined ? countText(suggestions.length) : ''}
      </p>
    </div>
  )
}
