// The one way to build a form on this site: TanStack Form's composition API with the site's
// accessible controls as field components. A form calls `useAppForm`, renders its fields with
// `<form.AppField name=…>{(field) => <field.TextField id=… label=… />}</form.AppField>` and its
// button inside `<form.AppForm>`; a part of a form in a component of its own (a booking step)
// is a `withForm` component, a block used in several places (one traveller) a `withFieldGroup`
// one. Items of an array field are removed with `removeArrayItem` (./remove-array-item).
import { createFormHook, createFormHookContexts, useSelector } from '@tanstack/react-form'
import { createContext, useContext, useState } from 'react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/Button'
import type { ButtonSize, ButtonVariant } from '~/components/ui/Button'
import { describedBy, Field, FieldError, FieldHint, RequiredMark } from '~/components/ui/Field'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { PASSWORD_MAX_LENGTH } from '~/lib/credentials'
import type { FieldOption } from '~/lib/forms'
import { ChoiceField, TextInputField, firstError } from './fields'

export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/**
 * What the server said about the fields of a refused submission (by field name), and how a field
 * drops its message once the visitor changes it. FormFrame provides it.
 */
export type ServerFieldErrors = { errors: Readonly<Record<string, string>>; drop: (name: string) => void }

export const ServerFieldErrorsContext = createContext<ServerFieldErrors>({ errors: {}, drop: () => {} })

type ShownMeta = { errors: readonly unknown[]; isTouched: boolean }

/**
 * The message a field shows, and the error summary lists: the field's first error once it was
 * touched or the form was sent (a validator that runs while typing must not scold before that),
 * else what the server said about it.
 */
export function shownError(meta: ShownMeta | undefined, submitted: boolean, serverError: string | undefined): string | undefined {
  const own = meta && (meta.isTouched || submitted) ? firstError(meta.errors) : undefined
  return own ?? serverError
}

/** The field from the context, the message it shows, and the server message to drop on a change. */
function useBoundField<TValue>() {
  const field = useFieldContext<TValue>()
  const submitted = useSelector(field.form.store, (state) => state.submissionAttempts > 0)
  const server = useContext(ServerFieldErrorsContext)
  const error = shownError(field.state.meta, submitted, server.errors[field.name])
  const change = (value: TValue) => {
    server.drop(field.name)
    field.handleChange(value)
  }
  return { field, error, change }
}

type LabelProps = {
  /** The control's id; its hint and error get `${id}-hint` and `${id}-error`. */
  id: string
  label: string
  hint?: string
  required?: boolean
  className?: string
}

export type TextFieldProps = LabelProps & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date'
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel'
  /** An HTML autocomplete token ('given-name', 'email' …). */
  autoComplete?: string
  maxLength?: number
}

function TextField({ id, label, hint, required = false, className, type, inputMode, autoComplete, maxLength }: TextFieldProps) {
  const { field, error, change } = useBoundField<string>()
  return (
    <TextInputField
      id={id}
      name={field.name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      maxLength={maxLength}
      value={field.state.value}
      onChange={change}
      onBlur={field.handleBlur}
    />
  )
}

/**
 * A password with "Passwort anzeigen" under it: who types slowly or on a phone checks what was typed
 * instead of guessing why the sign-in failed.
 */
function PasswordInput(props: Omit<TextFieldProps, 'type' | 'maxLength' | 'required'>) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="password-field">
      <TextField {...props} type={visible ? 'text' : 'password'} maxLength={PASSWORD_MAX_LENGTH} required />
      <label className="choice password-field__show">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.currentTarget.checked)} aria-controls={props.id} />
        Passwort anzeigen
      </label>
    </div>
  )
}

/** The password typed to sign in (or to confirm a step): required, for the browser's password manager. */
function CurrentPasswordField({ id, label = 'Passwort' }: { id: string; label?: string }) {
  return <PasswordInput id={id} label={label} autoComplete="current-password" />
}

export type NewPasswordFieldProps = {
  id: string
  /** The least length, said in the hint (the customers' and the staff's differ). */
  minLength: number
  label?: string
  /** A sentence after the least length. */
  advice?: string
}

/** A password being chosen: required, its least length in the hint, the browser may suggest one. */
function NewPasswordField({ id, minLength, label = 'Neues Passwort', advice }: NewPasswordFieldProps) {
  const hint = `Mindestens ${minLength} Zeichen.${advice ? ` ${advice}` : ''}`
  return <PasswordInput id={id} label={label} hint={hint} autoComplete="new-password" />
}

export type TextAreaFieldProps = LabelProps & { maxLength?: number }

