// The site's form hook: the field components render the accessible controls with the field's
// value, and show a field's error only once it was touched or the form was sent (or the server
// named it); a booking step built with withForm, withFieldGroup and nested field arrays renders
// one block of fields per traveller.
//
// Relative imports: the `~` alias is resolved through tsconfig.json, whose `include` has no
// tests/**/*.tsx.
import { formOptions } from '@tanstack/react-form'
import type { AnyFieldLikeMetaBase } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ServerFieldErrorsContext, shownError, useAppForm, withFieldGroup, withForm } from '../../app/components/forms/form-hook'
import { removeArrayItem } from '../../app/components/forms/remove-array-item'

const MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'

function metaWith(errors: Partial<AnyFieldLikeMetaBase['errorMap']>, isTouched: boolean): AnyFieldLikeMetaBase {
  return {
    isTouched,
    isBlurred: isTouched,
    isDirty: isTouched,
    isValidating: false,
    errorMap: errors,
    errorSourceMap: {},
    _pendingValidationsCount: 0,
    _arrayVersion: 0,
  }
}

type Contact = { email: string; anrede: string; kataloge: string[]; consent: boolean }
const CONTACT: Contact = { email: 'erika@', anrede: 'frau', kataloge: ['advent'], consent: true }

/** A small form in every state the fields can meet: fresh, touched with an error, sent, or refused by the server. */
function ContactForm({ touched = false, submissionAttempts = 0 }: { touched?: boolean; submissionAttempts?: number }) {
  const form = useAppForm({
    defaultValues: CONTACT,
    defaultState: { submissionAttempts, fieldMetaBase: { email: metaWith({ onDynamic: MESSAGE }, touched) } },
  })
  return (
    <form.AppForm>
      <form.AppField name="email">
        {(field) => <field.TextField id="k-email" type="email" label="E-Mail" hint="Für die Antwort." autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="anrede">
        {(field) => (
          <field.RadioGroupField
            id="k-anrede"
            label="Anrede"
            options={[
              { value: 'frau', label: 'Frau' },
              { value: 'herr', label: 'Herr' },
            ]}
          />
        )}
      </form.AppField>
      <form.AppField name="kataloge">
        {(field) => (
          <field.CheckboxGroupField
            id="k-kataloge"
            label="Kataloge"
            options={[
              { value: 'advent', label: 'Advent' },
              { value: 'flug', label: 'Flugreisen' },
            ]}
          />
        )}
      </form.AppField>
      <form.AppField name="consent">{(field) => <field.CheckboxField id="k-consent" label="Ja, bitte." required />}</form.AppField>
      <form.SubmitButton>Senden</form.SubmitButton>
    </form.AppForm>
  )
}

const html = (node: ReactNode) => renderToStaticMarkup(node)

/** The attributes of the element with this id in the markup (React orders them by prop order). */
function attributes(markup: string, id: string): Record<string, string> {
  const tag = new RegExp(`<[a-z]+ [^>]*\\bid="${id}"[^>]*>`).exec(markup)?.[0]
  if (!tag) throw new Error(`no element with id ${id}`)
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
}

describe('field components', () => {
  it('render the control with its label, hint, value and required state', () => {
    const out = html(<ContactForm />)
    expect(out).toContain('<label for="k-email" class="field__label">E-Mail')
    expect(attributes(out, 'k-email')).toEqual({
      id: 'k-email',
      name: 'email',
      value: 'erika@',
      type: 'email',
      autoComplete: 'email',
      'aria-required': 'true',
      'aria-describedby': 'k-email-hint',
    })
    expect(out).toContain('<span id="k-email-hint" class="field__hint">Für die Antwort.</span>')
    expect(attributes(out, 'k-anrede-frau')).toMatchObject({ type: 'radio', name: 'anrede', value: 'frau', checked: '' })
    expect(attributes(out, 'k-anrede-herr')).not.toHaveProperty('checked')
    expect(attributes(out, 'k-kataloge-advent')).toMatchObject({ type: 'checkbox', name: 'kataloge', value: 'advent', checked: '' })
    expect(attributes(out, 'k-kataloge-flug')).not.toHaveProperty('checked')
    expect(attributes(out, 'k-consent')).toEqual({ id: 'k-consent', name: 'consent', type: 'checkbox', checked: '', 'aria-required': 'true' })
    expect(out).toContain('<button type="submit" class="button button--primary button--large">Senden</button>')
  })

  it('keep an error to themselves until the field was touched or the form was sent', () => {
    expect(html(<ContactForm />)).not.toContain(MESSAGE)
    for (const out of [html(<ContactForm touched />), html(<ContactForm submissionAttempts={1} />)]) {
      expect(out).toContain(`<p id="k-email-error" class="field-error">${MESSAGE}</p>`)
      expect(attributes(out, 'k-email')).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'k-email-hint k-email-error' })
    }
  })

  it('show what the server said about a field', () => {
    const out = html(
      <ServerFieldErrorsContext value={{ errors: { consent: 'Bitte bestätigen Sie die Einwilligung.' }, drop: () => {} }}>
        <ContactForm />
      </ServerFieldErrorsContext>,
    )
    expect(out).toContain('<p id="k-consent-error" class="field-error">Bitte bestätigen Sie die Einwilligung.</p>')
    expect(attributes(out, 'k-consent')).toMatchObject({ 'aria-invalid': 'true', 'aria-describedby': 'k-consent-error' })
  })
})

