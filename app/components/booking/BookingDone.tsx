import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { bookingQueries } from '~/queries/booking'
import { openBooking } from '~/server/booking.functions'
import type { BookingView } from '~/server/booking.functions'
import { Button, buttonClassName } from '../ui/Button'

/**
 * A step page of a draft this browser booked (Back from the confirmation, an old tab, a reload):
 * the booking and the way to its confirmation, never an empty form that would book it twice. A
 * further booking of the same date is a deliberate new start. The office opening the date for the
 * next caller (`phone`) starts it at once: the booking before was another caller's.
 */
export function BookingDone({ tripDateId, bookingNumber, phone = false }: { tripDateId: number; bookingNumber: string; phone?: boolean }) {
  const queryClient = useQueryClient()
  const [starting, setStarting] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const startAnother = async () => {
    setStarting(true)
    try {
      const result = await openBooking({ data: { tripDateId, ...(phone ? { phone } : {}) } })
      if (result.kind !== 'opened') {
        setProblem(result.message)
        return
      }
      const view: BookingView = { kind: 'draft', session: result.session }
      queryClient.setQueryData(bookingQueries.view(tripDateId).queryKey, view)
    } finally {
      setStarting(false)
    }
  }
  // Once, also under React's double effects in development.
  const started = useRef(false)
  useEffect(() => {
    if (!phone || started.current) return
    started.current = true
    void startAnother()
  })
  if (phone && !problem) {
    return (
      <p className="booking-step" role="status">
        Die Telefonbuchung für den nächsten Anrufer wird vorbereitet …
      </p>
    )
  }
  return (
    <section className="booking-step stack" aria-labelledby="buchung-abgeschlossen">
      <h2 id="buchung-abgeschlossen">Diese Buchung ist abgeschlossen</h2>
      <p>
        Ihre Buchungsnummer: <strong className="booking-number">{bookingNumber}</strong>. Die Bestätigung haben wir Ihnen per E-Mail
        gesendet; Ihre Angaben können hier nicht mehr geändert werden.
      </p>
      <p>
        <Link to="/buchung/bestaetigung/$nummer/" params={{ nummer: bookingNumber }} className={buttonClassName()}>
          Zur Buchungsbestätigung
        </Link>
      </p>
      <p>
        Möchten Sie für diesen Termin zusätzlich eine weitere, eigene Buchung vornehmen?{' '}
        <Button variant="secondary" size="small" busy={starting} onClick={() => void startAnother()}>
          Weitere Buchung beginnen
        </Button>
      </p>
      {problem ? (
        <div className="alert alert--error" role="alert">
          <p>{problem}</p>
        </div>
      ) : null}
    </section>
  )
}
