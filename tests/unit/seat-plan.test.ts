// The seat plan rules (DESIGN 6, step 1): sellable seats, seat names for screen readers, the
// arrow keys, who gets a picked seat, and "Plätze automatisch wählen".
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  SEAT_STATES,
  SEAT_STATE_LABELS,
  autoPick,
  autoPickForTravellers,
  bookableSeatCount,
  displayState,
  nextSeat,
  parseSeatPlan,
  pickSeat,
  seatName,
  seatOwners,
  sellableSeats,
  type SeatPlanCell,
  type SeatPlanLayout,
  type SeatState,
} from '~/lib/booking/seat-plan'
import { seatPlanLayoutSchema } from '~/lib/booking/offer'
import { SEAT_PLAN, SEAT_PLANS } from '~/server/db/seed/reference'

function layoutOf(id: number): SeatPlanLayout {
  const plan = SEAT_PLANS.find((p) => p.id === id)
  if (!plan) throw new Error(`no seat plan ${id}`)
  return seatPlanLayoutSchema.parse(plan.layout)
}
const coach49 = layoutOf(SEAT_PLAN.coach49)
const coach36 = layoutOf(SEAT_PLAN.coach36)
const minibus19 = layoutOf(SEAT_PLAN.minibus19)

const seat = (label: string, blocked = false): SeatPlanCell => (blocked ? { kind: 'seat', seat: label, blocked } : { kind: 'seat', seat: label })
const aisle: SeatPlanCell = { kind: 'aisle' }
const info = (layout: SeatPlanLayout, label: string) => {
  const s = parseSeatPlan(layout).byLabel.get(label)
  if (!s) throw new Error(`no seat ${label}`)
  return s
}

describe('seat states', () => {
  it('are free, taken, held and mine, each with a German label', () => {
    expect(SEAT_STATES).toEqual(['free', 'taken', 'held', 'mine'])
    expect(SEAT_STATE_LABELS).toEqual({ free: 'frei', taken: 'belegt', held: 'vorübergehend reserviert', mine: 'Ihr Platz' })
  })

  it('a blocked seat shows as taken; a seat of a traveller as mine, whatever the server said last', () => {
    const owners = seatOwners([{ name: 'Anna Muster', seat: '2A' }])
    expect(displayState(info(coach49, '4D'), { '4D': 'free' }, owners)).toBe('taken')
    expect(displayState(info(coach49, '2A'), { '2A': 'held' }, owners)).toBe('mine')
    expect(displayState(info(coach49, '2B'), { '2B': 'held' }, owners)).toBe('held')
    // A hold of this draft that no traveller has any more is let go with the next save.
    expect(displayState(info(coach49, '2C'), { '2C': 'mine' }, owners)).toBe('free')
    // A seat the server does not know cannot be sold.
    expect(displayState(info(coach49, '2D'), {}, owners)).toBe('taken')
  })
})

describe('the parsed grid', () => {
  it('sells the labelled seats that are not blocked (bookableSeatCount moved here from the seed)', () => {
    // The bus's name counts the blocked seats too (coach49 has 4D and 10A blocked).
    expect(bookableSeatCount(coach49)).toBe(47)
    expect(bookableSeatCount(coach36)).toBe(34)
    expect(bookableSeatCount(minibus19)).toBe(18)
    expect(sellableSeats(coach49).has('4D')).toBe(false)
    expect(sellableSeats(coach49).has('4C')).toBe(true)
  })

  it('takes the row number and letter from the label; the front row holds no seats', () => {
    const grid = parseSeatPlan(coach49)
    expect(grid.seatRowIndex[0]).toBeNull()
    expect(info(coach49, '12A')).toMatchObject({ row: 12, letter: 'A', gridRow: 12, gridColumn: 0, blocked: false })
    expect(info(coach49, '10A').blocked).toBe(true)
    expect(grid.columns).toBe(5)
    // 13C sits in the aisle's column, so that column needs a full tap target.
    expect(grid.seatColumns).toEqual([true, true, true, true, true])
    expect(parseSeatPlan(coach36).seatColumns).toEqual([true, true, false, true])
  })

  it('numbers the rows from the front when the labels carry no letter', () => {
    const layout: SeatPlanLayout = [[{ kind: 'driver' }, { kind: 'door' }], [seat('1'), seat('2')], [seat('3'), seat('4')]]
    expect(info(layout, '3')).toMatchObject({ row: 2, letter: '' })
  })

  it('knows window, aisle and middle seats', () => {
    const position = (layout: SeatPlanLayout, label: string) => info(layout, label).position
    expect(['3A', '3B', '3C', '3D'].map((l) => position(coach49, l))).toEqual(['Fenster', 'Gang', 'Gang', 'Fenster'])
    expect(position(coach49, '7B')).toBe('Gang')
    // The back row: 13C has the WC beside it, not the window.
    expect(['13A', '13B', '13C'].map((l) => position(coach49, l))).toEqual(['Fenster', 'Mitte', 'Mitte'])
    // 2+1: the single seat is at the window.
    expect(position(coach36, '3C')).toBe('Fenster')
    expect(position(coach36, '13C')).toBe('Fenster')
    expect(['6A', '6B', '6C', '6D'].map((l) => position(minibus19, l))).toEqual(['Fenster', 'Mitte', 'Mitte', 'Fenster'])
    // Empty floor between a seat and the wall still leaves it at the window.
    expect(position([[{ kind: 'empty' }, seat('1B'), aisle, seat('1C')]], '1B')).toBe('Fenster')
  })
})