describe('shownError', () => {
  const meta = { errors: [{ message: MESSAGE }], isTouched: false }
  it('is the first error once the field was touched or the form sent, else the server’s message', () => {
    expect(shownError(meta, false, undefined)).toBeUndefined()
    expect(shownError(meta, false, 'vom Server')).toBe('vom Server')
    expect(shownError(meta, true, 'vom Server')).toBe(MESSAGE)
    expect(shownError({ ...meta, isTouched: true }, false, undefined)).toBe(MESSAGE)
    expect(shownError(undefined, true, undefined)).toBeUndefined()
  })
})

// The shape of a booking step: rooms with their travellers (a field array in a field array), one
// traveller's fields as a reusable group, the step as a withForm component.
type Traveller = { firstname: string; lastname: string; mobility: string }
type Draft = { allRooms: { teilnehmer: Traveller[] }[] }
const traveller = (firstname: string, lastname: string): Traveller => ({ firstname, lastname, mobility: 'keine' })
const DRAFT: Draft = { allRooms: [{ teilnehmer: [traveller('Anna', 'Alt'), traveller('Bernd', 'Bauer')] }, { teilnehmer: [traveller('Clara', 'Cramer')] }] }
const draftOptions = formOptions({ defaultValues: DRAFT })

const TravellerFields = withFieldGroup({
  defaultValues: traveller('', ''),
  props: { idPrefix: '' },
  render: function TravellerFields({ group, idPrefix }) {
    return (
      <>
        <group.AppField name="firstname">
          {(field) => <field.TextField id={`${idPrefix}-firstname`} label="Vorname" required maxLength={60} autoComplete="off" />}
        </group.AppField>
        <group.AppField name="lastname">
          {(field) => <field.TextField id={`${idPrefix}-lastname`} label="Nachname" required maxLength={60} autoComplete="off" />}
        </group.AppField>
        <group.AppField name="mobility">
          {(field) => (
            <field.SelectField
              id={`${idPrefix}-mobility`}
              label="Mobilitätshilfe"
              options={[
                { value: 'keine', label: 'keine' },
                { value: 'rollator', label: 'Rollator' },
              ]}
            />
          )}
        </group.AppField>
      </>
    )
  },
})

const TravellersStep = withForm({
  ...draftOptions,
  render: function TravellersStep({ form }) {
    return (
      <form.AppField name="allRooms" mode="array">
        {(rooms) =>
          rooms.state.value.map((_, r) => (
            <form.AppField key={r} name={`allRooms[${r}].teilnehmer`} mode="array">
              {(list) => (
                <fieldset>
                  <legend>Zimmer {r + 1}</legend>
                  {list.state.value.map((_, t) => (
                    <div key={t}>
                      <TravellerFields form={form} fields={`allRooms[${r}].teilnehmer[${t}]`} idPrefix={`reisende-${r}-${t}`} />
                      <button type="button" onClick={() => void removeArrayItem(list, t)}>
                        Person entfernen
                      </button>
                    </div>
                  ))}
                </fieldset>
              )}
            </form.AppField>
          ))
        }
      </form.AppField>
    )
  },
})

function BookingPage() {
  const form = useAppForm({ ...draftOptions })
  return <TravellersStep form={form} />
}

describe('a booking step built with withForm', () => {
  it('renders each traveller’s fields under the names of their room and place', () => {
    const out = html(<BookingPage />)
    expect(out.match(/<legend>/g)).toHaveLength(2)
    expect(attributes(out, 'reisende-0-1-firstname')).toMatchObject({ name: 'allRooms[0].teilnehmer[1].firstname', value: 'Bernd' })
    expect(attributes(out, 'reisende-1-0-lastname')).toMatchObject({ name: 'allRooms[1].teilnehmer[0].lastname', value: 'Cramer' })
    expect(attributes(out, 'reisende-1-0-mobility')).toMatchObject({ name: 'allRooms[1].teilnehmer[0].mobility' })
    expect(out).toContain('<label for="reisende-1-0-mobility" class="field__label">Mobilitätshilfe</label>')
    expect(out.match(/Person entfernen/g)).toHaveLength(3)
  })
})
