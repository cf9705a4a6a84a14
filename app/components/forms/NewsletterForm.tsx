// Newsletter sign-up: e-mail and consent, validated with zod in the browser and again on the server.
import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form'
import { AppLink } from '~/components/ui/AppLink'
import { FieldError, RequiredMark } from '~/components/ui/Field'
import { newsletterSchema } from '~/lib/forms'
import type { NewsletterValues } from '~/lib/forms'
import { signUpForNewsletter } from '~/server/newsletter.functions'
import { TextInputField, firstError } from './fields'
import type { SummaryItem } from './fields'
import { FormConfirmation, FormFrame, useSubmission } from './FormFrame'

const ID = 'newsletter'
const DEFAULTS: NewsletterValues = { email: '', consent: false }

export function NewsletterForm() {
  const submission = useSubmission()
  const { serverErrors } = submission

  const form = useForm({
    defaultValues: DEFAULTS,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newsletterSchema },
    onSubmit: ({ value }) =>
      submission.send(() => signUpForNewsletter({ data: { email: value.email, consent: value.consent, homepage: submission.honeypot } })),
    onSubmitInvalid: submission.onSubmitInvalid,
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const attempts = useSelector(form.store, (state) => state.submissionAttempts)
  const busy = useSelector(form.store, (state) => state.isSubmitting)
  const emailError = firstError(fieldMeta.email?.errors ?? []) ?? serverErrors.email
  const consentError = firstError(fieldMeta.consent?.errors ?? []) ?? serverErrors.consent
  const summary: SummaryItem[] = [
    ...(emailError ? [{ id: `${ID}-email`, label: 'E-Mail-Adresse', message: emailError }] : []),
    ...(consentError ? [{ id: `${ID}-consent`, label: 'Einwilligung', message: consentError }] : []),
  ]

  if (submission.confirmation) return <FormConfirmation title="Fast geschafft!" message={submission.confirmation} />

  return (
    <FormFrame
      submission={submission}
      submissionAttempts={attempts}
      busy={busy}
      onSubmit={() => void form.handleSubmit()}
      summary={summary}
      className="defined-form newsletter-form"
      label={{ 'aria-labelledby': 'newsletter-anmelden' }}
      heading={<h2 id="newsletter-anmelden">Newsletter abonnieren</h2>}
      idPrefix={ID}
      privacyNote={
        <>
          Hinweise zum Datenschutz finden Sie in unserer <AppLink href="/datenschutz/">Datenschutzerklärung</AppLink>.
        </>
      }
      submitLabel="Newsletter abonnieren"
    >
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
              submission.dropServerError('email')
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
                  submission.dropServerError('consent')
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
    </FormFrame>
  )
}
