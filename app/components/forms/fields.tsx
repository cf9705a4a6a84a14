// Labelled form controls with hint and error text wired up for screen readers (aria-invalid,
// aria-describedby). Used by the form pages and the newsletter sign-up.
import type { Ref } from 'react'
import { describedBy, Field, FieldError, FieldHint, RequiredMark } from '~/components/ui/Field'
import { VisuallyHidden } from '~/components/ui/VisuallyHidden'
import type { FieldOption } from '~/lib/forms'
import { HONEYPOT_FIELD } from '~/lib/forms'

/** The first message in a TanStack Form error list (strings or standard-schema issues). */
export function firstError(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  }
  return undefined
}

type BaseProps = {
  id: string
  name: string
  label: string
  hint?: string
  error?: string
  required: boolean
  className?: string
}

export function TextInputField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  type = 'text',
  inputMode,
  autoComplete,
  value,
  onChange,
  onBlur,
  multiline = false,
  maxLength,
}: BaseProps & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date'
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  autoComplete?: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  multiline?: boolean
  maxLength?: number
}) {
  const common = {
    id,
    name,
    value,
    onBlur,
    maxLength,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), Boolean(error)),
  } as const
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} className={className}>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  )
}

/** Radio buttons or checkboxes in a fieldset whose legend is the question. */
export function ChoiceField({
  id,
  name,
  label,
  hint,
  error,
  required,
  className,
  multiple,
  options,
  value,
  onChange,
  onBlur,
}: BaseProps & {
  multiple: boolean
  options: readonly FieldOption[]
  value: string | readonly string[]
  onChange: (value: string | string[]) => void
  onBlur?: () => void
}) {
  const selected = new Set(typeof value === 'string' ? [value] : value)
  return (
    <fieldset
      className={className ? `fieldset--plain field ${className}` : 'fieldset--plain field'}
      aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
      id={id}
    >
      <legend>
        {label}
        {required ? (
          <>
            <RequiredMark />
            <VisuallyHidden> (Pflichtangabe)</VisuallyHidden>
          </>
        ) : null}
      </legend>
      <FieldHint id={id} hint={hint} />
      {options.map((option) => {
        const optionId = `${id}-${option.value}`
        return (
          <label key={option.value} htmlFor={optionId} className="choice">
            <input
              id={optionId}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.value}
              checked={selected.has(option.value)}
              disabled={option.disabled}
              aria-invalid={error ? true : undefined}
              onBlur={onBlur}
              onChange={(e) => {
                if (!multiple) onChange(option.value)
                else onChange(options.map((o) => o.value).filter((v) => (v === option.value ? e.target.checked : selected.has(v))))
              }}
            />
            <span>{option.label}</span>
          </label>
        )
      })}
      <FieldError id={id} message={error} />
    </fieldset>
  )
}

/**
 * A field people never see and bots fill in. Hidden off-screen (not display:none, which some bots
 * skip), out of the tab order and from screen readers, with autocomplete off so browsers leave it empty.
 */
export function Honeypot({ idPrefix, value, onChange }: { idPrefix: string; value: string; onChange: (value: string) => void }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Bitte lassen Sie dieses Feld leer</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}

export type SummaryItem = { id: string; message: string; label: string }

/** The list of problems after a failed submit; it takes focus, and each entry leads to its field. */
export function ErrorSummary({ items, headingRef }: { items: readonly SummaryItem[]; headingRef: Ref<HTMLHeadingElement> }) {
  if (items.length === 0) return null
  return (
    <div className="form-errors error-summary" role="alert">
      <h2 className="error-summary__title" tabIndex={-1} ref={headingRef}>
        Bitte prüfen Sie Ihre Angaben
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                const target = document.getElementById(item.id)
                if (!target) return
                // Focus instead of a hash change, which the router would treat as a navigation.
                event.preventDefault()
                const control = target.matches('fieldset') ? target.querySelector<HTMLElement>('input') : target
                ;(control ?? target).focus()
                target.scrollIntoView({ block: 'center' })
              }}
            >
              <VisuallyHidden>{item.label}: </VisuallyHidden>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function RequiredNote() {
  return (
    <p className="field__hint">
      Felder mit <span aria-hidden="true">*</span>
      <VisuallyHidden>Sternchen</VisuallyHidden> müssen ausgefüllt werden.
    </p>
  )
}
