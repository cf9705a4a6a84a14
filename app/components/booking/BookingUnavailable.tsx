import { Link } from '@tanstack/react-router'
import type { NotFoundRouteProps } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { buttonClassName } from '../ui/Button'

const reasonSchema = z.object({ message: z.string(), heading: z.optional(z.string()) })

/** A date that cannot be booked (unknown, past, closed, full) or a draft that is gone: the reason, never a form. */
export function BookingUnavailable({ data, heading = 'Buchung nicht möglich' }: NotFoundRouteProps & { heading?: string }) {
  const reason = reasonSchema.safeParse(data)
  return (
    <section className="container section error-page" aria-labelledby="buchung-nicht-moeglich">
      <h1 id="buchung-nicht-moeglich">{(reason.success && reason.data.heading) || heading}</h1>
      <p className="lead">{reason.success ? reason.data.message : 'Diese Seite gibt es nicht, oder der Link ist unvollständig. Bitte verwenden Sie den Link aus Ihrer Bestätigung unverändert.'}</p>
      <p>
        <Link to="/reisekalender/" className={buttonClassName()}>
          Andere Termine im Reisekalender
        </Link>
      </p>
    </section>
  )
}
