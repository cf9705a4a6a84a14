// The office's two-factor page (DESIGN 11, issue 42): turning it on (the password again, the app's
// secret as QR code and text, the backup codes, a first code), and afterwards the backup codes: how
// many are left, and new ones after the password.
import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import QRCode from 'qrcode'
import { useEffect, useRef, useState } from 'react'
import { submitTo, useAppForm } from '~/components/forms/form-hook'
import { currentPasswordSchema, totpCodeSchema } from '~/lib/office/login'
import { officeSessionQuery, twoFactorStateQuery } from '~/queries/office'
import { confirmTwoFactorSetup, renewBackupCodes, startTwoFactorSetup } from '~/server/office.functions'
import type { OfficeSession } from '~/server/office.functions'

/** The secret of an otpauth:// address, in groups of four for typing it by hand. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? ''
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

/** Backup codes as shown once, with what to do with them. */
function BackupCodeList({ codes, label }: { codes: string[]; label: string }) {
  return (
    <>
      <p>Bewahren Sie diese Ersatzcodes sicher auf. Jeder gilt einmal, falls Sie Ihr Telefon nicht zur Hand haben:</p>
      <ul className="office-backup-codes" aria-label={label}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </>
  )
}

type Setup = { totpUri: string; backupCodes: string[]; qr: string | null }

/** The two-factor page: setting it up (password, app, backup codes, a first code), then the backup codes. */
export function TwoFactorPage({ office, backupCodeUsed }: { office: OfficeSession; backupCodeUsed: boolean }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const [setup, setSetup] = useState<Setup | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  // Each step takes the focus when it appears (the button that led to it is gone).
  const steps = useRef<HTMLOListElement>(null)
  const finished = useRef<HTMLParagraphElement>(null)
  const started = setup !== null
  useEffect(() => {
    if (started && !done) steps.current?.focus()
  }, [started, done])
  useEffect(() => {
    if (done) finished.current?.focus()
  }, [done])

  useEffect(() => {
    if (!setup || setup.qr) return
    void QRCode.toDataURL(setup.totpUri, { margin: 2, width: 220 }).then((qr) => setSetup({ ...setup, qr }))
  }, [setup])

  const passwordForm = useAppForm({
    defaultValues: { password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: currentPasswordSchema },
    onSubmit: async ({ value }) => {
      setError(null)
      const result = await startTwoFactorSetup({ data: value })
      passwordForm.setFieldValue('password', '')
      if (result.kind === 'refused') return setError(result.message)
      setSetup({ totpUri: result.totpUri, backupCodes: result.backupCodes, qr: null })
    },
  })

  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: totpCodeSchema },
    onSubmit: async ({ value }) => {
      setError(null)
      const result = await confirmTwoFactorSetup({ data: value })
      codeForm.setFieldValue('code', '', { dontValidate: true })
      if (result.kind === 'refused') return setError(result.message)
      setDone(true)
      await queryClient.invalidateQueries({ queryKey: officeSessionQuery().queryKey })
      await queryClient.invalidateQueries({ queryKey: twoFactorStateQuery().queryKey })
      await router.invalidate()
    },
  })

  const enabled = office?.staff.twoFactorEnabled === true
  return (
    <section aria-labelledby="zwei-faktor-titel" className="office-auth office-auth--wide">
      <h1 id="zwei-faktor-titel" className="page-title">
        Anmeldung mit zwei Faktoren
      </h1>
      {office?.mustSetUpTwoFactor ? (
        <p className="lead">In der Administration melden Sie sich mit Passwort und einem Code aus einer Authenticator-App an. Bitte richten Sie das jetzt ein.</p>
      ) : null}
      <div role="alert" className="office-auth__error">
        {error ? <p>{error}</p> : null}
      </div>
      {done || (enabled && !setup) ? (
        <>
          <p role="status" ref={finished} tabIndex={-1}>
            Die Anmeldung mit zwei Faktoren ist eingerichtet. Bei jeder Anmeldung fragen wir nach dem Code aus Ihrer App.
          </p>
          {enabled ? <BackupCodes backupCodeUsed={backupCodeUsed} /> : null}
        </>
      ) : setup ? (
        <>
          <ol className="office-steps" ref={steps} tabIndex={-1} aria-label="Einrichtung in drei Schritten">
            <li>
              <p>Öffnen Sie Ihre Authenticator-App (zum Beispiel Google Authenticator, Microsoft Authenticator oder FreeOTP) und scannen Sie diesen QR-Code:</p>
              {setup.qr ? <img src={setup.qr} width={220} height={220} alt="QR-Code für die Authenticator-App" /> : null}
              <p>
                Oder geben Sie diesen Schlüssel von Hand ein: <code className="office-secret">{secretOf(setup.totpUri)}</code>
              </p>
            </li>
            <li>
              <BackupCodeList codes={setup.backupCodes} label="Ersatzcodes" />
            </li>
            <li>
              <form
                noValidate
                aria-label="Code bestätigen"
                onSubmit={submitTo(codeForm)}
              >
                <codeForm.AppForm>
                  <codeForm.AppField name="code">
                    {(field) => (
                      <field.TextField id="zwei-faktor-code" label="Code aus der App" inputMode="numeric" autoComplete="one-time-code" maxLength={12} required />
                    )}
                  </codeForm.AppField>
                  <codeForm.SubmitButton>Einrichtung abschließen</codeForm.SubmitButton>
                </codeForm.AppForm>
              </form>
            </li>
          </ol>
        </>
      ) : (
        <form
          noValidate
          aria-label="Einrichtung beginnen"
          onSubmit={submitTo(passwordForm)}
        >
          <p>Zum Einrichten bestätigen Sie bitte Ihr Passwort.</p>
          <passwordForm.AppForm>
            <passwordForm.AppField name="password">
              {(field) => <field.CurrentPasswordField id="zwei-faktor-passwort" />}
            </passwordForm.AppField>
            <passwordForm.SubmitButton>Einrichtung beginnen</passwordForm.SubmitButton>
          </passwordForm.AppForm>
        </form>
      )}
    </section>
  )
}

