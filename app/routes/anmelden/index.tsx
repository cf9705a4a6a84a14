import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { Link, createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import { AccountPage, AlreadySignedIn, NoticeLine } from '~/components/account/AccountPage'
import { SIGN_IN_AGAIN_EMAIL_KEY } from '~/components/account/signed-out'
import { useAccountState } from '~/components/account/use-account-state'
import type { Notice } from '~/components/account/AccountPage'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { ACCOUNT_MESSAGES, PASSKEY_MESSAGES, accountEmailSchema, accountReturnPath, customerSignInSchema } from '~/lib/account/auth'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { accountStateQuery } from '~/queries/account'
import { passkeySignInOptions, requestSignInLink, signInCustomer, signInWithPasskey } from '~/server/account.functions'

export const Route = createFileRoute('/anmelden/')({
  validateSearch: z.object({ weiter: z.optional(z.catch(z.string().check(z.maxLength(500)), '')) }),
  head: ({ match }) => pageHead(match.context.site, { title: 'Anmelden', robots: 'noindex' }),
  component: SignIn,
})

function SignIn() {
  const { weiter } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(null)
  const [linkNotice, setLinkNotice] = useState<Notice>(null)
  const [passkeyNotice, setPasskeyNotice] = useState<Notice>(null)

  const passwordForm = useAppForm({
    defaultValues: { email: '', password: '', remember: false },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: customerSignInSchema },
    onSubmit: async ({ value }) => {
      setNotice(null)
      const result = await signInCustomer({ data: value })
      if (result.kind === 'signed-in') {
        await queryClient.invalidateQueries({ queryKey: accountStateQuery().queryKey })
        await router.navigate({ href: accountReturnPath(weiter) })
        return
      }
      // Typed again after a refusal; emptied without a check, so only the server's message shows.
      passwordForm.setFieldValue('password', '', { dontValidate: true })
      setNotice({ tone: 'error', text: result.message })
      document.getElementById('anmelden-passwort')?.focus()
    },
  })

  const passkey = useOneAtATime(() => setPasskeyNotice({ tone: 'error', text: ACCOUNT_MESSAGES.unavailable }))
  const signInWithAPasskey = () =>
    passkey.run(async () => {
      setPasskeyNotice(null)
      if (typeof window.PublicKeyCredential === 'undefined') return setPasskeyNotice({ tone: 'error', text: 'Dieser Browser kann keine Passkeys verwenden.' })
      const prepared = await passkeySignInOptions()
      if (prepared.kind !== 'options') return setPasskeyNotice({ tone: 'error', text: prepared.message })
      const { startAuthentication } = await import('@simplewebauthn/browser')
      const response = await startAuthentication({ optionsJSON: JSON.parse(prepared.optionsJson) as Parameters<typeof startAuthentication>[0]['optionsJSON'] }).catch(() => null)
      if (!response) return setPasskeyNotice({ tone: 'error', text: PASSKEY_MESSAGES.cancelled })
      const result = await signInWithPasskey({ data: { response: { ...response, response: { ...response.response } } } })
      if (result.kind !== 'signed-in') return setPasskeyNotice({ tone: 'error', text: result.message })
      await queryClient.invalidateQueries({ queryKey: accountStateQuery().queryKey })
      await router.navigate({ href: accountReturnPath(weiter) })
    })

  const linkForm = useAppForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: accountEmailSchema },
    onSubmit: async ({ value }) => {
      setLinkNotice(null)
      const result = await requestSignInLink({ data: value })
      setLinkNotice({ tone: result.kind === 'sent' ? 'success' : 'error', text: result.message })
    },
  })

  // Come from "Erneut anmelden": the address this tab was signed in with.
  useEffect(() => {
    try {
      const email = sessionStorage.getItem(SIGN_IN_AGAIN_EMAIL_KEY)
      sessionStorage.removeItem(SIGN_IN_AGAIN_EMAIL_KEY)
      if (email) passwordForm.setFieldValue('email', email, { dontValidate: true })
    } catch {
      // storage switched off: nothing to fill in
    }
  }, [passwordForm])
  const account = useAccountState()
  if (account !== 'pending' && account.signedIn) return <AlreadySignedIn title="Anmelden" email={account.email} next={accountReturnPath(weiter)} />
  return (
    <AccountPage
      title="Anmelden"
      lead="Melden Sie sich an, um Ihre Buchungen zu sehen, offene Beträge zu bezahlen und Ihre Daten zu ändern."
      notice={notice}
      focusNotice={false}
    >
      <div className="account-columns">
        <section aria-labelledby="anmelden-passwort-titel" className="account-box">
          <h2 id="anmelden-passwort-titel">Mit E-Mail-Adresse und Passwort</h2>
          <form noValidate {...appFormProps} aria-labelledby="anmelden-passwort-titel" onSubmit={submitTo(passwordForm)}>
            <passwordForm.AppForm>
              <passwordForm.AppField name="email">
                {(field) => <field.TextField id="anmelden-email" type="email" label="E-Mail-Adresse" autoComplete="username" maxLength={254} required />}
              </passwordForm.AppField>
              <passwordForm.AppField name="password">
                {(field) => <field.CurrentPasswordField id="anmelden-passwort" />}
              </passwordForm.AppField>
              <passwordForm.AppField name="remember">
                {(field) => (
                  <field.CheckboxField
                    id="anmelden-merken"
                    label="Angemeldet bleiben"
                    hint="Nur auf Ihrem eigenen Gerät: Sie bleiben 30 Tage angemeldet, auch wenn Sie den Browser schließen."
                  />
                )}
              </passwordForm.AppField>
              <passwordForm.SubmitButton>Anmelden</passwordForm.SubmitButton>
            </passwordForm.AppForm>
          </form>
          <p className="account-after-form">
            <Link to="/passwort/">Passwort vergessen?</Link>
          </p>
        </section>
        <section aria-labelledby="anmelden-passkey-titel" className="account-box">
          <h2 id="anmelden-passkey-titel">Mit Passkey</h2>
          <p>
            Ein Passkey ersetzt das Passwort: Ihr Telefon oder Computer bestätigt Sie mit Fingerabdruck, Gesicht oder seiner PIN. Einrichten können Sie ihn
            nach der Anmeldung unter „Meine Daten“.
          </p>
          <NoticeLine notice={passkeyNotice} />
          <Button variant="secondary" onClick={() => void signInWithAPasskey()} busy={passkey.busy}>
            Mit Passkey anmelden
          </Button>
        </section>
        <section aria-labelledby="anmelden-link-titel" className="account-box">
          <h2 id="anmelden-link-titel">Ohne Passwort: Anmeldelink per E-Mail</h2>
          <p>Wir schicken Ihnen einen Link, mit dem Sie sich mit einem Klick anmelden. Er gilt 15 Minuten.</p>
          <NoticeLine notice={linkNotice} />
          <form noValidate {...appFormProps} aria-labelledby="anmelden-link-titel" onSubmit={submitTo(linkForm)}>
            <linkForm.AppForm>
              <linkForm.AppField name="email">
                {(field) => <field.TextField id="anmelden-link-email" type="email" label="E-Mail-Adresse" autoComplete="email" maxLength={254} required />}
              </linkForm.AppField>
              <linkForm.SubmitButton variant="secondary">Anmeldelink schicken</linkForm.SubmitButton>
            </linkForm.AppForm>
          </form>
        </section>
      </div>
      <p>
        Noch kein Kundenkonto? <Link to="/registrierung/">Jetzt registrieren</Link> – Ihre bisherigen Buchungen mit derselben E-Mail-Adresse sehen Sie
        dann gleich darin.
      </p>
    </AccountPage>
  )
}
