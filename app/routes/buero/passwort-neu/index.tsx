import { revalidateLogic } from '@tanstack/react-form'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import * as z from 'zod/mini'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { pageHead } from '~/lib/head'
import { STAFF_LOGIN_MESSAGES, STAFF_MIN_PASSWORD_LENGTH, newPasswordSchema } from '~/lib/office/login'
import { resetStaffPassword } from '~/server/office.functions'

export const Route = createFileRoute('/buero/passwort-neu/')({
  validateSearch: z.object({ token: z.optional(z.catch(z.string(), '')) }),
  head: ({ match }) => pageHead(match.context.site, { title: 'Neues Passwort', robots: 'noindex' }),
  component: NewPassword,
})

function NewPassword() {
  const { token = '' } = Route.useSearch()
  const [result, setResult] = useState<{ kind: 'reset' } | { kind: 'refused'; message: string } | null>(null)
  const form = useAppForm({
    defaultValues: { token, password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newPasswordSchema },
    onSubmit: async ({ value }) => {
      form.setFieldValue('password', '')
      setResult(await resetStaffPassword({ data: value }))
    },
  })
  return (
    <section className="office-auth" aria-labelledby="passwort-neu-titel">
      <h1 id="passwort-neu-titel" className="page-title">
        Neues Passwort
      </h1>
      {result?.kind === 'reset' ? (
        <p role="status">
          Ihr neues Passwort gilt. Alle bisherigen Anmeldungen sind beendet. <Link to="/buero/anmelden/">Jetzt anmelden</Link>
        </p>
      ) : !token ? (
        <p>
          {STAFF_LOGIN_MESSAGES.resetInvalid} <Link to="/buero/passwort-vergessen/">Neuen Link anfordern</Link>
        </p>
      ) : (
        <form
          noValidate
          aria-labelledby="passwort-neu-titel"
          onSubmit={submitTo(form)}
        >
          <div role="alert" className="office-auth__error">
            {result?.kind === 'refused' ? <p>{result.message}</p> : null}
          </div>
          <form.AppForm>
            <form.AppField name="password">
              {(field) => <field.NewPasswordField id="neues-passwort" minLength={STAFF_MIN_PASSWORD_LENGTH} />}
            </form.AppField>
            <form.SubmitButton>Passwort speichern</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
    </section>
  )
}