function TextAreaField({ id, label, hint, required = false, className, maxLength }: TextAreaFieldProps) {
  const { field, error, change } = useBoundField<string>()
  return (
    <TextInputField
      id={id}
      name={field.name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      multiline
      maxLength={maxLength}
      value={field.state.value}
      onChange={change}
      onBlur={field.handleBlur}
    />
  )
}

export type MaskedFieldProps = LabelProps & {
  /** A spec-5 mask ('#####', '##.##.####' …); the field holds the masked text. */
  mask: string
  autoComplete?: string
}

/** A text field typed through a mask; without a hint it names the format ('Format: 5 Ziffern'). */
function MaskedField({ id, label, hint, required = false, className, mask, autoComplete }: MaskedFieldProps) {
  const { field, error, change } = useBoundField<string>()
  return (
    <MaskedInput
      id={id}
      name={field.name}
      label={label}
      mask={mask}
      hint={hint}
      error={error}
      isRequired={required}
      className={className}
      autoComplete={autoComplete}
      value={field.state.value}
      onValueChange={(masked) => change(masked)}
      onBlur={field.handleBlur}
    />
  )
}

export type SelectFieldProps = LabelProps & {
  options: readonly FieldOption[]
  /** The first, empty choice ('Bitte wählen'); without it the first option is preselected. */
  placeholder?: string
}

function SelectField({ id, label, hint, required = false, className, options, placeholder }: SelectFieldProps) {
  const { field, error, change } = useBoundField<string>()
  return (
    <Field id={id} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={id}
        name={field.name}
        value={field.state.value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        onChange={(event) => change(event.target.value)}
        onBlur={field.handleBlur}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

export type CheckboxFieldProps = Omit<LabelProps, 'label'> & {
  /** The sentence the box confirms; it is the box's label. */
  label: ReactNode
}

/** One box for a yes/no field (a consent, a mandate). */
function CheckboxField({ id, label, hint, required = false, className }: CheckboxFieldProps) {
  const { field, error, change } = useBoundField<boolean>()
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className="choice">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          checked={field.state.value}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
          onChange={(event) => change(event.target.checked)}
          onBlur={field.handleBlur}
        />
        <span>
          {label}
          {required ? <RequiredMark /> : null}
        </span>
      </label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} message={error} />
    </div>
  )
}

export type ChoiceGroupProps = LabelProps & { options: readonly FieldOption[] }

/** Radio buttons in a fieldset whose legend is the question; the field holds the chosen value. */
function RadioGroupField({ id, label, hint, required = false, className, options }: ChoiceGroupProps) {
  const { field, error, change } = useBoundField<string>()
  return (
    <ChoiceField
      id={id}
      name={field.name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      multiple={false}
      options={options}
      value={field.state.value}
      onChange={(value) => {
        if (typeof value === 'string') change(value)
      }}
      onBlur={field.handleBlur}
    />
  )
}

/** Checkboxes in a fieldset; the field holds the ticked values in the order of the options. */
function CheckboxGroupField({ id, label, hint, required = false, className, options }: ChoiceGroupProps) {
  const { field, error, change } = useBoundField<string[]>()
  return (
    <ChoiceField
      id={id}
      name={field.name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      multiple
      options={options}
      value={field.state.value}
      onChange={(value) => {
        if (Array.isArray(value)) change(value)
      }}
      onBlur={field.handleBlur}
    />
  )
}

export type SubmitButtonProps = { children: ReactNode; variant?: ButtonVariant; size?: ButtonSize; block?: boolean }

/**
 * The form's submit button (`form.SubmitButton` inside `<form.AppForm>`); it shows a spinner and
 * ignores clicks while the form is sent. FormFrame uses it directly.
 */
export function SubmitButton({ children, variant = 'primary', size = 'large', block }: SubmitButtonProps) {
  const form = useFormContext()
  const busy = useSelector(form.store, (state) => state.isSubmitting)
  return (
    <Button type="submit" variant={variant} size={size} block={block} busy={busy}>
      {children}
    </Button>
  )
}

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, CurrentPasswordField, NewPasswordField, TextAreaField, MaskedField, SelectField, CheckboxField, RadioGroupField, CheckboxGroupField },
  formComponents: { SubmitButton },
})

/**
 * A form element's submit handler that hands the submission to a TanStack form (the page stays).
 * When the form's own checks refuse it, the first field with a message takes the focus: on a
 * phone the messages above the button would otherwise be out of sight.
 */
export function submitTo(form: { handleSubmit: () => Promise<unknown>; state: { isValid: boolean } }): (event: {
  preventDefault: () => void
  currentTarget?: EventTarget | null
}) => void {
  return (event) => {
    event.preventDefault()
    const element = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null
    void form.handleSubmit().then(() => {
      if (form.state.isValid || !element) return
      // After React has drawn the messages.
      requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    })
  }
}