describe('seatName', () => {
  it('says the label printed on the seat first, then row, position and state', () => {
    expect(seatName(info(coach49, '3C'), 'free')).toBe('Platz 3C, Reihe 3, Gang, frei')
    expect(seatName(info(coach49, '3D'), 'held')).toBe('Platz 3D, Reihe 3, Fenster, vorübergehend reserviert')
    expect(seatName(info(coach49, '13B'), 'taken')).toBe('Platz 13B, Reihe 13, Mitte, belegt')
  })

  it('names the traveller whose seat it is', () => {
    expect(seatName(info(coach49, '7A'), 'mine', 'Anna Muster')).toBe('Platz 7A, Reihe 7, Fenster, Ihr Platz: Anna Muster')
    expect(seatName(info(coach49, '7A'), 'mine')).toBe('Platz 7A, Reihe 7, Fenster, Ihr Platz')
  })
})

describe('pickSeat', () => {
  const three = [
    { name: 'Anna Muster', seat: null },
    { name: 'Bernd Muster', seat: '5A' },
    { name: 'Clara Muster', seat: null },
  ]

  it('gives the seat to the active traveller and moves on to the next one without a seat', () => {
    expect(pickSeat(three, 0, '5B', 'free')).toEqual({ kind: 'picked', from: null, next: 2 })
    expect(pickSeat(three, 2, '5B', 'free')).toEqual({ kind: 'picked', from: null, next: 0 })
  })

  it('says when everyone has a seat', () => {
    expect(pickSeat([{ name: 'Anna', seat: null }], 0, '5B', 'free')).toEqual({ kind: 'picked', from: null, next: null })
  })

  it('takes a seat from a fellow traveller, who is next to choose again', () => {
    expect(pickSeat(three, 0, '5A', 'mine')).toEqual({ kind: 'picked', from: 1, next: 1 })
  })

  it("changes nothing when the traveller picks their own seat again", () => {
    expect(pickSeat(three, 1, '5A', 'mine')).toEqual({ kind: 'unchanged' })
  })

  it('refuses taken and held seats', () => {
    expect(pickSeat(three, 0, '5C', 'taken')).toEqual({ kind: 'unavailable', state: 'taken' })
    expect(pickSeat(three, 0, '5C', 'held')).toEqual({ kind: 'unavailable', state: 'held' })
  })
})

describe('autoPick', () => {
  const none = new Set<string>()

  it('seats a couple side by side in the frontmost row', () => {
    expect(autoPick(coach49, none, 2)).toEqual(['1A', '1B'])
    expect(autoPick(coach49, new Set(['1A']), 2)).toEqual(['1C', '1D'])
    expect(autoPick(coach49, new Set(['1A', '1D']), 2)).toEqual(['2A', '2B'])
  })

  it('prefers a pair across the aisle to one behind the other when no row has two seats together', () => {
    const layout: SeatPlanLayout = [
      [{ kind: 'driver' }, { kind: 'empty' }, aisle, { kind: 'door' }],
      [seat('1A'), seat('1B'), aisle, seat('1C')],
      [seat('2A'), seat('2B'), aisle, seat('2C')],
    ]
    expect(autoPick(layout, new Set(['1A', '2A']), 2)).toEqual(['1B', '1C'])
  })

  it('keeps three together in one row, even across the bus, before splitting them over two rows', () => {
    expect(autoPick(coach49, none, 3)).toEqual(['13A', '13B', '13C'])
    expect(autoPick(coach49, new Set(['13A']), 3)).toEqual(['1A', '1B', '1C'])
  })

  it('fills consecutive rows, one behind the other, when a row is too small', () => {
    const taken = new Set(['13A', '13B', '13C'])
    for (let r = 1; r <= 12; r++) taken.add(`${r}C`).add(`${r}D`)
    // Only A and B are free in every row: two pairs one behind the other, at the front.
    expect(autoPick(coach49, taken, 4)).toEqual(['1A', '1B', '2A', '2B'])
  })

  it('finds seats anywhere rather than none, and null only when too few are free', () => {
    const all = [...sellableSeats(minibus19)]
    const leftOver = ['1A', '3A', '6D']
    const taken = new Set(all.filter((s) => !leftOver.includes(s)))
    expect(autoPick(minibus19, taken, 3)?.sort()).toEqual([...leftOver].sort())
    expect(autoPick(minibus19, taken, 4)).toBeNull()
    expect(autoPick(minibus19, none, 0)).toEqual([])
  })

  it('places the others next to the seats a booking keeps', () => {
    expect(autoPick(coach49, none, 2, ['8C'])).toEqual(['8C', '8D'])
    expect(autoPick(coach49, none, 3, ['8D', '8C'])).toEqual(['8D', '8C', '8B'])
    // A kept seat that meanwhile went to someone else is not kept.
    expect(autoPick(coach49, new Set(['8C']), 2, ['8C'])).toEqual(['1A', '1B'])
  })

  it('never hands out a blocked seat', () => {
    const layout: SeatPlanLayout = [[seat('1A', true), seat('1B'), seat('1C')]]
    expect(autoPick(layout, none, 2)).toEqual(['1B', '1C'])
    expect(autoPick(layout, none, 3)).toBeNull()
  })
})