/** How many backup codes are left, and new ones (the old ones stop working) after the password. */
function BackupCodes({ backupCodeUsed }: { backupCodeUsed: boolean }) {
  const queryClient = useQueryClient()
  const { data: state } = useSuspenseQuery(twoFactorStateQuery())
  const [codes, setCodes] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: { password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: currentPasswordSchema },
    onSubmit: async ({ value }) => {
      setError(null)
      const result = await renewBackupCodes({ data: value })
      form.setFieldValue('password', '', { dontValidate: true })
      if (result.kind === 'refused') return setError(result.message)
      setCodes(result.backupCodes)
      await queryClient.invalidateQueries({ queryKey: twoFactorStateQuery().queryKey })
    },
  })
  if (!state.enabled) return null
  const left = state.backupCodesLeft
  const leftText = left === 1 ? 'Sie haben noch einen unbenutzten Ersatzcode.' : `Sie haben noch ${left === 0 ? 'keinen' : left} unbenutzte Ersatzcodes.`
  return (
    <section aria-labelledby="ersatzcodes-titel">
      <h2 id="ersatzcodes-titel">Ersatzcodes</h2>
      <div role="status">
        {backupCodeUsed && !codes ? <p>Sie haben sich mit einem Ersatzcode angemeldet; dieser Code gilt jetzt nicht mehr.</p> : null}
        <p>{codes ? 'Ihre neuen Ersatzcodes gelten ab sofort; die bisherigen nicht mehr.' : leftText}</p>
      </div>
      {codes ? (
        <BackupCodeList codes={codes} label="Neue Ersatzcodes" />
      ) : (
        <form noValidate aria-label="Neue Ersatzcodes erzeugen" onSubmit={submitTo(form)}>
          <p>Neue Ersatzcodes ersetzen alle bisherigen. Bitte bestätigen Sie dazu Ihr Passwort.</p>
          <div role="alert" className="office-auth__error">
            {error ? <p>{error}</p> : null}
          </div>
          <form.AppForm>
            <form.AppField name="password">{(field) => <field.CurrentPasswordField id="ersatzcodes-passwort" />}</form.AppField>
            <form.SubmitButton>Neue Ersatzcodes erzeugen</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
    </section>
  )
}
