// The seat plan as the server renders it: every seat a button with its spoken name, the booking's
// the active traveller's seat pressed, taken and held seats aria-disabled (not disabled), exactly one tab stop.
//
// Relative imports, like form-hook.test.tsx: the `~` alias is not resolved for every test file.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SeatPlan } from '../../app/components/booking/SeatPlan'
import type { SeatPlanProps } from '../../app/components/booking/SeatPlan'
import { sellableSeats } from '../../app/lib/booking/seat-plan'
import type { SeatPlanLayout, SeatState } from '../../app/lib/booking/seat-plan'
import { seatPlanLayoutSchema } from '../../app/lib/booking/offer'
import { SEAT_PLAN, SEAT_PLANS } from '../../app/server/db/seed/reference'

const coach49: SeatPlanLayout = seatPlanLayoutSchema.parse(SEAT_PLANS.find((p) => p.id === SEAT_PLAN.coach49)?.layout)

function states(overrides: Record<string, SeatState>): Record<string, SeatState> {
  const out: Record<string, SeatState> = {}
  for (const s of sellableSeats(coach49)) out[s] = 'free'
  return { ...out, ...overrides }
}

/** The markup without React's text separators (`<!-- -->`), which say nothing about the page. */
function render(props: Partial<SeatPlanProps> = {}): string {
  return renderMarkup(
    <SeatPlan
      layout={coach49}
      states={states({ '1A': 'taken', '2C': 'held', '5A': 'mine' })}
      travellers={[
        { name: 'Anna Muster', seat: '5A' },
        { name: 'Bernd Muster', seat: null },
      ]}
      activeTraveller={1}
      onActiveTravellerChange={() => {}}
      onPick={() => {}}
      onAutoPick={() => {}}
      {...props}
    />,
  )
}

function renderMarkup(element: Parameters<typeof renderToString>[0]): string {
  return renderToString(element).replaceAll('<!-- -->', '')
}

/** Each seat button's attributes, by its accessible name. */
function seatButtons(html: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>()
  for (const [, attrs = ''] of html.matchAll(/<button([^>]*class="seat-plan__seat[^>]*)>/g)) {
    const record: Record<string, string> = {}
    for (const [, name = '', value = ''] of attrs.matchAll(/([\w-]+)="([^"]*)"/g)) record[name] = value
    out.set(record['aria-label'] ?? '', record)
  }
  return out
}

describe('SeatPlan, rendered on the server', () => {
  const html = render()
  const seats = seatButtons(html)

  it('draws every seat of the coach as a button, blocked ones included', () => {
    expect(seats.size).toBe(49)
    for (const attrs of seats.values()) expect(attrs.type).toBe('button')
  })

  it('names each seat with row, label, position and state', () => {
    expect(seats.has('Platz 3C, Reihe 3, Gang, frei')).toBe(true)
    expect(seats.has('Platz 1A, Reihe 1, Fenster, belegt')).toBe(true)
    expect(seats.has('Platz 2C, Reihe 2, Gang, vorübergehend reserviert')).toBe(true)
    expect(seats.has('Platz 5A, Reihe 5, Fenster, Ihr Platz: Anna Muster')).toBe(true)
    expect(seats.has('Platz 10A, Reihe 10, Fenster, belegt')).toBe(true)
  })

  it('presses only the active traveller’s seat and marks taken, held and blocked seats aria-disabled, never disabled', () => {
    // Anna's seat is named as hers but not pressed while the next pick is for somebody else.
    expect(seats.get('Platz 5A, Reihe 5, Fenster, Ihr Platz: Anna Muster')?.['aria-pressed']).toBe('false')
    const annaActive = seatButtons(render({ activeTraveller: 0 }))
    expect(annaActive.get('Platz 5A, Reihe 5, Fenster, Ihr Platz: Anna Muster')?.['aria-pressed']).toBe('true')
    expect(seats.get('Platz 3C, Reihe 3, Gang, frei')?.['aria-pressed']).toBe('false')
    expect(seats.get('Platz 3C, Reihe 3, Gang, frei')?.['aria-disabled']).toBeUndefined()
    for (const name of ['Platz 1A, Reihe 1, Fenster, belegt', 'Platz 2C, Reihe 2, Gang, vorübergehend reserviert', 'Platz 4D, Reihe 4, Fenster, belegt'])
      expect(seats.get(name)?.['aria-disabled']).toBe('true')
    expect(html).not.toMatch(/<button[^>]*\sdisabled/)
  })

  it('puts exactly one seat in the tab order: the first free one while the active traveller has none', () => {
    const stops = [...seats].filter(([, attrs]) => attrs.tabindex === '0')
    expect(stops.map(([name]) => name)).toEqual(['Platz 1B, Reihe 1, Gang, frei'])
    expect([...seats.values()].filter((a) => a.tabindex === '-1')).toHaveLength(48)
  })

  it('starts on the active traveller’s own seat when there is one', () => {
    const stops = [...seatButtons(render({ activeTraveller: 0 }))].filter(([, a]) => a.tabindex === '0')
    expect(stops.map(([name]) => name)).toEqual(['Platz 5A, Reihe 5, Fenster, Ihr Platz: Anna Muster'])
  })

  it('is a labelled group with the heading, the traveller choice, the auto-pick button, a legend and a live region', () => {
    expect(html).toMatch(/role="group" aria-labelledby="([^"]+)"[^>]*>.*<h3 id="\1"[^>]*>Sitzplan<\/h3>/)
    expect(html).toContain('<legend>Platz wählen für</legend>')
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*\/><span>Bernd Muster: <strong>noch kein Platz<\/strong>/)
    expect(html).toContain('Anna Muster: <strong>Platz 5A</strong>')
    expect(html).toContain('>Plätze automatisch wählen</button>')
    for (const label of ['frei', 'Ihr Platz', 'vorübergehend reserviert', 'belegt']) expect(html).toContain(`</span>${label}</li>`)
    expect(html).toMatch(/<p class="visually-hidden" role="status">/)
  })

  it('names the driver, guide, door, stairs and WC (icons for the long words), the WC two cells wide as one', () => {
    for (const fixture of ['Fahrer', 'Reiseleitung', 'Treppe']) expect(html).toContain(`<span class="visually-hidden">${fixture}</span>`)
    expect(html).toContain('seat-plan__cell--door">Tür</span>')
    expect(html.match(/>WC<\/span>/g)).toHaveLength(1)
    expect(html).toContain('style="grid-column:span 2"')
  })

  it('shows the row numbers, and sizes seat columns for a 44 px tap target', () => {
    expect(html).toMatch(/<span class="seat-plan__row-number" aria-hidden="true">13<\/span>/)
    expect(html).toContain('grid-template-columns:var(--seat-plan-row-number) minmax(var(--tap-target), 1fr)')
  })

  it('names the single traveller instead of offering a choice of one', () => {
    const single = render({ travellers: [{ name: 'Anna Muster', seat: null }], activeTraveller: 0 })
    expect(single).not.toContain('Platz wählen für')
    expect(single).toContain('Platz für Anna Muster: <strong>noch kein Platz</strong>')
  })
})
