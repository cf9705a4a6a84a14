import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { AccountPage, EmailText, failureNotice, noticeOnFailure, NoticeLine, UNSENT_INPUT_RESTORED } from '~/components/account/AccountPage'
import { isSignedOut } from '~/components/account/signed-out'
import type { Notice } from '~/components/account/AccountPage'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { RequiredNote } from '~/components/forms/fields'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { useUnsavedDraft } from '~/components/forms/use-unsaved-draft'
import { Button } from '~/components/ui/Button'
import { PASSKEY_MESSAGES } from '~/lib/account/auth'
import { accountContactSchema, accountDeletionSchema, emailChangeSchema } from '~/lib/account/profile'
import type { AccountSession } from '~/lib/account/profile'
import { formatDateTime } from '~/lib/format'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { accountDataQuery } from '~/queries/account'
import { deleteAccount, passkeyRegistrationOptions, registerPasskey, removePasskey, requestEmailChange, revokeAccountSession, saveContactData } from '~/server/account-profile.functions'
import type { PasskeyView } from '~/server/account/passkeys.server'

export const Route = createFileRoute('/konto/daten/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountDataQuery()),
  head: ({ match }) => pageHead(match.context.site, { title: 'Meine Daten', robots: 'noindex' }),
  component: AccountData,
})

function AccountData() {
  const { data } = useSuspenseQuery(accountDataQuery())
  return (
    <AccountPage title="Meine Daten">
      <ContactForm />
      <EmailForm email={data.profile.email} />
      <Passkeys passkeys={data.passkeys} />
      <Sessions sessions={data.sessions} />
      <section aria-labelledby="auskunft-titel" className="section section--tight account-box">
        <h2 id="auskunft-titel">Ihre Daten herunterladen</h2>
        <p>
          Alles, was wir zu Ihrem Konto und Ihren Buchungen speichern, in einer Datei im Format JSON: einer Textdatei, die Sie mit jedem Texteditor öffnen und
          einem anderen Anbieter übergeben können (Ihr Recht nach Art. 15 und 20 DSGVO). Ihre Buchungsunterlagen als PDF finden Sie bei jeder Buchung.
        </p>
        <p>
          <a href="/konto/daten/meine-daten.json" download>
            Meine Daten herunterladen
          </a>
        </p>
      </section>
      <DeleteAccount hasPassword={data.hasPassword} />
    </AccountPage>
  )
}

function ContactForm() {
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(accountDataQuery())
  const [notice, setNotice] = useState<Notice>(null)
  const { email: _email, ...contact } = data.profile
  const form = useAppForm({
    defaultValues: contact,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: accountContactSchema },
    onSubmit: noticeOnFailure(setNotice, async ({ value }) => {
      setNotice(null)
      const result = await saveContactData({ data: value })
      forgetTyped()
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      const changed = result.changedBookings.length
      setNotice({
        tone: 'success',
        text:
          changed === 0
            ? 'Ihre Kontaktdaten sind gespeichert.'
            : `Ihre Kontaktdaten sind gespeichert und in ${changed === 1 ? 'Ihrer gebuchten Reise' : `Ihren ${changed} gebuchten Reisen`} geändert (${result.changedBookings.join(', ')}). Die geänderte Buchungsbestätigung erhalten Sie per E-Mail.`,
      })
    }),
  })
  const forgetTyped = useUnsavedDraft('konto-kontaktdaten', form, contact, () => setNotice({ tone: 'info', text: UNSENT_INPUT_RESTORED }))
  return (
    <section aria-labelledby="kontakt-titel" className="section section--tight account-box">
      <h2 id="kontakt-titel">Anschrift und Telefon</h2>
      <p>Damit füllen wir Ihre nächste Buchung aus. Ihre gebuchten Reisen, die noch vor Ihnen liegen, übernehmen Anschrift und Telefonnummer.</p>
      <NoticeLine notice={notice} />
      <form noValidate {...appFormProps} aria-labelledby="kontakt-titel" onSubmit={submitTo(form)}>
        <RequiredNote />
        <form.AppForm>
          <div className="form-row">
            <form.AppField name="firstname">{(field) => <field.TextField id="daten-vorname" label="Vorname" autoComplete="given-name" maxLength={80} required />}</form.AppField>
            <form.AppField name="lastname">{(field) => <field.TextField id="daten-nachname" label="Nachname" autoComplete="family-name" maxLength={80} required />}</form.AppField>
          </div>
          <div className="form-row">
            <form.AppField name="street">{(field) => <field.TextField id="daten-strasse" label="Straße" autoComplete="address-line1" maxLength={100} required />}</form.AppField>
            <form.AppField name="streetNr">{(field) => <field.TextField id="daten-hausnummer" label="Hausnummer" maxLength={10} required />}</form.AppField>
          </div>
          <div className="form-row">
            <form.AppField name="zip">
              {(field) => <field.TextField id="daten-plz" label="Postleitzahl" inputMode="numeric" autoComplete="postal-code" maxLength={5} required />}
            </form.AppField>
            <form.AppField name="city">{(field) => <field.TextField id="daten-ort" label="Ort" autoComplete="address-level2" maxLength={60} required />}</form.AppField>
          </div>
          <form.AppField name="phone">
            {(field) => <field.TextField id="daten-telefon" type="tel" label="Telefon" hint="Für Rückfragen vor und während der Reise." autoComplete="tel" maxLength={30} required />}
          </form.AppField>
          <form.SubmitButton>Speichern</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}

