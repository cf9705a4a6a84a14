import { revalidateLogic } from '@tanstack/react-form'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { pageHead } from '~/lib/head'
import { passwordResetRequestSchema } from '~/lib/office/login'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { requestStaffPasswordReset } from '~/server/office.functions'

export const Route = createFileRoute('/buero/passwort-vergessen/')({
  head: ({ match }) => pageHead(match.context.site, { title: 'Passwort vergessen', robots: 'noindex' }),
  component: ForgotPassword,
})

function ForgotPassword() {
  const [sent, setSent] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: passwordResetRequestSchema },
    onSubmit: async ({ value }) => setSent((await requestStaffPasswordReset({ data: value })).message),
  })
  return (
    <section className="office-auth" aria-labelledby="passwort-vergessen-titel">
      <h1 id="passwort-vergessen-titel" className="page-title">
        Passwort vergessen
      </h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form
          noValidate
          {...appFormProps}
          aria-labelledby="passwort-vergessen-titel"
          onSubmit={submitTo(form)}
        >
          <p>Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.</p>
          <form.AppForm>
            <form.AppField name="email">
              {(field) => <field.TextField id="vergessen-email" type="email" label="E-Mail-Adresse" autoComplete="username" maxLength={254} required />}
            </form.AppField>
            <form.SubmitButton>Link anfordern</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
      <p>
        <Link to="/buero/anmelden/">Zur Anmeldung</Link>
      </p>
    </section>
  )
}
