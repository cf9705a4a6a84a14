import { formatPrice } from '~/lib/format'
import { holdEnd, useSecondsLeft } from './HoldCountdown'

/**
 * On a phone, where the price list stands below the step: the total and until when the seats are
 * held, kept in view at the bottom of the screen while the customer scrolls the step (CSS: sticky,
 * only below 960 px, where the price list is not beside the step).
 */
export function BookingSummaryBar({ total, holdsUntil }: { total: number; holdsUntil: string | null }) {
  const left = useSecondsLeft(holdsUntil)
  return (
    <section className="booking-bar" aria-label="Gesamtpreis und Reservierung">
      <p className="booking-bar__total">
        Gesamtpreis <strong>{formatPrice(total)}</strong>
      </p>
      {holdsUntil ? (
        <p className="booking-bar__hold">
          {left === 0 ? 'Platzreservierung abgelaufen' : `Plätze reserviert bis ${holdEnd(holdsUntil)} Uhr`}
        </p>
      ) : null}
    </section>
  )
}