function EmailForm({ email }: { email: string }) {
  const [notice, setNotice] = useState<Notice>(null)
  const form = useAppForm({
    defaultValues: { email: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: emailChangeSchema },
    onSubmit: noticeOnFailure(setNotice, async ({ value }) => {
      setNotice(null)
      const result = await requestEmailChange({ data: value })
      setNotice({ tone: result.kind === 'done' ? 'success' : 'error', text: result.message })
      if (result.kind === 'done') {
        forgetTyped()
        form.reset()
      }
    }),
  })
  const forgetTyped = useUnsavedDraft('konto-neue-email', form, { email: '' }, () => setNotice({ tone: 'info', text: UNSENT_INPUT_RESTORED }))
  return (
    <section aria-labelledby="email-titel" className="section section--tight account-box">
      <h2 id="email-titel">E-Mail-Adresse</h2>
      <p>
        Ihr Konto nutzt{' '}
        <strong>
          <EmailText email={email} />
        </strong>
        . Eine neue Adresse gilt, sobald Sie den Link bestätigt haben, den wir an sie schicken. Ihre bisherigen
        Buchungen bleiben in Ihrem Konto.
      </p>
      <NoticeLine notice={notice} />
      <form noValidate {...appFormProps} aria-labelledby="email-titel" onSubmit={submitTo(form)}>
        <form.AppForm>
          <form.AppField name="email">
            {(field) => <field.TextField id="daten-neue-email" type="email" label="Neue E-Mail-Adresse" autoComplete="email" maxLength={254} required />}
          </form.AppField>
          <form.SubmitButton variant="secondary">Neue Adresse bestätigen lassen</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}

function Passkeys({ passkeys }: { passkeys: readonly PasskeyView[] }) {
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(null)
  const action = useOneAtATime((error) => setNotice(isSignedOut(error) ? failureNotice(error) : { tone: 'error', text: PASSKEY_MESSAGES.notAdded }))
  const add = () =>
    action.run(async () => {
      setNotice(null)
      if (typeof window.PublicKeyCredential === 'undefined') return setNotice({ tone: 'error', text: 'Dieser Browser kann keine Passkeys verwenden.' })
      const { optionsJson } = await passkeyRegistrationOptions()
      const { startRegistration } = await import('@simplewebauthn/browser')
      const response = await startRegistration({ optionsJSON: JSON.parse(optionsJson) as Parameters<typeof startRegistration>[0]['optionsJSON'] }).catch(() => null)
      if (!response) return setNotice({ tone: 'error', text: 'Das Einrichten des Passkeys wurde abgebrochen.' })
      const result = await registerPasskey({ data: { response: { ...response, response: { ...response.response } } } })
      setNotice({ tone: result.kind === 'done' ? 'success' : 'error', text: result.message })
      await queryClient.invalidateQueries({ queryKey: accountDataQuery().queryKey })
    })
  const remove = (passkey: PasskeyView) =>
    action.run(async () => {
      const result = await removePasskey({ data: { id: passkey.id } })
      setNotice({ tone: result.kind === 'done' ? 'success' : 'error', text: result.message })
      await queryClient.invalidateQueries({ queryKey: accountDataQuery().queryKey })
    })
  return (
    <section aria-labelledby="passkeys-titel" className="section section--tight account-box">
      <h2 id="passkeys-titel">Passkeys</h2>
      <p>
        Mit einem Passkey melden Sie sich ohne Passwort an: mit Fingerabdruck, Gesicht oder der PIN Ihres Telefons oder Computers. Er ist an dieses Gerät
        (oder Ihren Passwortmanager) gebunden und kann nicht erraten werden.
      </p>
      <NoticeLine notice={notice} />
      {passkeys.length ? (
        <ul className="account-sessions">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <strong>{passkey.name}</strong>
              <br />
              eingerichtet am <time dateTime={passkey.createdAt}>{formatDateTime(new Date(passkey.createdAt))}</time>
              {passkey.lastUsedAt ? (
                <>
                  , zuletzt genutzt am <time dateTime={passkey.lastUsedAt}>{formatDateTime(new Date(passkey.lastUsedAt))}</time>
                </>
              ) : null}{' '}
              <Button variant="ghost" size="small" onClick={() => void remove(passkey)} busy={action.busy}>
                Entfernen<span className="visually-hidden">: Passkey {passkey.name}, eingerichtet am {formatDateTime(new Date(passkey.createdAt))}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="secondary" onClick={() => void add()} busy={action.busy}>
        Passkey einrichten
      </Button>
    </section>
  )
}

function Sessions({ sessions }: { sessions: readonly AccountSession[] }) {
  const [notice, setNotice] = useState<Notice>(null)
  return (
    <section aria-labelledby="geraete-titel" className="section section--tight account-box">
      <h2 id="geraete-titel">Angemeldete Geräte</h2>
      <p>Hier sind Sie angemeldet. Einen Browser, den Sie nicht kennen oder nicht mehr nutzen, melden Sie hier ab.</p>
      <NoticeLine notice={notice} />
      <ul className="account-sessions">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} onDone={setNotice} />
        ))}
      </ul>
    </section>
  )
}

