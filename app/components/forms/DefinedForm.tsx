// Renders a form from its definition (app/lib/forms.ts) with the site's form hook: the same zod
// schema validates in the browser (first on submit, then on every change) and again on the server.
import { revalidateLogic, useSelector } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { ReactNode } from 'react'
import { buildFormSchema, defaultValues } from '~/lib/forms'
import type { FormDefinition, FormField } from '~/lib/forms'
import { sendForm } from '~/server/forms.functions'
import type { SummaryItem } from './fields'
import { shownError, useAppForm } from './form-hook'
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

  const form = useAppForm({
    defaultValues: defaultValues(definition),
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema },
    onSubmit: ({ value }) =>
      submission.send(() => sendForm({ data: { form: definition.key, values: value, homepage: submission.honeypot, reise, termin } })),
    onSubmitInvalid: submission.onSubmitInvalid,
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const submitted = useSelector(form.store, (state) => state.submissionAttempts > 0)
  const summary: SummaryItem[] = definition.fields.flatMap((f) => {
    const message = shownError(fieldMeta[f.name], submitted, submission.serverErrors[f.name])
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
    <form.AppField key={field.name} name={field.name}>
      {(f) => {
        const common = { id: `${idPrefix}-${field.name}`, label: field.label, hint: field.hint, required: field.required }
        switch (field.type) {
          case 'radio':
            return <f.RadioGroupField {...common} options={field.options} />
          case 'checkboxes':
            return <f.CheckboxGroupField {...common} options={field.options} />
          case 'textarea':
            return <f.TextAreaField {...common} maxLength={field.maxLength} />
          case 'integer':
            return <f.TextField {...common} inputMode="numeric" maxLength={9} />
          case 'email':
            return <f.TextField {...common} type="email" autoComplete={field.autoComplete} />
          case 'tel':
            return <f.TextField {...common} type="tel" autoComplete={field.autoComplete} />
          case 'text':
            return field.mask ? (
              <f.MaskedField {...common} mask={field.mask} autoComplete={field.autoComplete} />
            ) : (
              <f.TextField {...common} autoComplete={field.autoComplete} maxLength={field.maxLength} />
            )
        }
      }}
    </form.AppField>
  )

  return (
    <form.AppForm>
      <FormFrame
        submission={submission}
        summary={summary}
        className="defined-form"
        label={{ 'aria-label': definition.title }}
        idPrefix={idPrefix}
        privacyNote={
          <>
            Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu bearbeiten. Mehr dazu in unserer{' '}
            <Link to="/$/" params={{ _splat: 'datenschutz' }}>
              Datenschutzerklärung
            </Link>
            .
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
    </form.AppForm>
  )
}
