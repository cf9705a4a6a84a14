// Renders a form from its definition (app/lib/forms.ts) with TanStack Form: the same zod schema
// validates in the browser (first on submit, then on every change) and again on the server.
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { ReactNode } from 'react'
import { AppLink } from '~/components/ui/AppLink'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { buildFormSchema, defaultValues } from '~/lib/forms'
import type { FormDefinition, FormField } from '~/lib/forms'
import { sendForm } from '~/server/forms.functions'
import { ChoiceField, TextInputField, firstError } from './fields'
import type { SummaryItem } from './fields'
import { FormConfirmation, FormFrame, useSubmission } from './FormFrame'

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
  const submission = useSubmission()
  const { serverErrors } = submission

  const form = useForm({
    defaultValues: defaultValues(definition),
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema },
    onSubmit: ({ value }) =>
      submission.send(() => sendForm({ data: { form: definition.key, values: value, homepage: submission.honeypot, reise, termin } })),
    onSubmitInvalid: submission.onSubmitInvalid,
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const submissionAttempts = useSelector(form.store, (state) => state.submissionAttempts)
  const busy = useSelector(form.store, (state) => state.isSubmitting)
  const errorOf = (name: string): string | undefined => firstError(fieldMeta[name]?.errors ?? []) ?? serverErrors[name]
  const summary: SummaryItem[] = definition.fields.flatMap((f) => {
    const message = errorOf(f.name)
    return message ? [{ id: `${idPrefix}-${f.name}`, label: f.label, message }] : []
  })

  if (submission.confirmation) {
    return (
      <FormConfirmation title="Vielen Dank!" message={submission.confirmation}>
        <p>
          <Link to="/">Zur Startseite</Link>
        </p>
      </FormConfirmation>
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
          submission.dropServerError(field.name)
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
    <FormFrame
      submission={submission}
      submissionAttempts={submissionAttempts}
      busy={busy}
      onSubmit={() => void form.handleSubmit()}
      summary={summary}
      className="defined-form"
      label={{ 'aria-label': definition.title }}
      idPrefix={idPrefix}
      privacyNote={
        <>
          Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu bearbeiten. Mehr dazu in unserer <AppLink href="/datenschutz/">Datenschutzerklärung</AppLink>.
        </>
      }
      submitLabel={definition.submitLabel}
    >
      {rows(definition.fields).map((row) =>
        row.fields.length > 1 ? (
          <div key={row.key} className="form-row">
            {row.fields.map(renderField)}
          </div>
        ) : (
          row.fields.map(renderField)
        ),
      )}
    </FormFrame>
  )
}
