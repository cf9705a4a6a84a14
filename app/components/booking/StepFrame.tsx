import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { FormEvent, ReactNode } from 'react'
import { ErrorSummary } from '~/components/forms/fields'
import { ServerFieldErrorsContext } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { STEP_ROUTES } from '~/lib/booking/route'
import type { BookingStep } from '~/lib/booking/route'
import type { StepIssue } from '~/lib/booking/steps'
import { fieldId, fieldName } from './useBookingStep'
import type { StepMessage } from './BookingForm'
import { appFormProps } from '~/browser/pre-hydration-forms'

/** The control an entry of the error summary leads to: voucher codes share one input, a room type its step's rooms. */
function summaryTarget(path: string): string {
  if (path.startsWith('vouchers')) return 'gutschein-code'
  if (/^allRooms\.\d+\.type$/.test(path)) return fieldId('allRooms')
  return fieldId(path)
}

/** Set once this page load has shown a booking step: each one after it is a step change. */
let stepShownBefore = false

/**
 * Around each step's fields: its heading, the message of the last save, the error summary after
 * "Weiter" (it takes focus, each entry leads to its field), Zurück and Weiter. The step's issues
 * reach the field components through ServerFieldErrorsContext, by field name.
 */
export function StepFrame({
  tripDateId,
  step,
  title,
  issues,
  message,
  busy,
  onSubmit,
  onDropIssue = () => {},
  submitLabel = 'Weiter',
  submitVariant = 'primary',
  notice,
  children,
}: {
  tripDateId: number
  step: BookingStep
  title: string
  issues: readonly StepIssue[]
  message: StepMessage
  busy: boolean
  onSubmit: () => void
  /** Drops the message of a field the customer changes. */
  onDropIssue?: (name: string) => void
  submitLabel?: string
  submitVariant?: 'primary' | 'accent'
  notice?: ReactNode
  children: ReactNode
}) {
  const summaryRef = useRef<HTMLHeadingElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (issues.length) summaryRef.current?.focus()
  }, [issues])
  // A new step in the page (Weiter, Zurück, a progress link, the step guard) takes focus to its
  // heading: a screen reader starts reading there, the keyboard goes on from there, and a phone
  // shows it. The step a page load opens leaves focus to the browser (the skip link comes first).
  const router = useRouter()
  useEffect(() => {
    const heading = headingRef.current
    if (!stepShownBefore || !heading) {
      stepShownBefore = true
      return
    }
    const show = () => heading.scrollIntoView({ block: 'start' })
    heading.focus({ preventScroll: true })
    show()
    // The router sets the page's scroll position once it has rendered the new step: the heading is
    // brought back into view after that.
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe()
      show()
    })
    return unsubscribe
  }, [step, router])
  const errors = Object.fromEntries(issues.map((i) => [fieldName(i.path), i.message]))
  const handle = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <ServerFieldErrorsContext value={{ errors, drop: onDropIssue }}>
      <form className="booking-step stack" noValidate {...appFormProps} onSubmit={handle} aria-labelledby="schritt-titel">
        <h2 id="schritt-titel" tabIndex={-1} ref={headingRef}>
          Schritt {step}: {title}
        </h2>
        {notice}
        {message ? (
          <div
            className={`alert alert--${message.kind === 'error' ? 'error' : 'info'}`}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            <p>{message.text}</p>
          </div>
        ) : null}
        <ErrorSummary items={issues.map((i) => ({ id: summaryTarget(i.path), label: 'Hinweis', message: i.message }))} headingRef={summaryRef} />
        {children}
        <div className="booking-step__actions">
          {step > 1 ? (
            <Link
              to={STEP_ROUTES[(step - 1) as BookingStep]}
              params={{ terminId: String(tripDateId) }}
              className="button button--secondary"
            >
              Zurück
            </Link>
          ) : (
            <span />
          )}
          <Button type="submit" variant={submitVariant} size="large" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ServerFieldErrorsContext>
  )
}
