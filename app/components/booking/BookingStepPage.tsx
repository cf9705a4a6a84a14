import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useSelector } from '@tanstack/react-form'
import { usePhoneClerk } from './PhoneBooking'
import { endAgencySession, getAgencySession } from '~/components/agency/agency-session'
import { useAppForm } from '~/components/forms/form-hook'
import { notify } from '~/components/notifications/notify'
import { agencyCredentials } from '~/lib/agency-login'
import { bookingConsentSchema, TRAVEL_CONDITIONS_SLUG } from '~/lib/booking/legal'
import { STEP_ROUTES } from '~/lib/booking/route'
import { formatPrice } from '~/lib/format'
import { STEP_LABELS } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'
import { readReferrer } from '~/lib/client-prefs'
import { PHONE_CONSENT_LABELS, phoneConsentSchema } from '~/lib/office/phone-booking'
import { bookingQueries } from '~/queries/booking'
import { siteInfoQuery } from '~/queries/shell'
import { submitBooking } from '~/server/booking.functions'
import type { BookingView } from '~/server/booking.functions'
import { PaymentStep } from './PaymentStep'
import { ReviewStep } from './ReviewStep'
import { RoomsStep } from './RoomsStep'
import { StepFrame } from './StepFrame'
import { TravellersStep } from './TravellersStep'
import { useBookingStep } from './useBookingStep'

const INCOMPLETE_NOTICE = 'Bitte vervollständigen Sie zuerst diesen Schritt – danach geht es weiter.'

/** One of the four booking steps: the step's part of the booking's one form in the shared frame, saved as the customer goes. */
export function BookingStepPage({
  tripDateId,
  step,
  incompleteNotice,
}: {
  tripDateId: number
  step: BookingStep
  incompleteNotice: boolean
}) {
  const notice = incompleteNotice ? (
    <div className="alert alert--info" role="status">
      <p>{INCOMPLETE_NOTICE}</p>
    </div>
  ) : null
  return step === 4 ? (
    <ReviewAndBook tripDateId={tripDateId} notice={notice} />
  ) : (
    <DraftStep tripDateId={tripDateId} step={step} notice={notice} />
  )
}

/** Leaving a step (Zurück, Weiter, a progress link) sends what is not saved yet at once. */
function useSaveOnLeave(saveNow: () => Promise<unknown>): void {
  useEffect(() => () => void saveNow(), [saveNow])
}

function DraftStep({ tripDateId, step, notice }: { tripDateId: number; step: Exclude<BookingStep, 4>; notice: ReactNode }) {
  const { form, session, message, seatRefusal, issues, issueOf, dropIssue, saveNow, saveSoon, busy, submit, submitting } = useBookingStep(step)
  useSaveOnLeave(saveNow)
  // "Weiter" waits only for its own submission: a click while an autosave runs is taken, and the
  // step's save queues behind that one.
  return (
    <StepFrame
      tripDateId={tripDateId}
      step={step}
      title={STEP_LABELS[step]}
      issues={issues}
      message={message}
      busy={submitting}
      onSubmit={() => void submit()}
      onDropIssue={dropIssue}
      notice={notice}
    >
      {step === 1 ? (
        <RoomsStep form={form} offer={session.offer} seatStates={session.seatStates} seatRefusal={seatRefusal} saveSoon={saveSoon} busy={busy} issueOf={issueOf} />
      ) : null}
      {step === 2 ? <TravellersStep form={form} offer={session.offer} issueOf={issueOf} phone={session.draft.telefon} /> : null}
      {step === 3 ? (
        <PaymentStep form={form} offer={session.offer} creditor={session.creditor} saveNow={saveNow} issueOf={issueOf} />
      ) : null}
    </StepFrame>
  )
}

/**
 * 128 random bits in hex. crypto.getRandomValues, not randomUUID: the latter exists only on https
 * (and in Safari from 15.4), and without it the booking button did nothing.
 */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A new key per attempt to book this draft, kept across reloads so a retried click is the same request. */
function useIdempotencyKey(tripDateId: number): () => string {
  const key = useRef<string | null>(null)
  return () => {
    const storageKey = `buchung-key-${tripDateId}`
    key.current ??= sessionStorage.getItem(storageKey) ?? randomKey()
    sessionStorage.setItem(storageKey, key.current)
    return key.current
  }
}

const NOT_SENT =
  'Ihre Buchung konnte nicht gesendet werden. Bitte prüfen Sie Ihre Internetverbindung und klicken Sie erneut auf „zahlungspflichtig buchen“ – es wird nicht doppelt gebucht.'

