import { revalidateLogic } from '@tanstack/react-form'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import * as z from 'zod/mini'
import { AccountPage, EmailText } from '~/components/account/AccountPage'
import type { Notice } from '~/components/account/AccountPage'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { ACCOUNT_MESSAGES, CUSTOMER_MIN_PASSWORD_LENGTH, accountEmailSchema, newCustomerPasswordSchema } from '~/lib/account/auth'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { checkNewPasswordLink, requestNewPassword, setNewPassword } from '~/server/account.functions'

/** Without a token: a link for a new password by mail. With the mailed link's token: the new password. */
export const Route = createFileRoute('/passwort/')({
  validateSearch: z.object({ token: z.optional(z.catch(z.string().check(z.maxLength(200)), '')) }),
  loaderDeps: ({ search }) => ({ token: search.token }),
  // A used or expired link says so when its page opens, not after a new password was typed.
  loader: ({ deps }) => (deps.token ? checkNewPasswordLink({ data: { token: deps.token } }) : null),
  head: ({ match }) => pageHead(match.context.site, { title: 'Passwort vergessen', robots: 'noindex' }),
  component: PasswordPage,
})

function PasswordPage() {
  const { token } = Route.useSearch()
  const link = Route.useLoaderData()
  if (!token) return <RequestLink />
  if (link?.kind !== 'usable')
    return (
      <AccountPage title="Neues Passwort festlegen" notice={{ tone: 'error', text: link?.message ?? ACCOUNT_MESSAGES.linkInvalid }}>
        <p>
          <Link to="/passwort/" search={{}}>
            Einen neuen Link anfordern
          </Link>
        </p>
      </AccountPage>
    )
  return <NewPassword token={token} email={link.email} />
}

function RequestLink() {
  const [notice, setNotice] = useState<Notice>(null)
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: accountEmailSchema },
    onSubmit: async ({ value }) => {
      setNotice(null)
      const result = await requestNewPassword({ data: value })
      setNotice({ tone: result.kind === 'sent' ? 'success' : 'error', text: result.message })
    },
  })
  return (
    <AccountPage title="Passwort vergessen" lead="Geben Sie die E-Mail-Adresse Ihres Kundenkontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen." notice={notice}>
      <form noValidate {...appFormProps} aria-label="Link für ein neues Passwort anfordern" onSubmit={submitTo(form)}>
        <form.AppForm>
          <form.AppField name="email">
            {(field) => <field.TextField id="passwort-email" type="email" label="E-Mail-Adresse" autoComplete="email" maxLength={254} required />}
          </form.AppField>
          <form.SubmitButton>Link schicken</form.SubmitButton>
        </form.AppForm>
      </form>
      <p className="account-after-form">
        Schneller geht es oft mit einem <Link to="/anmelden/">Anmeldelink per E-Mail</Link>: Damit melden Sie sich ganz ohne Passwort an.
      </p>
    </AccountPage>
  )
}

function NewPassword({ token, email }: { token: string; email: string }) {
  const [notice, setNotice] = useState<Notice>(null)
  const [done, setDone] = useState(false)
  const form = useAppForm({
    defaultValues: { token, password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newCustomerPasswordSchema },
    onSubmit: async ({ value }) => {
      setNotice(null)
      const result = await setNewPassword({ data: value })
      if (result.kind === 'reset') {
        setDone(true)
        setNotice({ tone: 'success', text: 'Ihr neues Passwort gilt. Aus Sicherheitsgründen sind Sie überall abgemeldet worden.' })
        return
      }
      form.setFieldValue('password', '', { dontValidate: true })
      setNotice({ tone: 'error', text: result.message })
    },
  })
  return (
    <AccountPage
      title="Neues Passwort festlegen"
      lead={
        <>
          Für Ihr Kundenkonto <EmailText email={email} />
        </>
      }
      notice={notice}
    >
      {done ? (
        <p>
          <Link to="/anmelden/">Jetzt mit dem neuen Passwort anmelden</Link>
        </p>
      ) : (
        <form noValidate {...appFormProps} aria-label="Neues Passwort festlegen" onSubmit={submitTo(form)}>
          <form.AppForm>
            {/* For the browser's password manager: which account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <form.AppField name="password">
              {(field) => <field.NewPasswordField id="passwort-neu" minLength={CUSTOMER_MIN_PASSWORD_LENGTH} />}
            </form.AppField>
            <form.SubmitButton>Passwort speichern</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
    </AccountPage>
  )
}
