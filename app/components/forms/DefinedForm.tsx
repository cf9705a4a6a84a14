// Renders a form from its definition (app/lib/forms.ts) with TanStack Form: the same zod schema
// validates in the browser (first on submit, then on every change) and again on the server.
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { AppLink } from '~/components/ui/AppLink'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { Button } from '~/components/ui/Button'
import { buildFormSchema, defaultValues } from '~/lib/forms'
import type { FormDefinition, FormField } from '~/lib/forms'
import { sendForm } from '~/server/forms.functions'
import { ChoiceField, ErrorSummary, Honeypot, RequiredNote, TextInputField, firstError } from './fields'
import type { SummaryItem } from './fields'

export const SEND_FAILED =
  'Ihre Angaben konnten gerade nicht gesendet werden. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.'

export type DefinedFormProps = {
  definition: FormDefinition
  /** For a Reiseanfrage: the trip and date it is about. */
  reise?: number
  termin?: number
}

type Row = { key: string; fields: FormField[] }

/** Consecutive half-width fields share a row (two columns on wider screens). */
function rows(fields: readonly FormField[]): Row[] {
  const out: Row[] = []
  for (const field of fields) {
    const last = out.at(-1)
    if (field.half && last && last.fields.length === 1 && last.fields[0]?.half) last.fields.push(field)
    else out.push({ key: field.name, fields: [field] })
  }
  return out
}

export function DefinedForm({ definition, reise, termin }: DefinedFormProps) {
  const schema = useMemo(() => buildFormSchema(definition), [definition])
  const idPrefix = `form-${definition.key}`
  const [honeypot, setHoneypot] = useState('')
  const [confirmation, setConfirmation] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [showSummary, setShowSummary] = useState(false)
  const summaryRef = useRef<HTMLHeadingElement>(null)
  const confirmationRef = useRef<HTMLHeadingElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)

  const form = useForm({
    defaultValues: defaultValues(definition),
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema },
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        const answer = await sendForm({ data: { form: definition.key, values: value, homepage: honeypot, reise, termin } })
        if (answer.ok) {
          setConfirmation(answer.message)
          return
        }
        setServerErrors(answer.errors)
        setShowSummary(Object.keys(answer.errors).length > 0)
        setFailure(answer.message)
      } catch {
        setFailure(SEND_FAILED)
      }
    },
    onSubmitInvalid: () => setShowSummary(true),
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const submissionAttempts = useSelector(form.store, (state) => state.submissionAttempts)
  const errorOf = (name: string): string | undefined => firstError(fieldMeta[name]?.errors ?? []) ?? serverErrors[name]
  const summary: SummaryItem[] = definition.fields.flatMap((f) => {
    const message = errorOf(f.name)
    return message ? [{ id: `${idPrefix}-${f.name}`, label: f.label, message }] : []
  })

  // After each failed submit the summary takes focus, so that keyboard and screen-reader users
  // hear what is wrong; after success the thank-you heading does.
  useEffect(() => {
    if (showSummary && submissionAttempts > 0) summaryRef.current?.focus()
  }, [showSummary, submissionAttempts])
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus()
  }, [confirmation])
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  if (confirmation) {
    return (
      <div className="alert alert--success form-confirmation" role="status">
        <h2 ref={confirmationRef} tabIndex={-1}>
          Vielen Dank!
        </h2>
        <p>{confirmation}</p>
        <p>
          <Link to="/">Zur Startseite</Link>
        </p>
      </div>
    )
  }

  const renderField = (field: FormField): ReactNode => (
    <form.Field key={field.name} name={field.name}>
      {(f) => {
        const id = `${idPrefix}-${field.name}`
        const error = errorOf(field.name)
        const value = f.state.value
        const text = typeof value === 'string' ? value : ''
        const setValue = (next: string | string[]) => {
          if (serverErrors[field.name]) setServerErrors(({ [field.name]: _dropped, ...rest }) => rest)
          f.handleChange(next)
        }
        const common = { id, name: field.name, label: field.label, hint: field.hint, error, required: field.required }
        switch (field.type) {
          case 'radio':
          case 'checkboxes':
            return (
              <ChoiceField
                {...common}
                multiple={field.type === 'checkboxes'}
                options={field.options}
                value={value}
                onChange={setValue}
                onBlur={f.handleBlur}
              />
            )
          case 'textarea':
            return <TextInputField {...common} multiline maxLength={field.maxLength} value={text} onChange={setValue} onBlur={f.handleBlur} />
          case 'integer':
            return <TextInputField {...common} inputMode="numeric" value={text} onChange={setValue} onBlur={f.handleBlur} maxLength={9} />
          case 'email':
            return <TextInputField {...common} type="email" autoComplete={field.autoComplete} value={text} onChange={setValue} onBlur={f.handleBlur} />
          case 'tel':
            return <TextInputField {...common} type="tel" autoComplete={field.autoComplete} value={text} onChange={setValue} onBlur={f.handleBlur} />
          case 'text':
            return field.mask ? (
              <MaskedInput
                id={id}
                name={field.name}
                label={field.label}
                mask={field.mask}
                hint={field.hint}
                error={error}
                isRequired={field.required}
                autoComplete={field.autoComplete}
                value={text}
                onValueChange={(masked) => setValue(masked)}
                onBlur={f.handleBlur}
              />
            ) : (
              <TextInputField {...common} autoComplete={field.autoComplete} maxLength={field.maxLength} value={text} onChange={setValue} onBlur={f.handleBlur} />
            )
        }
      }}
    </form.Field>
  )

  return (
    <form
      className="defined-form"
      method="post"
      noValidate
      aria-label={definition.title}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void form.handleSubmit()
      }}
    >
      {showSummary ? <ErrorSummary items={summary} headingRef={summaryRef} /> : null}
      {failure && summary.length === 0 ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure}
        </p>
      ) : null}
      <noscript>
        <p className="alert alert--warning">
          Zum Absenden dieses Formulars braucht Ihr Browser JavaScript. Sie erreichen uns auch telefonisch oder per E-Mail – die Angaben
          finden Sie unten auf der Seite.
        </p>
      </noscript>
      <RequiredNote />
      {rows(definition.fields).map((row) =>
        row.fields.length > 1 ? (
          <div key={row.key} className="form-row">
            {row.fields.map(renderField)}
          </div>
        ) : (
          row.fields.map(renderField)
        ),
      )}
      <Honeypot idPrefix={idPrefix} value={honeypot} onChange={setHoneypot} />
      <p className="field__hint">
        Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu bearbeiten. Mehr dazu in unserer <AppLink href="/datenschutz/">Datenschutzerklärung</AppLink>.
      </p>
      <div className="form-actions">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(busy) => (
            <Button type="submit" variant="primary" size="large" busy={busy}>
              {definition.submitLabel}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
