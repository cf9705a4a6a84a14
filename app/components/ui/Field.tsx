// A labelled control with its hint and error text wired up for screen readers: the hint has the
// id `${id}-hint`, the error `${id}-error`, and the control names them in aria-describedby.
import type { ReactNode } from 'react'

export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {/* A no-break space: the star never stands alone on a line. */}
      {'\u00a0*'}
    </span>
  )
}

/** The hint below a label; the control names it in aria-describedby. */
export function FieldHint({ id, hint }: { id: string; hint: ReactNode }) {
  return hint ? (
    <span id={`${id}-hint`} className="field__hint">
      {hint}
    </span>
  ) : null
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null
}

export type FieldProps = {
  /** The control's id. */
  id: string
  label: ReactNode
  /** Shows the required marker (the control itself gets aria-required). */
  required?: boolean
  hint?: ReactNode
  error?: string
  className?: string
  /** The control, with `aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}`. */
  children: ReactNode
}

export function Field({ id, label, required = false, hint, error, className, children }: FieldProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} message={error} />
    </div>
  )
}