function SessionRow({ session, onDone }: { session: AccountSession; onDone: (notice: Notice) => void }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const revoke = useOneAtATime((error) => onDone(failureNotice(error)))
  const revokeNow = () =>
    revoke.run(async () => {
      const result = await revokeAccountSession({ data: { id: session.id } })
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      if (session.current) return void (await router.navigate({ to: '/anmelden/' }))
      onDone({ tone: result.kind === 'done' ? 'success' : 'error', text: result.message })
    })
  return (
    <li>
      <strong>{session.browser}</strong>
      {session.current ? ' (dieser Browser)' : ''}
      <br />
      angemeldet am <time dateTime={session.signedInAt}>{formatDateTime(new Date(session.signedInAt))}</time>, zuletzt genutzt am{' '}
      <time dateTime={session.lastUsedAt}>{formatDateTime(new Date(session.lastUsedAt))}</time>{' '}
      <br />
      <Button variant="secondary" size="small" onClick={revokeNow} busy={revoke.busy}>
        {session.current ? 'Dieses Gerät abmelden' : 'Gerät abmelden'}
        <span className="visually-hidden">: {session.browser}, angemeldet am {formatDateTime(new Date(session.signedInAt))}</span>
      </Button>
    </li>
  )
}

function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(null)
  const form = useAppForm({
    defaultValues: { password: '', confirm: false as boolean },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: accountDeletionSchema },
    onSubmit: noticeOnFailure(setNotice, async ({ value }) => {
      setNotice(null)
      const result = await deleteAccount({ data: { password: value.password, confirm: true } })
      if (result.kind === 'refused') {
        form.setFieldValue('password', '', { dontValidate: true })
        return setNotice({ tone: 'error', text: result.message })
      }
      queryClient.removeQueries({ queryKey: ['account'] })
      await router.navigate({ to: '/', search: {} })
    }),
  })
  return (
    <section aria-labelledby="loeschen-titel" className="section section--tight account-box">
      <h2 id="loeschen-titel">Kundenkonto löschen</h2>
      <p>
        Ihr Konto und Ihre Anmeldungen werden gelöscht. Ihre Buchungen bleiben bestehen – Reiseverträge und Rechnungen müssen wir zehn Jahre aufbewahren
        (§ 147 Abgabenordnung) –, sie sind dann aber mit keinem Konto mehr verbunden.
      </p>
      <NoticeLine notice={notice} />
      <form noValidate {...appFormProps} aria-labelledby="loeschen-titel" onSubmit={submitTo(form)}>
        <form.AppForm>
          {hasPassword ? (
            <form.AppField name="password">
              {(field) => <field.CurrentPasswordField id="loeschen-passwort" label="Ihr Passwort zur Bestätigung" />}
            </form.AppField>
          ) : null}
          <form.AppField name="confirm">{(field) => <field.CheckboxField id="loeschen-bestaetigen" label="Ja, ich möchte mein Kundenkonto löschen." required />}</form.AppField>
          <form.SubmitButton variant="secondary">Kundenkonto löschen</form.SubmitButton>
        </form.AppForm>
      </form>
    </section>
  )
}
