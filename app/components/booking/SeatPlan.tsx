import { useId, useRef, useState } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'
import { Button } from '~/components/ui/Button'
import {
  SEAT_STATE_LABELS,
  autoPickForTravellers,
  displayState,
  isSeatKey,
  nextSeat,
  parseSeatPlan,
  pickSeat,
  seatName,
  seatOwners,
} from '~/lib/booking/seat-plan'
import type { SeatInfo, SeatPlanCell, SeatPlanLayout, SeatState, SeatTraveller } from '~/lib/booking/seat-plan'
import { countOf } from '~/lib/format'

/**
 * What the non-seat cells are called. Short words are shown; longer ones would break apart in a
 * 44 px cell on a phone, so they are drawn as an icon and said to screen readers only.
 */
const FIXTURES: Partial<Record<SeatPlanCell['kind'], { label: string; icon?: ReactNode }>> = {
  driver: {
    label: 'Fahrer',
    icon: (
      <>
        <circle cx="12" cy="12" r="9" />
        <circle cx="12" cy="12" r="2.5" />
        <path d="M3.5 10.5 9.5 11.5M20.5 10.5 14.5 11.5M12 14.5V21" />
      </>
    ),
  },
  guide: {
    label: 'Reiseleitung',
    icon: (
      <>
        <rect x="9" y="3" width="6" height="11" rx="3" />
        <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
      </>
    ),
  },
  stairs: { label: 'Treppe', icon: <path d="M3 20h5v-5h5v-5h5V5h3" /> },
  door: { label: 'Tür' },
  wc: { label: 'WC' },
}

function Fixture({ label, icon }: { label: string; icon?: ReactNode }) {
  if (!icon) return label
  return (
    <>
      <svg className="seat-plan__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {icon}
      </svg>
      <span className="visually-hidden">{label}</span>
    </>
  )
}

const LEGEND_ORDER = ['free', 'mine', 'held', 'taken'] as const satisfies readonly SeatState[]

export type SeatPlanProps = {
  layout: SeatPlanLayout
  /** The server's view of every sellable seat; seats missing here count as taken. */
  states: Readonly<Record<string, SeatState>>
  /** The travellers of this booking, in the order of the form; their seats show as "Ihr Platz". */
  travellers: readonly SeatTraveller[]
  /** Index into `travellers`: whom the next pick is for. */
  activeTraveller: number
  onActiveTravellerChange: (index: number) => void
  /** The seat goes to `travellers[activeTraveller]` (taking it from a fellow traveller who had it). */
  onPick: (seat: string) => void
  /** From "Plätze automatisch wählen": `seats[i]` is for `travellers[i]`. */
  onAutoPick: (seats: readonly string[]) => void
  /** While a save runs: the auto-pick button shows it; seats stay usable. */
  busy?: boolean
  headingLevel?: 2 | 3 | 4
  /** Seats the last save could not hold and why (the booking form's), said below the tapped seat's row. */
  refusal?: { seats: readonly string[]; message: string } | null
}

type Announcement = { text: string; count: number }

/**
 * The seat plan of a coach, front at the top. Every seat is a button named for a screen reader
 * ("Platz 3C, Reihe 3, Fenster, frei"); exactly one seat is in the tab order and the arrow keys
 * move between seats (roving tabindex); taken and held seats are aria-disabled rather than
 * disabled, so that keyboard and screen reader users still reach them and hear why. Server-rendered
 * as it is: nothing here reads the window.
 */
