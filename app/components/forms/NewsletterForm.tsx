// Newsletter sign-up: e-mail and consent, validated with zod in the browser and again on the server.
import { Link } from '@tanstack/react-router'
import { revalidateLogic, useSelector } from '@tanstack/react-form'
import { NEWSLETTER_CONSENT_TEXT, newsletterSchema } from '~/lib/forms'
import type { NewsletterValues } from '~/lib/forms'
import { signUpForNewsletter } from '~/server/newsletter.functions'
import type { SummaryItem } from './fields'
import { shownError, useAppForm } from './form-hook'
import { FormConfirmation, FormFrame, useSubmission } from './FormFrame'

const ID = 'newsletter'
const DEFAULTS: NewsletterValues = { email: '', consent: false }

export function NewsletterForm() {
  const submission = useSubmission()
  const { serverErrors } = submission

  const form = useAppForm({
    defaultValues: DEFAULTS,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newsletterSchema },
    onSubmit: ({ value }) =>
      submission.send(() => signUpForNewsletter({ data: { email: value.email, consent: value.consent, homepage: submission.honeypot } })),
    onSubmitInvalid: submission.onSubmitInvalid,
  })

  const fieldMeta = useSelector(form.store, (state) => state.fieldMeta)
  const submitted = useSelector(form.store, (state) => state.submissionAttempts > 0)
  const emailError = shownError(fieldMeta.email, submitted, serverErrors.email)
  const consentError = shownError(fieldMeta.consent, submitted, serverErrors.consent)
  const summary: SummaryItem[] = [
    ...(emailError ? [{ id: `${ID}-email`, label: 'E-Mail-Adresse', message: emailError }] : []),
    ...(consentError ? [{ id: `${ID}-consent`, label: 'Einwilligung', message: consentError }] : []),
  ]

  if (submission.confirmation) return <FormConfirmation title="Fast geschafft!" message={submission.confirmation} />

  return (
    <form.AppForm>
      <FormFrame
        submission={submission}
        summary={summary}
        className="defined-form newsletter-form"
        label={{ 'aria-labelledby': 'newsletter-anmelden' }}
        heading={<h2 id="newsletter-anmelden">Newsletter abonnieren</h2>}
        idPrefix={ID}
        privacyNote={
          <>
            Hinweise zum Datenschutz finden Sie in unserer{' '}
            <Link to="/$/" params={{ _splat: 'datenschutz' }}>
              Datenschutzerklärung
            </Link>
            .
          </>
        }
        submitLabel="Newsletter abonnieren"
      >
        <form.AppField name="email">
          {(field) => <field.TextField id={`${ID}-email`} type="email" label="E-Mail-Adresse" autoComplete="email" required />}
        </form.AppField>
        <form.AppField name="consent">
          {(field) => <field.CheckboxField id={`${ID}-consent`} required label={NEWSLETTER_CONSENT_TEXT} />}
        </form.AppField>
      </FormFrame>
    </form.AppForm>
  )
}
