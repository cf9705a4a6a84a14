// Newsletter sign-up: e-mail and consent, validated with zod in the browser and again on the server.
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form'
import { useEffect, useRef, useState } from 'react'
import { AppLink } from '~/components/ui/AppLink'
import { Button } from '~/components/ui/Button'
import { newsletterSchema } from '~/lib/forms'
import type { NewsletterValues } from '~/lib/forms'
import { signUpForNewsletter } from '~/server/newsletter.functions'
import { SEND_FAILED } from './DefinedForm'
import { ErrorSummary, FieldError, Honeypot, RequiredMark, RequiredNote, TextInputField, firstError } from './fields'
import type { SummaryItem } from './fields'

const ID = 'newsletter'
const DEFAULTS: NewsletterValues = { email: '', consent: false }

export function NewsletterForm() {
  const [honeypot, setHoneypot] = useState('')
  const [confirmation, setConfirmation] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [showSummary, setShowSummary] = useState(false)
  const summaryRef = useRef<HTMLHeadingElement>(null)
  const confirmationRef = useRef<HTMLHeadingElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)

  const form = useForm({
    defaultValues: DEFAULTS,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newsletterSchema },
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        const answer = await signUpForNewsletter({ data: { email: value.email, consent: value.consent, homepage: honeypot } })
        if (answer.ok) setConfirmation(answer.message)
        else {
          setServerErrors(answer.errors)
          setShowSummary(Object.keys(answer.errors).length > 0)
          setFailure(answer.message)
        }
      } catch {
        setFailure(SEND_FAILED)
      }
    },
    onSubmitInvalid: () => setShowSummary(true),
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const attempts = useSelector(form.store, (state) => state.submissionAttempts)
  const emailError = firstError(fieldMeta.email?.errors ?? []) ?? serverErrors.email
  const consentError = firstError(fieldMeta.consent?.errors ?? []) ?? serverErrors.consent
  const summary: SummaryItem[] = [
    ...(emailError ? [{ id: `${ID}-email`, label: 'E-Mail-Adresse', message: emailError }] : []),
    ...(consentError ? [{ id: `${ID}-consent`, label: 'Einwilligung', message: consentError }] : []),
  ]

  useEffect(() => {
    if (showSummary && attempts > 0) summaryRef.current?.focus()
  }, [showSummary, attempts])
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus()
  }, [confirmation])
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  if (confirmation) {
    return (
      <div className="alert alert--success form-confirmation" role="status">
        <h2 ref={confirmationRef} tabIndex={-1}>
          Fast geschafft!
        </h2>
        <p>{confirmation}</p>
      </div>
    )
  }

  return (
    <form
      className="defined-form newsletter-form"
      method="post"
      noValidate
      aria-labelledby="newsletter-anmelden"
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void form.handleSubmit()
      }}
    >
      <h2 id="newsletter-anmelden">Newsletter abonnieren</h2>
      {showSummary ? <ErrorSummary items={summary} headingRef={summaryRef} /> : null}
      {failure && summary.length === 0 ? (
        <p className="alert alert--error" role="alert" tabIndex={-1} ref={failureRef}>
          {failure}
        </p>
      ) : null}
      <noscript>
        <p className="alert alert--warning">
          Zum Absenden dieses Formulars braucht Ihr Browser JavaScript. Sie erreichen uns auch telefonisch oder per E-Mail – die Angaben
          finden Sie unten auf der Seite.
        </p>
      </noscript>
      <RequiredNote />
      <form.Field name="email">
        {(f) => (
          <TextInputField
            id={`${ID}-email`}
            name="email"
            type="email"
            label="E-Mail-Adresse"
            autoComplete="email"
            required
            error={emailError}
            value={f.state.value}
            onChange={(v) => {
              setServerErrors(({ email: _dropped, ...rest }) => rest)
              f.handleChange(v)
            }}
            onBlur={f.handleBlur}
          />
        )}
      </form.Field>
      <form.Field name="consent">
        {(f) => (
          <div className="field">
            <label htmlFor={`${ID}-consent`} className="choice">
              <input
                id={`${ID}-consent`}
                name="consent"
                type="checkbox"
                checked={f.state.value}
                aria-required="true"
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? `${ID}-consent-error` : undefined}
                onChange={(e) => {
                  setServerErrors(({ consent: _dropped, ...rest }) => rest)
                  f.handleChange(e.target.checked)
                }}
                onBlur={f.handleBlur}
              />
              <span>
                Ja, ich möchte den Newsletter mit Reiseideen und Angeboten per E-Mail erhalten. Die Einwilligung kann ich jederzeit über den
                Abmeldelink im Newsletter widerrufen.
                <RequiredMark />
              </span>
            </label>
            <FieldError id={`${ID}-consent`} message={consentError} />
          </div>
        )}
      </form.Field>
      <Honeypot idPrefix={ID} value={honeypot} onChange={setHoneypot} />
      <p className="field__hint">
        Hinweise zum Datenschutz finden Sie in unserer <AppLink href="/datenschutz/">Datenschutzerklärung</AppLink>.
      </p>
      <div className="form-actions">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(busy) => (
            <Button type="submit" size="large" busy={busy}>
              Newsletter abonnieren
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}