export function SeatPlan({
  layout,
  states,
  travellers,
  activeTraveller,
  onActiveTravellerChange,
  onPick,
  onAutoPick,
  busy = false,
  headingLevel = 3,
  refusal = null,
}: SeatPlanProps) {
  const id = useId()
  const headingId = `${id}-titel`
  const hintId = `${id}-hinweis`
  const grid = parseSeatPlan(layout)
  const owners = seatOwners(travellers)
  const active = Math.max(0, Math.min(activeTraveller, travellers.length - 1))
  const stateOf = (seat: SeatInfo) => displayState(seat, states, owners)

  const initialStop = () => {
    const own = travellers[active]?.seat
    if (own && grid.byLabel.has(own)) return own
    return (grid.seats.find((s) => stateOf(s) === 'free') ?? grid.seats[0])?.label ?? ''
  }
  const [focused, setFocused] = useState<string>(initialStop)
  const tabStop = grid.byLabel.has(focused) ? focused : initialStop()
  const buttons = useRef(new Map<string, HTMLButtonElement>())

  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', count: 0 })
  // The same sentence twice would not be spoken again; a changing invisible space makes it new.
  const announce = (text: string) => setAnnouncement((a) => ({ text, count: a.count + 1 }))

  const nameOf = (index: number) => travellers[index]?.name ?? `Person ${index + 1}`

  // The seat last picked here. Should the server answer that someone else got it first (it shows as
  // held or taken now, no longer this booking's), the message stands right below its row, where the
  // customer tapped; the step's own alert says it to screen readers.
  const [lastPick, setLastPick] = useState<string | null>(null)
  const lastSeat = lastPick === null ? undefined : grid.byLabel.get(lastPick)
  // A seat still free that the server would not hold (over the client's limit) gets the server's
  // reason there instead.
  const takenByOthers = lastSeat && ['held', 'taken'].includes(stateOf(lastSeat)) ? lastSeat : null
  const refused = !takenByOthers && lastSeat && refusal?.seats.includes(lastSeat.label) && owners.get(lastSeat.label) === undefined ? lastSeat : null
  const lost = takenByOthers ?? refused
  const lostMessage =
    refused && refusal ? refusal.message : `Platz ${lost?.label ?? ''} hat soeben jemand anderes gewählt. Bitte wählen Sie einen anderen Platz.`

  const pick = (seat: SeatInfo) => {
    if (travellers.length === 0) {
      announce('Bitte geben Sie zuerst an, wie viele Personen reisen.')
      return
    }
    const outcome = pickSeat(travellers, active, seat.label, stateOf(seat))
    if (outcome.kind === 'unavailable') {
      announce(`Platz ${seat.label} ist ${SEAT_STATE_LABELS[outcome.state]} und kann nicht gewählt werden.`)
      return
    }
    if (outcome.kind === 'unchanged') {
      announce(`Platz ${seat.label} ist bereits für ${nameOf(active)} gewählt.`)
      return
    }
    onPick(seat.label)
    setLastPick(seat.label)
    const parts = [`Platz ${seat.label} für ${nameOf(active)} gewählt.`]
    if (outcome.from !== null) parts.push(`${nameOf(outcome.from)} hat jetzt keinen Platz.`)
    if (outcome.next !== null) {
      parts.push(`Als Nächstes wählen Sie den Platz für ${nameOf(outcome.next)}.`)
      onActiveTravellerChange(outcome.next)
    } else if (travellers.length > 1) parts.push('Alle Reisenden haben einen Platz.')
    announce(parts.join(' '))
  }

  const autoPick = () => {
    const seats = autoPickForTravellers(layout, states, travellers)
    if (!seats) {
      announce(`Für ${countOf(travellers.length, 'Person', 'Personen')} sind nicht mehr genug Plätze frei.`)
      return
    }
    onAutoPick(seats)
    setLastPick(null)
    announce(`Plätze automatisch gewählt: ${seats.map((s, i) => `${nameOf(i)} Platz ${s}`).join(', ')}.`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, label: string) => {
    if (!isSeatKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    const next = nextSeat(layout, label, event.key)
    setFocused(next)
    buttons.current.get(next)?.focus()
  }

  const Heading = `h${headingLevel}` as const
  const template = ['var(--seat-plan-row-number)', ...grid.seatColumns.map((seat) => (seat ? 'minmax(var(--tap-target), 1fr)' : 'minmax(0.75rem, 0.5fr)'))].join(' ')

  const seatAt = new Map(grid.seats.map((s) => [`${s.gridRow}-${s.gridColumn}`, s]))
  const cells: ReactNode[] = []
  layout.forEach((row, r) => {
    const firstSeat = grid.seats.find((s) => s.gridRow === r)
    cells.push(
      <span key={`${r}-nr`} className="seat-plan__row-number" aria-hidden="true">
        {firstSeat ? firstSeat.row : ''}
      </span>,
    )
    for (let c = 0; c < grid.columns; ) {
      const cell = row[c]
      const seat = seatAt.get(`${r}-${c}`)
      if (seat) {
        const state = stateOf(seat)
        const owner = owners.get(seat.label)
        const unavailable = state === 'taken' || state === 'held'
        cells.push(
          <button
            key={`${r}-${c}`}
            type="button"
            ref={(el) => {
              if (el) buttons.current.set(seat.label, el)
              else buttons.current.delete(seat.label)
            }}
            className={`seat-plan__seat seat-plan__state--${state}`}
            tabIndex={seat.label === tabStop ? 0 : -1}
            aria-label={seatName(seat, state, owner)}
            // Pressed: the seat of the traveller whom the next pick is for; a fellow traveller's seat
            // is named as theirs and is not pressed (picking it moves it to the active traveller).
            aria-pressed={travellers[active]?.seat === seat.label}
            aria-disabled={unavailable || undefined}
            onFocus={() => setFocused(seat.label)}
            onKeyDown={(e) => onKeyDown(e, seat.label)}
            onClick={() => pick(seat)}
          >
            {seat.label}
          </button>,
        )
        c++
        continue
      }
      // Neighbouring cells of one fixture (a WC two cells wide) are drawn as one.
      const kind = cell?.kind ?? 'empty'
      const fixture = kind === 'seat' ? undefined : FIXTURES[kind]
      let span = 1
      while (fixture && row[c + span]?.kind === kind) span++
      cells.push(
        <span
          key={`${r}-${c}`}
          className={`seat-plan__cell seat-plan__cell--${kind}`}
          style={span > 1 ? { gridColumn: `span ${span}` } : undefined}
          aria-hidden={fixture ? undefined : true}
        >
          {fixture ? <Fixture {...fixture} /> : null}
        </span>,
      )
      c += span
    }
    if (lost?.gridRow === r) {
      cells.push(
        <p key="vergeben" className="seat-plan__lost" style={{ gridColumn: '1 / -1' }}>
          {lostMessage}
        </p>,
      )
    }
  })

  return (
    <div className="seat-plan" role="group" aria-labelledby={headingId} aria-describedby={hintId}>
      <Heading id={headingId} className="seat-plan__heading">
        Sitzplan
      </Heading>
      <p id={hintId} className="field__hint">
        Wählen Sie für jede Person einen Platz; vorne ist oben. Mit den Pfeiltasten wechseln Sie zwischen den Plätzen, mit der Eingabe- oder
        Leertaste wählen Sie einen Platz.
      </p>

      {travellers.length > 1 ? (
        <fieldset className="fieldset--plain seat-plan__travellers">
          <legend>Platz wählen für</legend>
          {travellers.map((t, i) => (
            <label key={i} className="choice">
              <input type="radio" name={`${id}-fuer`} checked={i === active} onChange={() => onActiveTravellerChange(i)} />
              <span>
                {t.name}: <strong>{t.seat ? `Platz ${t.seat}` : 'noch kein Platz'}</strong>
              </span>
            </label>
          ))}
        </fieldset>
      ) : travellers[0] ? (
        <p className="seat-plan__travellers">
          Platz für {travellers[0].name}: <strong>{travellers[0].seat ? `Platz ${travellers[0].seat}` : 'noch kein Platz'}</strong>
        </p>
      ) : null}

      <p className="seat-plan__auto">
        <Button variant="secondary" busy={busy} onClick={autoPick}>
          Plätze automatisch wählen
        </Button>
      </p>

      <ul className="seat-plan__legend" aria-label="Zeichenerklärung">
        {LEGEND_ORDER.map((s) => (
          <li key={s}>
            <span className={`seat-plan__swatch seat-plan__state--${s}`} aria-hidden="true" />
            {SEAT_STATE_LABELS[s]}
          </li>
        ))}
      </ul>

      <div className="seat-plan__coach">
        <p className="seat-plan__front">Vorne</p>
        <div className="seat-plan__grid" style={{ gridTemplateColumns: template }}>
          {cells}
        </div>
      </div>

      <p className="visually-hidden" role="status">
        {announcement.text}
        {announcement.count % 2 ? '\u00a0' : ''}
      </p>
    </div>
  )
}
