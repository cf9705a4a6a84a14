import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { Link, createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { pageHead } from '~/lib/head'
import { officeReturnPath, secondFactorSchema, staffSignInSchema } from '~/lib/office/login'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { officeSessionQuery } from '~/queries/office'
import { signInStaff, verifyStaffCode } from '~/server/office.functions'

export const Route = createFileRoute('/buero/anmelden/')({
  validateSearch: z.object({ weiter: z.optional(z.catch(z.string(), '')) }),
  head: ({ match }) => pageHead(match.context.site, { title: 'Anmeldung Büro', robots: 'noindex' }),
  component: OfficeSignIn,
})

type Step = 'password' | 'code'

function OfficeSignIn() {
  const { weiter } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>('password')
  const [error, setError] = useState<string | null>(null)

  const enter = async () => {
    await queryClient.invalidateQueries({ queryKey: officeSessionQuery().queryKey })
    await router.navigate({ href: officeReturnPath(weiter) })
  }

  // A spent backup code: the two-factor page says how many are left and makes new ones.
  const enterWithBackupCode = async () => {
    await queryClient.invalidateQueries({ queryKey: officeSessionQuery().queryKey })
    await router.navigate({ to: '/buero/zwei-faktor/', search: { ersatzcode: 'verwendet' } })
  }

  const passwordForm = useAppForm({
    defaultValues: { email: '', password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: staffSignInSchema },
    onSubmit: async ({ value }) => {
      setError(null)
      const result = await signInStaff({ data: value })
      if (result.kind === 'signed-in') return enter()
      if (result.kind === 'two-factor') return setStep('code')
      // A refused password is typed again; emptied without a check, so only the server's message shows.
      passwordForm.setFieldValue('password', '', { dontValidate: true })
      setError(result.message)
      document.getElementById('buero-passwort')?.focus()
    },
  })

  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: secondFactorSchema },
    onSubmit: async ({ value }) => {
      setError(null)
      const result = await verifyStaffCode({ data: value })
      if (result.kind === 'signed-in') return enter()
      if (result.kind === 'signed-in-with-backup-code') return enterWithBackupCode()
      // Emptied without a check, so only the server's message shows.
      codeForm.setFieldValue('code', '', { dontValidate: true })
      setError(result.message)
      document.getElementById('buero-code')?.focus()
    },
  })

  // The second step is announced by its heading, and its field takes the focus.
  useEffect(() => {
    if (step === 'code') document.getElementById('buero-code')?.focus()
  }, [step])

  return (
    <section className="office-auth" aria-labelledby="buero-anmelden-titel">
      <h1 id="buero-anmelden-titel" className="page-title">
        {step === 'password' ? 'Anmeldung für das Büro' : 'Bestätigungscode'}
      </h1>
      <div role="alert" className="office-auth__error">
        {error ? <p>{error}</p> : null}
      </div>
      {step === 'password' ? (
        <form
          noValidate
          {...appFormProps}
          aria-labelledby="buero-anmelden-titel"
          onSubmit={submitTo(passwordForm)}
        >
          <passwordForm.AppForm>
            <passwordForm.AppField name="email">
              {(field) => <field.TextField id="buero-email" type="email" label="E-Mail-Adresse" autoComplete="username" maxLength={254} required />}
            </passwordForm.AppField>
            <passwordForm.AppField name="password">
              {(field) => (
                <field.CurrentPasswordField id="buero-passwort" />
              )}
            </passwordForm.AppField>
            <passwordForm.SubmitButton>Anmelden</passwordForm.SubmitButton>
          </passwordForm.AppForm>
          <p>
            <Link to="/buero/passwort-vergessen/">Passwort vergessen?</Link>
          </p>
        </form>
      ) : (
        <form
          noValidate
          aria-labelledby="buero-anmelden-titel"
          onSubmit={submitTo(codeForm)}
        >
          <p>Bitte geben Sie den sechsstelligen Code aus Ihrer Authenticator-App ein.</p>
          <codeForm.AppForm>
            <codeForm.AppField name="code">
              {(field) => (
                <field.TextField
                  id="buero-code"
                  label="Code aus der App oder Ersatzcode"
                  hint="Ohne Ihr Telefon nehmen Sie einen Ihrer Ersatzcodes (zum Beispiel ab3cd-9fgh2); jeder gilt einmal."
                  autoComplete="one-time-code"
                  maxLength={20}
                  required
                />
              )}
            </codeForm.AppField>
            <codeForm.SubmitButton>Bestätigen</codeForm.SubmitButton>
          </codeForm.AppForm>
        </form>
      )}
    </section>
  )
}
