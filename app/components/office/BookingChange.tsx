// A change to a booking in two steps, as the office works on the phone: "Änderung prüfen" asks the
// server what the change costs (the public booking's rules and price function), then "Änderung
// speichern" stores exactly that change at exactly that price, with the customer told by mail
// unless the box is cleared. What was saved, or why not, is announced.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/Button'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import type { BookingChange } from '~/lib/office/booking-changes'
import { formatPrice } from '~/lib/format'
import { officeBookingQuery, phoneBookingChoicesQuery } from '~/queries/office'
import { changeOfficeBooking } from '~/server/office-bookings.functions'
import type { ChangeResult } from '~/server/office/booking-changes.server'

type Checked = { change: BookingChange; version: number; previous: number; gesamtpreis: number; details: string[] }
/** A saved outcome names the version it made: once the booking moved on, it is no longer said. */
type Outcome = { kind: 'saved' | 'refused'; message: string; field?: string; version?: number } | null

/**
 * The preview, confirmation and outcome of one change form, made on the version of the booking the
 * page shows: if it was changed meanwhile (another tab, a colleague), nothing is stored, the page
 * reloads the booking and the form keeps what was typed for a new check.
 */
export function useBookingChange({ bookingNumber, version }: { bookingNumber: string; version: number }) {
  const queryClient = useQueryClient()
  const [checked, setChecked] = useState<Checked | null>(null)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const { busy, run } = useOneAtATime(() =>
    setOutcome({ kind: 'refused', message: 'Die Änderung hat den Server nicht erreicht. Bitte versuchen Sie es noch einmal.' }),
  )

  /** Prices the change without storing it. */
  const check = (change: BookingChange) =>
    run(async () => {
      setOutcome(null)
      const result = await changeOfficeBooking({ data: { bookingNumber, version, change } })
      // The change as the server priced it (a change of date with its seats) is the one saved.
      if (result.kind === 'preview') setChecked({ change: result.change, version, previous: result.previous, gesamtpreis: result.gesamtpreis, details: result.details })
      else if (result.kind !== 'changed') await refused(result)
    })

  const refused = async (result: Extract<ChangeResult, { kind: 'refused' | 'stale' }>) => {
    setChecked(null)
    setOutcome({ kind: 'refused', message: result.message, ...(result.kind === 'refused' && result.field ? { field: result.field } : {}) })
    if (result.kind === 'stale') await queryClient.invalidateQueries({ queryKey: officeBookingQuery(bookingNumber).queryKey })
  }

  /** Stores the change that was priced, at that price. */
  const save = (notify: boolean) =>
    run(async () => {
      if (!checked) return
      const result = await changeOfficeBooking({ data: { bookingNumber, version: checked.version, change: checked.change, expectedTotal: checked.gesamtpreis, notify } })
      setChecked(null)
      if (result.kind === 'changed') {
        setOutcome({
          kind: 'saved',
          version: result.version,
          message: `Gespeichert. Gesamtpreis jetzt ${formatPrice(result.gesamtpreis)}${notify ? `; die Bestätigung (Version ${result.version}) geht an den Kunden` : ''}.`,
        })
        // A change of date frees places on one date and takes them on another: the dates offered are read again.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: officeBookingQuery(bookingNumber).queryKey }),
          queryClient.invalidateQueries({ queryKey: phoneBookingChoicesQuery(undefined).queryKey.slice(0, 2) }),
        ])
      } else if (result.kind !== 'preview') await refused(result)
    })

  /** A value typed after the check drops the check, and the message about that field. */
  const edited = (field: string) => {
    setChecked(null)
    setOutcome((current) => (current?.field === field ? null : current))
  }

  // What another form saved since makes this form's "Gespeichert" old news.
  const current = outcome?.kind === 'saved' && outcome.version !== version ? null : outcome
  return { checked, outcome: current, busy, check, save, edited, cancel: () => setChecked(null) }
}

/**
 * Moves the focus to what a form's submission led to: its outcome line, or, when the message is
 * about one field, that field (read with its label and message, so the line need not repeat it).
 */
export function focusOutcome(line: HTMLElement | null, aboutField: boolean): void {
  const field = aboutField ? line?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]') : null
  const target = field ?? line
  target?.focus()
}

/** The part below each change form: the price it leads to, the mail box, save and cancel; then the outcome. */
export function ChangeConfirmation({ change }: { change: ReturnType<typeof useBookingChange> }) {
  const id = useId()
  const [notify, setNotify] = useState(true)
  const { checked, outcome } = change
  // The button that was pressed is gone with the preview: the focus goes to what happened, not to the top of the page.
  const said = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (outcome) focusOutcome(said.current, Boolean(outcome.field))
  }, [outcome])
  let result: ReactNode = null
  if (outcome) {
    result = (
      <p
        ref={said}
        tabIndex={-1}
        role={outcome.field ? undefined : outcome.kind === 'refused' ? 'alert' : 'status'}
        className={outcome.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}
      >
        {/* A message about one field stands at that field: said twice, it would be read twice. */}
        {outcome.field ? 'Nicht gespeichert: Bitte prüfen Sie die markierte Angabe.' : outcome.message}
      </p>
    )
  }
  return (
    <>
      {checked ? (
        <div className="office-change__preview" role="status">
          {checked.details.length ? (
            <ul>
              {checked.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
          <p>
            {checked.gesamtpreis === checked.previous
              ? `Der Gesamtpreis bleibt ${formatPrice(checked.gesamtpreis)}.`
              : `Neuer Gesamtpreis: ${formatPrice(checked.gesamtpreis)} (bisher ${formatPrice(checked.previous)}).`}
          </p>
          <label htmlFor={`${id}-mail`} className="choice">
            <input id={`${id}-mail`} type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
            Dem Kunden die geänderte Bestätigung per E-Mail senden
          </label>
          <div className="office-change__actions">
            <Button type="button" size="small" onClick={() => change.save(notify)} busy={change.busy}>
              Änderung speichern
            </Button>
            <Button
              type="button"
              size="small"
              variant="secondary"
              onClick={(event) => {
                // The check is gone with its buttons: the focus goes back to the form's check button.
                const form = event.currentTarget.closest('form')
                change.cancel()
                requestAnimationFrame(() => form?.querySelector<HTMLElement>('button[type="submit"]')?.focus())
              }}
            >
              Verwerfen
            </Button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite">{result}</div>
    </>
  )
}
