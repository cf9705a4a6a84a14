// The operator calls a departure off (issue 26, item 5; § 651h Abs. 4 BGB): the office chooses the
// reason, sees what it does to how many bookings, and only then confirms. Too few travellers is a
// reason only while the minimum is missing and its deadline has not passed.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/Button'
import { NOT_BOOKABLE } from '~/lib/bookable'
import { todayInBerlin } from '~/lib/calendar'
import { countOf, formatDate } from '~/lib/format'
import { DEPARTURE_CANCEL_REASONS, DEPARTURE_CANCEL_REASON_LABELS } from '~/lib/office/cancellation'
import type { DepartureCancelReason } from '~/lib/office/cancellation'
import { departureQuery } from '~/queries/office-departures'
import { cancelOfficeDeparture } from '~/server/office-departures.functions'
import type { DepartureView } from '~/server/office/departures.server'
import { useOneAtATime } from './BookingChange'

type Shown = { kind: 'check'; reason: DepartureCancelReason } | { kind: 'done' | 'refused'; message: string } | null

/** The reasons the office may give today. */
function reasonsFor(view: DepartureView): DepartureCancelReason[] {
  return DEPARTURE_CANCEL_REASONS.filter((r) => r !== 'minimum' || (view.minimum.kind === 'missing' && !view.minimum.overdue))
}

export function DepartureCancellation({ view }: { view: DepartureView }) {
  const queryClient = useQueryClient()
  const id = useId()
  const reasons = reasonsFor(view)
  const [reason, setReason] = useState<DepartureCancelReason>(reasons[0] ?? 'unavoidable')
  const [shown, setShown] = useState<Shown>(null)
  const { busy, run } = useOneAtATime(() => setShown({ kind: 'refused', message: 'Die Anfrage hat den Server nicht erreicht. Bitte versuchen Sie es noch einmal.' }))
  const focusTarget = useRef<HTMLElement>(null)
  useEffect(() => {
    if (shown) focusTarget.current?.focus()
  }, [shown])
  const { facts, bookings } = view
  if (todayInBerlin() >= facts.dateFrom) return null
  const closed = bookings === 0 && facts.bookable === NOT_BOOKABLE
  const confirm = (chosen: DepartureCancelReason) =>
    run(async () => {
      const result = await cancelOfficeDeparture({ data: { id: facts.id, reason: chosen, expectedBookings: bookings } })
      setShown(
        result.kind === 'cancelled'
          ? {
              kind: 'done',
              message: `Der Termin ist abgesagt und im Shop geschlossen. ${countOf(result.bookings, 'Buchung ist', 'Buchungen sind')} kostenfrei storniert, ${countOf(result.mailed, 'E-Mail geht', 'E-Mails gehen')} an die buchenden Personen.`,
            }
          : { kind: 'refused', message: result.message },
      )
      await queryClient.invalidateQueries({ queryKey: departureQuery(facts.id).queryKey })
    })

  return (
    <section aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`}>Termin absagen</h2>
      {shown?.kind === 'check' ? (
        <div className="office-change__preview" role="region" aria-labelledby={`${id}-pruefen`}>
          <h3 id={`${id}-pruefen`} tabIndex={-1} ref={(el) => void (focusTarget.current = el)}>
            Absage prüfen
          </h3>
          <dl className="office-facts">
            <dt>Grund</dt>
            <dd>{DEPARTURE_CANCEL_REASON_LABELS[shown.reason]}</dd>
            <dt>Betroffen</dt>
            <dd>
              {countOf(bookings, 'Buchung', 'Buchungen')} mit {countOf(view.counts.booked, 'Person', 'Personen')}
            </dd>
            <dt>Folgen</dt>
            <dd>
              Jede Buchung wird kostenfrei storniert, alles Gezahlte ist binnen 14 Tagen zu erstatten, jede buchende Person erhält eine E-Mail, und der Termin wird im Shop
              geschlossen.
            </dd>
          </dl>
          <div className="office-change__actions">
            <Button size="normal" busy={busy} onClick={() => confirm(shown.reason)}>
              Termin absagen
            </Button>
            <Button size="normal" variant="secondary" busy={busy} onClick={() => setShown(null)}>
              Abbrechen
            </Button>
          </div>
        </div>
      ) : closed ? (
        <p>Der Termin ist im Shop geschlossen und hat keine Buchungen.</p>
      ) : (
        <form
          className="office-change"
          noValidate
          aria-labelledby={`${id}-titel`}
          onSubmit={(event) => {
            event.preventDefault()
            setShown({ kind: 'check', reason })
          }}
        >
          <fieldset>
            <legend>Grund der Absage</legend>
            {DEPARTURE_CANCEL_REASONS.map((r) => (
              <label key={r} className="choice" htmlFor={`${id}-${r}`}>
                <input id={`${id}-${r}`} type="radio" name="grund" value={r} checked={reason === r} disabled={!reasons.includes(r)} onChange={() => setReason(r)} />
                <span>{DEPARTURE_CANCEL_REASON_LABELS[r]}</span>
              </label>
            ))}
          </fieldset>
          {!reasons.includes('minimum') ? <p>{minimumNote(view)}</p> : null}
          <Button type="submit" size="normal" variant="secondary">
            Absage prüfen
          </Button>
        </form>
      )}
      {shown?.kind === 'done' || shown?.kind === 'refused' ? (
        <p
          tabIndex={-1}
          ref={(el) => void (focusTarget.current = el)}
          role={shown.kind === 'refused' ? 'alert' : 'status'}
          className={shown.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}
        >
          {shown.message}
        </p>
      ) : null}
    </section>
  )
}

/** Why too few travellers is no reason today. */
function minimumNote({ minimum }: DepartureView): string {
  if (minimum.kind === 'missing' && minimum.overdue && minimum.deadline)
    return `Wegen zu weniger Teilnehmer lässt sich nicht mehr absagen: Die Frist ist am ${formatDate(minimum.deadline)} abgelaufen.`
  if (minimum.kind === 'none') return 'Für diese Reise ist keine Mindestteilnehmerzahl vereinbart.'
  return 'Die Mindestteilnehmerzahl ist erreicht oder die Abfahrt garantiert.'
}