function ReviewAndBook({ tripDateId, notice }: { tripDateId: number; notice: ReactNode }) {
  const { form, session, message, setMessage, saveNow, rebase, booked } = useBookingStep(4)
  const clerk = usePhoneClerk()
  const { data: site } = useSuspenseQuery(siteInfoQuery())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const idempotencyKey = useIdempotencyKey(tripDateId)
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([])
  const consent = useAppForm({
    defaultValues: { acceptAgb: false, acceptPrivacy: false },
    onSubmit: async ({ value }) => {
      const checked = (clerk ? phoneConsentSchema : bookingConsentSchema).safeParse(value)
      const problems = checked.success ? [] : checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
      setIssues(problems)
      if (problems.length) return
      // What the page shows is what is booked: the revision of the summary on screen. A save still
      // under way goes first; had it changed anything, the booking is refused and shows it anew.
      const revision = session.revision
      await saveNow()
      if (revision === null) {
        setMessage({ kind: 'error', text: 'Ihre Buchung wird noch vorbereitet. Bitte versuchen Sie es in einem Moment erneut.' })
        return
      }
      const result = await submitBooking({
        // Agency staff send their login's token; the server decides whether it holds (DESIGN 7).
        data: {
          tripDateId,
          idempotencyKey: idempotencyKey(),
          revision,
          ...value,
          referrer: readReferrer(localStorage),
          // Agency staff send their login's token (a phone booking is the office's: the server knows it).
          ...(clerk ? {} : agencyCredentials(getAgencySession())),
        },
      }).catch(() => null)
      if (result === null) {
        // Sent again with the same key, it books at most once.
        setMessage({ kind: 'error', text: NOT_SENT })
        return
      }
      if (result.kind === 'booked') {
        sessionStorage.removeItem(`buchung-key-${tripDateId}`)
        // Back from the confirmation shows this booking as made, never an empty form to book again.
        booked()
        const done: BookingView = { kind: 'booked', offer: session.offer, bookingNumber: result.bookingNumber }
        queryClient.setQueryData(bookingQueries.view(tripDateId).queryKey, done)
        if (result.agencyNotice) {
          endAgencySession()
          notify({ id: 'agentur-buchung', message: result.agencyNotice, color: 'warning', timeout: 0 })
        }
        // The clerk goes on in the office, on the booking just made (mail or print from there).
        if (clerk) await navigate({ to: '/buero/buchungen/$nummer/', params: { nummer: result.bookingNumber }, search: { neu: 1 } })
        else await navigate({ to: '/buchung/bestaetigung/$nummer/', params: { nummer: result.bookingNumber } })
        return
      }
      if (result.kind === 'stale') {
        // Changed meanwhile (another tab): nothing booked; the page shows the draft as it is now.
        rebase(result.session)
        setMessage({ kind: 'error', text: result.message })
        return
      }
      if (result.kind === 'conflict' || result.kind === 'incomplete') {
        const text = result.kind === 'conflict' ? result.message : (result.issues[0]?.message ?? 'Bitte vervollständigen Sie Ihre Angaben.')
        setMessage({ kind: 'error', text })
        if (result.step !== 4) {
          // The step to fix shows the plan as it is now, and the reason stays in the notification
          // area until it is closed (this step's own message goes with it).
          notify({ message: text, color: 'error', timeout: 0, id: 'buchung-konflikt' })
          await queryClient.invalidateQueries({ queryKey: bookingQueries.view(tripDateId).queryKey })
          await navigate({ to: STEP_ROUTES[result.step], params: { terminId: String(tripDateId) } })
        }
        return
      }
      setMessage({
        kind: 'error',
        text: 'message' in result ? result.message : (result.issues[0]?.message ?? 'Bitte prüfen Sie Ihre Angaben.'),
      })
    },
  })
  const busy = useSelector(consent.store, (state) => state.isSubmitting)
  return (
    <consent.AppForm>
      <StepFrame
        tripDateId={tripDateId}
        step={4}
        title={STEP_LABELS[4]}
        issues={issues}
        message={message}
        busy={busy}
        onSubmit={() => void consent.handleSubmit()}
        submitLabel="zahlungspflichtig buchen"
        submitVariant="accent"
        notice={notice}
      >
        <ReviewStep form={form} offer={session.offer} pricing={session.pricing} schedule={session.schedule} site={site} />
        {clerk ? (
          <p className="booking-phone-notice" role="note">
            <strong>Telefonbuchung:</strong> Sie buchen als {clerk} für den Anrufer. Bitte nennen Sie ihm den Gesamtpreis, weisen Sie
            ihn auf die{' '}
            <Link to="/$/" params={{ _splat: TRAVEL_CONDITIONS_SLUG }}>
              Reisebedingungen
            </Link>{' '}
            und die{' '}
            <Link to="/$/" params={{ _splat: 'datenschutz' }}>
              Datenschutzhinweise
            </Link>{' '}
            hin und bestätigen Sie seine Zustimmung.
          </p>
        ) : null}
        <consent.AppField name="acceptAgb">
          {(f) => (
            <f.CheckboxField
              id="buchung-acceptAgb"
              required
              label={
                clerk ? (
                  PHONE_CONSENT_LABELS.acceptAgb
                ) : (
                  <>
                    Ich habe die{' '}
                    <Link to="/$/" params={{ _splat: TRAVEL_CONDITIONS_SLUG }}>
                      Reisebedingungen (AGB)
                    </Link>{' '}
                    gelesen und akzeptiere sie.
                  </>
                )
              }
            />
          )}
        </consent.AppField>
        <consent.AppField name="acceptPrivacy">
          {(f) => (
            <f.CheckboxField
              id="buchung-acceptPrivacy"
              required
              label={
                clerk ? (
                  PHONE_CONSENT_LABELS.acceptPrivacy
                ) : (
                  <>
                    Ich habe die{' '}
                    <Link to="/$/" params={{ _splat: 'datenschutz' }}>
                      Datenschutzhinweise
                    </Link>{' '}
                    zur Kenntnis genommen.
                  </>
                )
              }
            />
          )}
        </consent.AppField>
        <p className="booking-total">
          Gesamtpreis: <strong>{formatPrice(session.pricing.gesamtpreis)}</strong>
        </p>
      </StepFrame>
    </consent.AppForm>
  )
}
