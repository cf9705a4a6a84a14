import { useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { Button } from '~/components/ui/Button'
import { SEAT_STATE_LABELS, nextSeat, seatCells, seatName } from '~/lib/booking/seat-plan'
import type { SeatKey, SeatPlanLayout, SeatState } from '~/lib/booking/seat-plan'

const FIXTURE_LABELS: Partial<Record<string, string>> = { driver: 'Fahrer', guide: 'Reise\u00adleitung', door: 'Tür', wc: 'WC', stairs: 'Treppe' }
const KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'])

export type SeatPlanTraveller = { name: string; seat: string | null }

/**
 * The seat plan of a coach, front at the top. Every seat is a button named for a screen reader
 * ("Reihe 3, Platz C, Fenster, frei"); one seat is in the tab order and the arrow keys move
 * between seats (roving tabindex); taken seats are aria-disabled, so they can still be heard.
 * Picking a seat gives it to the traveller chosen above the plan.
 */
export function SeatPlan({
  layout,
  states,
  travellers,
  activeTraveller,
  onActiveTravellerChange,
  onPick,
  onAutoPick,
}: {
  layout: SeatPlanLayout
  states: Readonly<Record<string, SeatState>>
  travellers: readonly SeatPlanTraveller[]
  activeTraveller: number
  onActiveTravellerChange: (index: number) => void
  onPick: (seat: string) => void
  onAutoPick: () => void
}) {
  const cells = seatCells(layout)
  const owners = new Map(travellers.flatMap((t) => (t.seat ? [[t.seat, t.name] as const] : [])))
  const stateOf = (label: string): SeatState => (owners.has(label) ? 'mine' : (states[label] ?? 'taken'))
  const firstFocus = travellers[activeTraveller]?.seat ?? cells.find((c) => stateOf(c.label) === 'free')?.label ?? cells[0]?.label ?? ''
  const [focused, setFocused] = useState<string>(firstFocus)
  const [announcement, setAnnouncement] = useState('')
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const tabStop = cells.some((c) => c.label === focused) ? focused : firstFocus
  const columns = Math.max(...layout.map((row) => row.length))

  const pick = (label: string) => {
    const state = stateOf(label)
    const who = travellers[activeTraveller]?.name ?? ''
    if (state === 'taken' || state === 'held') {
      setAnnouncement(`Platz ${label} ist ${SEAT_STATE_LABELS[state]} und kann nicht gewählt werden.`)
      return
    }
    if (owners.get(label) === who) return
    onPick(label)
    setAnnouncement(`Platz ${label} für ${who} gewählt.`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, label: string) => {
    if (!KEYS.has(event.key)) return
    event.preventDefault()
    const next = nextSeat(layout, label, event.key as SeatKey)
    setFocused(next)
    buttons.current.get(next)?.focus()
  }

  return (
    <section className="seat-plan" aria-labelledby="sitzplan-titel">
      <h3 id="sitzplan-titel">Sitzplan</h3>
      <p className="field__hint" id="sitzplan-hinweis">
        Wählen Sie für jede Person einen Platz. Mit den Pfeiltasten wechseln Sie zwischen den Plätzen, mit der Leertaste wählen Sie.
      </p>
      {travellers.length > 1 ? (
        <fieldset className="fieldset--plain field seat-plan__travellers">
          <legend>Platz wählen für</legend>
          {travellers.map((t, i) => (
            <label key={i} className="choice" htmlFor={`sitzplatz-fuer-${i}`}>
              <input id={`sitzplatz-fuer-${i}`} type="radio" name="sitzplatz-fuer" checked={i === activeTraveller} onChange={() => onActiveTravellerChange(i)} />
              <span>
                {t.name}: {t.seat ? `Platz ${t.seat}` : 'noch kein Platz'}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p>
        <Button variant="secondary" onClick={onAutoPick}>
          Plätze automatisch wählen
        </Button>
      </p>
      <div className="seat-plan__bus" role="group" aria-label="Bus, vorne oben" aria-describedby="sitzplan-hinweis" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {layout.flatMap((row, r) =>
          row.map((cell, c) => {
            const key = `${r}-${c}`
            if (cell.kind !== 'seat' || !cell.seat) {
              const label = FIXTURE_LABELS[cell.kind]
              return (
                <div key={key} className={`seat-plan__cell seat-plan__cell--${cell.kind}`} aria-hidden={label ? undefined : true}>
                  {label ? <span className="seat-plan__fixture">{label}</span> : null}
                </div>
              )
            }
            const info = cells.find((x) => x.label === cell.seat)
            const label = cell.seat
            const state = cell.blocked ? 'taken' : stateOf(label)
            const owner = owners.get(label)
            return (
              <button
                key={key}
                type="button"
                ref={(el) => {
                  if (el) buttons.current.set(label, el)
                  else buttons.current.delete(label)
                }}
                className={`seat-plan__seat seat-plan__seat--${state}`}
                tabIndex={label === tabStop ? 0 : -1}
                aria-pressed={state === 'mine'}
                aria-disabled={state === 'taken' || state === 'held' ? true : undefined}
                aria-label={info ? seatName(info, state, owner) : label}
                onFocus={() => setFocused(label)}
                onKeyDown={(e) => onKeyDown(e, label)}
                onClick={() => pick(label)}
              >
                <span aria-hidden="true">{label}</span>
              </button>
            )
          }),
        )}
      </div>
      <ul className="seat-plan__legend" aria-label="Legende">
        {(['free', 'mine', 'held', 'taken'] as const).map((s) => (
          <li key={s}>
            <span className={`seat-plan__swatch seat-plan__seat seat-plan__seat--${s}`} aria-hidden="true" /> {SEAT_STATE_LABELS[s]}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  )
}
