import { Link } from '@tanstack/react-router'
import { STEP_ROUTES } from '~/lib/booking/route'
import { BOOKING_STEPS } from '~/lib/booking/route'
import { STEP_LABELS } from '~/lib/booking/steps'
import type { BookingStep } from '~/lib/booking/route'

/**
 * The four steps by name. A step is a link once everything before it is complete, so the customer
 * can go back to any completed step (and forward again to where they were).
 */
export function BookingProgress({
  tripDateId,
  current,
  incomplete,
}: {
  tripDateId: number
  current: BookingStep
  incomplete: BookingStep | null
}) {
  const reachable = (step: BookingStep) => incomplete === null || step <= incomplete
  return (
    <nav aria-label="Buchungsschritte" className="booking-progress">
      <ol className="booking-progress__list">
        {BOOKING_STEPS.map((step) => {
          const done = step < current || (incomplete === null ? step < 4 : step < incomplete)
          const label = (
            <>
              <span className="booking-progress__number" aria-hidden="true">
                {done && step !== current ? '✓' : step}
              </span>
              <span className="booking-progress__label">
                <span className="visually-hidden">Schritt {step}: </span>
                {STEP_LABELS[step]}
                {done && step !== current ? <span className="visually-hidden"> (erledigt)</span> : null}
              </span>
            </>
          )
          const state = step === current ? 'current' : done ? 'done' : 'open'
          return (
            <li key={step} className={`booking-progress__step booking-progress__step--${state}`}>
              {step === current ? (
                <span aria-current="step" className="booking-progress__item">
                  {label}
                </span>
              ) : reachable(step) ? (
                <Link to={STEP_ROUTES[step]} params={{ terminId: String(tripDateId) }} className="booking-progress__item">
                  {label}
                </Link>
              ) : (
                <span className="booking-progress__item">{label}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