// Random coaches: rows of seats, aisles, doors and WCs; labels unique; some seats blocked.
const CELL_KINDS = ['seat', 'seat', 'seat', 'aisle', 'door', 'wc', 'empty'] as const
const layoutArb = fc
  .array(fc.array(fc.tuple(fc.constantFrom(...CELL_KINDS), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 9 })
  .map((rows): SeatPlanLayout =>
    rows.map((row, r) =>
      row.map(([kind, blocked, flag], c): SeatPlanCell =>
        kind === 'seat' ? seat(`${r + 1}${String.fromCharCode(65 + c)}`, blocked && flag) : { kind },
      ),
    ),
  )
const scenarioArb = layoutArb.chain((layout) => {
  const labels = parseSeatPlan(layout).seats.map((s) => s.label)
  return fc.record({
    layout: fc.constant(layout),
    unavailable: fc.subarray(labels),
    keep: fc.subarray(labels),
    count: fc.integer({ min: 0, max: 10 }),
  })
})

describe('autoPick, on any coach', () => {
  it('returns count distinct sellable, available seats whenever enough are free, and null only when not', () => {
    fc.assert(
      fc.property(scenarioArb, ({ layout, unavailable, count }) => {
        const taken = new Set(unavailable)
        const free = [...sellableSeats(layout)].filter((s) => !taken.has(s))
        const picked = autoPick(layout, taken, count)
        if (free.length < count) return picked === null
        if (picked === null || picked.length !== count || new Set(picked).size !== count) return false
        return picked.every((s) => free.includes(s))
      }),
    )
  })

  it('keeps the kept seats that are still free, and the same holds with them', () => {
    fc.assert(
      fc.property(scenarioArb, ({ layout, unavailable, keep, count }) => {
        const taken = new Set(unavailable)
        const free = [...sellableSeats(layout)].filter((s) => !taken.has(s))
        const picked = autoPick(layout, taken, count, keep)
        if (free.length < count) return picked === null
        if (picked === null || new Set(picked).size !== count || !picked.every((s) => free.includes(s))) return false
        const keepable = [...new Set(keep)].filter((s) => free.includes(s)).slice(0, count)
        return keepable.every((s, i) => picked[i] === s)
      }),
    )
  })

  it('puts everyone side by side in one row when some row has room for them', () => {
    fc.assert(
      fc.property(scenarioArb, ({ layout, unavailable, count }) => {
        const taken = new Set(unavailable)
        const isFree = (cell: SeatPlanCell | undefined) => cell?.kind === 'seat' && !cell.blocked && !!cell.seat && !taken.has(cell.seat)
        const runs = (row: readonly SeatPlanCell[]) => {
          const out: string[][] = [[]]
          for (const cell of row) if (isFree(cell) && cell.seat) out.at(-1)?.push(cell.seat)
          else out.push([])
          return out
        }
        const possible = count > 0 && layout.some((row) => runs(row).some((run) => run.length >= count))
        if (!possible) return true
        const picked = autoPick(layout, taken, count) ?? []
        return layout.some((row) => runs(row).some((run) => picked.every((s) => run.includes(s))))
      }),
    )
  })

  it('does not depend on the order the unavailable seats come in', () => {
    fc.assert(
      fc.property(scenarioArb, ({ layout, unavailable, count }) => {
        const a = autoPick(layout, new Set(unavailable), count)
        const b = autoPick(layout, new Set([...unavailable].reverse()), count)
        expect(b).toEqual(a)
      }),
    )
  })
})

describe('autoPickForTravellers', () => {
  const states = (layout: SeatPlanLayout, overrides: Record<string, SeatState> = {}) => {
    const out: Record<string, SeatState> = {}
    for (const s of sellableSeats(layout)) out[s] = 'free'
    return { ...out, ...overrides }
  }

  it('gives one seat per traveller, in the travellers’ order', () => {
    const travellers = [
      { name: 'Anna', seat: null },
      { name: 'Bernd', seat: null },
    ]
    expect(autoPickForTravellers(coach49, states(coach49), travellers)).toEqual(['1A', '1B'])
  })

  it('keeps a seat already chosen and seats the others next to it', () => {
    const travellers = [
      { name: 'Anna', seat: null },
      { name: 'Bernd', seat: '8C' },
    ]
    expect(autoPickForTravellers(coach49, states(coach49, { '8C': 'mine' }), travellers)).toEqual(['8D', '8C'])
  })

  it('picks afresh, together, when everyone already has a seat', () => {
    const travellers = [
      { name: 'Anna', seat: '3A' },
      { name: 'Bernd', seat: '9D' },
    ]
    expect(autoPickForTravellers(coach49, states(coach49, { '3A': 'mine', '9D': 'mine' }), travellers)).toEqual(['1A', '1B'])
  })

  it('leaves out seats held or taken by others, and says null when too few are left', () => {
    const taken: Record<string, SeatState> = {}
    for (const s of sellableSeats(minibus19)) taken[s] = 'taken'
    taken['2A'] = 'free'
    taken['2B'] = 'held'
    const travellers = [
      { name: 'Anna', seat: null },
      { name: 'Bernd', seat: null },
    ]
    expect(autoPickForTravellers(minibus19, taken, travellers)).toBeNull()
    expect(autoPickForTravellers(minibus19, taken, travellers.slice(0, 1))).toEqual(['2A'])
  })
})

describe('nextSeat', () => {
  it('moves left and right over the aisle, on into the next row, and stops at the ends', () => {
    expect(nextSeat(coach49, '1A', 'ArrowRight')).toBe('1B')
    expect(nextSeat(coach49, '1B', 'ArrowRight')).toBe('1C')
    expect(nextSeat(coach49, '1C', 'ArrowLeft')).toBe('1B')
    expect(nextSeat(coach49, '1D', 'ArrowRight')).toBe('2A')
    expect(nextSeat(coach49, '2A', 'ArrowLeft')).toBe('1D')
    expect(nextSeat(coach49, '1A', 'ArrowLeft')).toBe('1A')
    expect(nextSeat(coach49, '13C', 'ArrowRight')).toBe('13C')
  })

  it('moves up and down in the same column, over the door and the stairs', () => {
    expect(nextSeat(coach49, '5C', 'ArrowDown')).toBe('6C')
    expect(nextSeat(coach49, '6D', 'ArrowDown')).toBe('8D')
    expect(nextSeat(coach49, '8C', 'ArrowUp')).toBe('6C')
    expect(nextSeat(coach49, '6B', 'ArrowDown')).toBe('7B')
    expect(nextSeat(minibus19, '5C', 'ArrowDown')).toBe('6D')
  })

  it('goes to the nearest column of the next row when its own column has no seat further on', () => {
    expect(nextSeat(coach49, '12D', 'ArrowDown')).toBe('13C')
    expect(nextSeat(coach49, '13C', 'ArrowUp')).toBe('12B')
    expect(nextSeat(coach36, '12A', 'ArrowDown')).toBe('13C')
  })

  it('stays at the front and the back', () => {
    expect(nextSeat(coach49, '1C', 'ArrowUp')).toBe('1C')
    expect(nextSeat(coach49, '13A', 'ArrowDown')).toBe('13A')
  })

  it('Home and End go to the row’s first and last seat', () => {
    expect(nextSeat(coach49, '5C', 'Home')).toBe('5A')
    expect(nextSeat(coach49, '5B', 'End')).toBe('5D')
    expect(nextSeat(coach49, '7A', 'End')).toBe('7B')
  })

  it('reaches blocked seats too (they are announced as taken) and starts at the first seat from an unknown one', () => {
    expect(nextSeat(coach49, '4C', 'ArrowRight')).toBe('4D')
    expect(nextSeat(coach49, 'XX', 'ArrowDown')).toBe('1A')
  })

  it('visits every seat with the right arrow alone', () => {
    fc.assert(
      fc.property(layoutArb, (layout) => {
        const seats = parseSeatPlan(layout).seats.map((s) => s.label)
        const first = seats[0]
        if (!first) return true
        const seen = [first]
        let at = first
        for (let i = 1; i < seats.length; i++) seen.push((at = nextSeat(layout, at, 'ArrowRight')))
        return new Set(seen).size === new Set(seats).size
      }),
    )
  })
})
