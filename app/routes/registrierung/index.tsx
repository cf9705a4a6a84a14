import { revalidateLogic } from '@tanstack/react-form'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { AccountPage, AlreadySignedIn } from '~/components/account/AccountPage'
import { useAccountState } from '~/components/account/use-account-state'
import type { Notice } from '~/components/account/AccountPage'
import { RequiredNote } from '~/components/forms/fields'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { useUnsavedDraft } from '~/components/forms/use-unsaved-draft'
import { ACCOUNT_MESSAGES, CUSTOMER_MIN_PASSWORD_LENGTH, registrationSchema } from '~/lib/account/auth'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { registerCustomer } from '~/server/account.functions'

export const Route = createFileRoute('/registrierung/')({
  head: ({ match }) => pageHead(match.context.site, { title: 'Kundenkonto anlegen', robots: 'noindex' }),
  component: Registration,
})

/**
 * This tab sent a registration: Back, Forward and reload show that state again, not an empty form
 * that invites a second try; for as long as the mailed link is valid.
 */
const SENT_KEY = 'registrierung:gesendet'
const SENT_FOR_MS = 24 * 60 * 60_000

function rememberSent(sent: boolean): void {
  try {
    if (sent) sessionStorage.setItem(SENT_KEY, String(Date.now()))
    else sessionStorage.removeItem(SENT_KEY)
  } catch {
    // storage switched off: the page shows the empty form again, as before
  }
}

function Registration() {
  const [notice, setNotice] = useState<Notice>(null)
  const [sent, setSent] = useState(false)
  useEffect(() => {
    let wasSent = false
    try {
      wasSent = Date.now() - Number(sessionStorage.getItem(SENT_KEY) ?? 0) < SENT_FOR_MS
    } catch {
      wasSent = false
    }
    if (!wasSent) return
    setSent(true)
    setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.registered })
  }, [])
  const another = () => {
    rememberSent(false)
    setSent(false)
    setNotice(null)
  }
  const form = useAppForm({
    defaultValues: { firstname: '', lastname: '', email: '', password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: registrationSchema },
    onSubmit: async ({ value }) => {
      setNotice(null)
      const result = await registerCustomer({ data: value })
      if (result.kind === 'sent') {
        forgetTyped()
        rememberSent(true)
        setSent(true)
        setNotice({ tone: 'success', text: result.message })
        return
      }
      setNotice({ tone: 'error', text: result.message })
    },
  })
  // Names and address survive Back and reload (the page is not kept by the browser); the password never.
  const forgetTyped = useUnsavedDraft('registrierung', form, { firstname: '', lastname: '', email: '' })
  const account = useAccountState()
  if (account !== 'pending' && account.signedIn) return <AlreadySignedIn title="Kundenkonto anlegen" email={account.email} next="/konto/" />
  return (
    <AccountPage
      title={sent ? 'Bitte bestätigen Sie Ihre E-Mail-Adresse' : 'Kundenkonto anlegen'}
      lead={
        sent ? undefined : 'In Ihrem Kundenkonto sehen Sie Ihre Buchungen mit allen Unterlagen, bezahlen offene Beträge und ändern Ihre Kontaktdaten – rund um die Uhr.'
      }
      notice={notice}
    >
      {sent ? (
        <>
          <p>
            Keine E-Mail erhalten? Bitte sehen Sie auch im Spam-Ordner nach. Sie können sich den Link auf der{' '}
            <Link to="/anmelden/">Anmeldeseite</Link> noch einmal schicken lassen.
          </p>
          <p className="account-after-form">
            <Button variant="ghost" onClick={another}>
              Eine andere E-Mail-Adresse registrieren
            </Button>
          </p>
        </>
      ) : (
        <form noValidate {...appFormProps} className="account-form" aria-label="Kundenkonto anlegen" onSubmit={submitTo(form)}>
          <RequiredNote />
          <form.AppForm>
            <div className="form-row">
              <form.AppField name="firstname">
                {(field) => <field.TextField id="registrierung-vorname" label="Vorname" autoComplete="given-name" maxLength={80} required />}
              </form.AppField>
              <form.AppField name="lastname">
                {(field) => <field.TextField id="registrierung-nachname" label="Nachname" autoComplete="family-name" maxLength={80} required />}
              </form.AppField>
            </div>
            <form.AppField name="email">
              {(field) => (
                <field.TextField
                  id="registrierung-email"
                  type="email"
                  label="E-Mail-Adresse"
                  hint="An diese Adresse schicken wir einen Link zur Bestätigung. Buchungen mit dieser Adresse sehen Sie dann in Ihrem Konto."
                  autoComplete="email"
                  maxLength={254}
                  required
                />
              )}
            </form.AppField>
            <form.AppField name="password">
              {(field) => (
                <field.NewPasswordField
                  id="registrierung-passwort"
                  label="Passwort"
                  minLength={CUSTOMER_MIN_PASSWORD_LENGTH}
                  advice="Ein Satz, den Sie sich gut merken können, ist ein gutes Passwort."
                />
              )}
            </form.AppField>
            <p className="form-note">
              Wie wir Ihre Daten verwenden, lesen Sie in unserer <Link to="/$/" params={{ _splat: 'datenschutz' }}>Datenschutzerklärung</Link>.
            </p>
            <form.SubmitButton>Kundenkonto anlegen</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
      {sent ? null : (
        <p className="account-after-form">
          Sie haben schon ein Kundenkonto? <Link to="/anmelden/">Zur Anmeldung</Link>
        </p>
      )}
    </AccountPage>
  )
}
