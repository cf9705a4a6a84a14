// The bus seat plan (seat_plans.layout): which seats can be sold, what each seat is called for a
// screen reader, where the arrow keys move, who gets a picked seat, and "Plätze automatisch wählen".
import type * as z from 'zod/mini'
import type { seatPlanLayoutSchema } from './offer'

/** Rows from the front (driver, guide, door) to the back; each row a list of cells from left to right. */
export type SeatPlanLayout = z.infer<typeof seatPlanLayoutSchema>
export type SeatPlanCell = SeatPlanLayout[number][number]

/** 'held': in another customer's draft right now; 'mine': a seat of this booking. */
export const SEAT_STATES = ['free', 'taken', 'held', 'mine'] as const
export type SeatState = (typeof SEAT_STATES)[number]

export const SEAT_STATE_LABELS = {
  free: 'frei',
  taken: 'belegt',
  held: 'vorübergehend reserviert',
  mine: 'Ihr Platz',
} as const satisfies Record<SeatState, string>

export type SeatPosition = 'Fenster' | 'Gang' | 'Mitte'

export type SeatInfo = {
  /** As printed on the seat: '12A'. */
  label: string
  /** Index of the layout row (0 is the front row) and of the cell within it. */
  gridRow: number
  gridColumn: number
  /** The row number of the label ('12' of '12A'); for labels without a letter, the seat row counted from the front. */
  row: number
  /** 'A' of '12A'; empty when the label has none. */
  letter: string
  position: SeatPosition
  blocked: boolean
}

export type SeatGrid = {
  /** Every labelled seat cell, front to back, left to right (blocked ones too: they are drawn). */
  seats: readonly SeatInfo[]
  byLabel: ReadonlyMap<string, SeatInfo>
  /** Cells in the widest row. */
  columns: number
  /** Per column: whether any row has a seat there (such a column needs a full tap target's width). */
  seatColumns: readonly boolean[]
  /** Per layout row: its index among the rows that hold seats (null for rows without seats). */
  seatRowIndex: readonly (number | null)[]
}

const isSeat = (cell: SeatPlanCell | undefined): cell is SeatPlanCell & { seat: string } =>
  cell !== undefined && cell.kind === 'seat' && typeof cell.seat === 'string' && cell.seat !== ''

/** A seat is at the window when nothing but empty floor lies between it and the side wall. */
function positionOf(row: readonly SeatPlanCell[], column: number): SeatPosition {
  const wallward = (step: -1 | 1) => {
    for (let c = column + step; c >= 0 && c < row.length; c += step) if (row[c]?.kind !== 'empty') return false
    return true
  }
  if (wallward(-1) || wallward(1)) return 'Fenster'
  if (row[column - 1]?.kind === 'aisle' || row[column + 1]?.kind === 'aisle') return 'Gang'
  return 'Mitte'
}

// Layouts come from the offer and stay the same object across renders and key presses.
const parsed = new WeakMap<SeatPlanLayout, SeatGrid>()

export function parseSeatPlan(layout: SeatPlanLayout): SeatGrid {
  const cached = parsed.get(layout)
  if (cached) return cached
  const seats: SeatInfo[] = []
  const byLabel = new Map<string, SeatInfo>()
  const columns = Math.max(0, ...layout.map((row) => row.length))
  const seatColumns = Array.from({ length: columns }, () => false)
  const seatRowIndex: (number | null)[] = []
  let seatRows = 0
  layout.forEach((row, r) => {
    const hasSeats = row.some(isSeat)
    seatRowIndex.push(hasSeats ? seatRows : null)
    if (hasSeats) seatRows++
    row.forEach((cell, c) => {
      if (!isSeat(cell)) return
      seatColumns[c] = true
      const match = /^(\d+)\s*([A-Za-z]+)$/.exec(cell.seat)
      const info: SeatInfo = {
        label: cell.seat,
        gridRow: r,
        gridColumn: c,
        row: match ? Number(match[1]) : seatRows,
        letter: match?.[2]?.toUpperCase() ?? '',
        position: positionOf(row, c),
        blocked: cell.blocked === true,
      }
      seats.push(info)
      if (!byLabel.has(info.label)) byLabel.set(info.label, info)
    })
  })
  const grid: SeatGrid = { seats, byLabel, columns, seatColumns, seatRowIndex }
  parsed.set(layout, grid)
  return grid
}

/** Seats that can be sold: labelled seat cells that are not blocked. */
export function sellableSeats(layout: SeatPlanLayout): Set<string> {
  return new Set(parseSeatPlan(layout).seats.flatMap((s) => (s.blocked ? [] : [s.label])))
}

/** How many places a bus with this layout sells (the seed's capacity of a seat-plan date). */
export function bookableSeatCount(layout: SeatPlanLayout): number {
  return sellableSeats(layout).size
}

/**
 * "Platz 3C, Reihe 3, Fenster, frei". The name starts with the label printed on the seat, so that
 * speech input can say what it sees (WCAG 2.5.3); a seat of this booking says whose it is.
 */
export function seatName(seat: Pick<SeatInfo, 'label' | 'row' | 'position'>, state: SeatState, owner?: string): string {
  const status = state === 'mine' && owner ? `${SEAT_STATE_LABELS.mine}: ${owner}` : SEAT_STATE_LABELS[state]
  return `Platz ${seat.label}, Reihe ${seat.row}, ${seat.position}, ${status}`
}

export type SeatTraveller = { name: string; seat: string | null }

/** Seat label → name of the traveller of this booking who has it. */
export function seatOwners(travellers: readonly SeatTraveller[]): Map<string, string> {
  const owners = new Map<string, string>()
  for (const t of travellers) if (t.seat !== null && !owners.has(t.seat)) owners.set(t.seat, t.name)
  return owners
}

/**
 * What a seat shows to this customer. The travellers' own seats win over the server's states, which
 * may lag behind a pick by one save; a 'mine' without a traveller is a hold the next save releases;
 * a blocked or unknown seat cannot be sold.
 */
export function displayState(seat: Pick<SeatInfo, 'label' | 'blocked'>, states: Readonly<Record<string, SeatState>>, owners: ReadonlyMap<string, string>): SeatState {
  if (seat.blocked) return 'taken'
  if (owners.has(seat.label)) return 'mine'
  const state = states[seat.label] ?? 'taken'
  return state === 'mine' ? 'free' : state
}

export type PickOutcome =
  | { kind: 'unavailable'; state: 'taken' | 'held' }
  /** The active traveller has this seat already: nothing changes. */
  | { kind: 'unchanged' }
  /**
   * The seat goes to the active traveller; `from` is the fellow traveller who had it (and now has
   * none); `next` is the traveller the following pick is for, null when everyone has a seat.
   */
  | { kind: 'picked'; from: number | null; next: number | null }

export function pickSeat(travellers: readonly SeatTraveller[], active: number, seat: string, state: SeatState): PickOutcome {
  if (state === 'taken' || state === 'held') return { kind: 'unavailable', state }
  if (travellers[active]?.seat === seat) return { kind: 'unchanged' }
  const fromIndex = travellers.findIndex((t, i) => i !== active && t.seat === seat)
  const from = fromIndex === -1 ? null : fromIndex
  const after = travellers.map((t, i) => (i === active ? seat : i === from ? null : t.seat))
  // Onwards from the active traveller and round again, so that the order on screen is kept.
  let next: number | null = null
  for (let step = 1; step < travellers.length && next === null; step++) {
    const i = (active + step) % travellers.length
    if (after[i] === null) next = i
  }
  return { kind: 'picked', from, next }
}

// ---------------------------------------------------------------------------------------------
// Plätze automatisch wählen
// ---------------------------------------------------------------------------------------------

// A group's cost: each seat row more between its front and back seat costs more than crossing the
// aisle, so one row beats two; seats apart within a row (a taken seat or a WC between them) cost
// more than sitting one behind the other; rows that do not line up cost a little per column.
const COST_ROW = 10
const COST_AISLE = 4
const COST_GAP = 15
const COST_COLUMN_SHIFT = 2

type Spot = { label: string; rowIndex: number; gridRow: number; column: number }

function compareSpots(a: Spot, b: Spot): number {
  return a.rowIndex - b.rowIndex || a.column - b.column
}

/** The cost of two seats of one row with cells between them, per row and pair of columns. */
function gapCosts(layout: SeatPlanLayout): (gridRow: number, a: number, b: number) => number {
  const cache = new Map<number, number>()
  const width = Math.max(1, ...layout.map((r) => r.length))
  return (gridRow, a, b) => {
    const key = (gridRow * width + a) * width + b
    let cost = cache.get(key)
    if (cost === undefined) {
      const between = (layout[gridRow] ?? []).slice(a + 1, b)
      cost = between.length === 0 ? 0 : between.every((c) => c.kind === 'aisle') ? COST_AISLE : COST_GAP
      cache.set(key, cost)
    }
    return cost
  }
}

function groupCost(gap: ReturnType<typeof gapCosts>, group: readonly Spot[]): number {
  const sorted = [...group].sort(compareSpots)
  const first = sorted[0]
  const last = sorted.at(-1)
  if (!first || !last) return 0
  let cost = (last.rowIndex - first.rowIndex) * COST_ROW
  let rowStart = 0
  let previousStart = -1
  for (let i = 1; i <= sorted.length; i++) {
    const a = sorted[i - 1]
    const b = sorted[i]
    if (a && b && a.rowIndex === b.rowIndex) {
      cost += gap(a.gridRow, a.column, b.column)
      continue
    }
    // sorted[rowStart, i) is one row; line it up with the row before it.
    if (previousStart >= 0) {
      let shift = Infinity
      for (let x = previousStart; x < rowStart; x++)
        for (let y = rowStart; y < i; y++) shift = Math.min(shift, Math.abs((sorted[x]?.column ?? 0) - (sorted[y]?.column ?? 0)))
      cost += shift * COST_COLUMN_SHIFT
    }
    previousStart = rowStart
    rowStart = i
  }
  return cost
}

/** Lower cost first, then nearer the front, then further left: one order, so the result is deterministic. */
function better(a: { cost: number; spots: Spot[] }, b: { cost: number; spots: Spot[] }): boolean {
  if (a.cost !== b.cost) return a.cost < b.cost
  const sa = [...a.spots].sort(compareSpots)
  const sb = [...b.spots].sort(compareSpots)
  for (let i = 0; i < sa.length; i++) {
    const x = sa[i]
    const y = sb[i]
    if (!x || !y) break
    const d = compareSpots(x, y)
    if (d !== 0) return d < 0
  }
  return false
}

/** Adds the free seat that keeps the group cheapest until it holds `count` seats. */
function grow(gap: ReturnType<typeof gapCosts>, seed: readonly Spot[], free: readonly Spot[], count: number): Spot[] {
  const group = [...seed]
  const inGroup = new Set(group.map((s) => s.label))
  while (group.length < count) {
    let best: { cost: number; spots: Spot[]; spot: Spot } | null = null
    for (const spot of free) {
      if (inGroup.has(spot.label)) continue
      const candidate = { cost: groupCost(gap, [...group, spot]), spots: [spot], spot }
      if (!best || better(candidate, best)) best = candidate
    }
    if (!best) break
    group.push(best.spot)
    inGroup.add(best.spot.label)
  }
  return group
}

/**
 * `count` free seats side by side: all in one row next to each other if a row allows it, then one
 * row across the aisle, then consecutive rows, rows nearer the front first (and anywhere at all
 * rather than none). `keep` are seats the booking has and wants to keep: the others are placed
 * next to them. Returns the kept seats first (in their order), then the new ones front to back,
 * left to right; null when fewer than `count` seats are free. Never a blocked or unavailable seat.
 */
export function autoPick(
  layout: SeatPlanLayout,
  unavailable: ReadonlySet<string>,
  count: number,
  keep: readonly string[] = [],
): string[] | null {
  if (count <= 0) return []
  const grid = parseSeatPlan(layout)
  const free: Spot[] = []
  const seen = new Set<string>()
  for (const s of grid.seats) {
    const rowIndex = grid.seatRowIndex[s.gridRow]
    if (s.blocked || unavailable.has(s.label) || seen.has(s.label) || rowIndex == null) continue
    seen.add(s.label)
    free.push({ label: s.label, rowIndex, gridRow: s.gridRow, column: s.gridColumn })
  }
  if (free.length < count) return null
  const byLabel = new Map(free.map((s) => [s.label, s]))
  const kept = [...new Set(keep)].flatMap((label) => {
    const spot = byLabel.get(label)
    return spot ? [spot] : []
  })
  if (kept.length >= count) return kept.slice(0, count).map((s) => s.label)

  let chosen: Spot[]
  const gap = gapCosts(layout)
  if (kept.length > 0) chosen = grow(gap, kept, free, count)
  else {
    let best: { cost: number; spots: Spot[] } | null = null
    for (const seed of free) {
      const spots = grow(gap, [seed], free, count)
      const candidate = { cost: groupCost(gap, spots), spots }
      if (!best || better(candidate, best)) best = candidate
    }
    chosen = best?.spots ?? []
  }
  const added = chosen.slice(kept.length).sort(compareSpots)
  return [...kept, ...added].map((s) => s.label)
}

/**
 * The auto-pick for the travellers of a booking: seats[i] is for travellers[i]. Seats already
 * chosen stay and the others join them; when every traveller has a seat, the button asks for new
 * seats together, so all are picked afresh. Null when not enough seats are free.
 */
export function autoPickForTravellers(
  layout: SeatPlanLayout,
  states: Readonly<Record<string, SeatState>>,
  travellers: readonly SeatTraveller[],
): string[] | null {
  const owners = seatOwners(travellers)
  const unavailable = new Set<string>()
  for (const s of parseSeatPlan(layout).seats) if (!owners.has(s.label) && displayState(s, states, owners) !== 'free') unavailable.add(s.label)
  const everyoneSeated = travellers.every((t) => t.seat !== null)
  const keep = everyoneSeated ? [] : travellers.flatMap((t) => (t.seat === null ? [] : [t.seat]))
  const picked = autoPick(layout, unavailable, travellers.length, keep)
  if (!picked) return null
  const kept = new Set(keep.filter((s) => picked.includes(s)))
  const fresh = picked.filter((s) => !kept.has(s))
  const given = new Set<string>()
  const seats: string[] = []
  for (const t of travellers) {
    const seat = t.seat !== null && kept.has(t.seat) && !given.has(t.seat) ? t.seat : fresh.shift()
    if (seat === undefined) return null
    given.add(seat)
    seats.push(seat)
  }
  return seats
}

// ---------------------------------------------------------------------------------------------
// Keyboard
// ---------------------------------------------------------------------------------------------

export const SEAT_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'] as const
export type SeatKey = (typeof SEAT_KEYS)[number]

export function isSeatKey(key: string): key is SeatKey {
  return (SEAT_KEYS as readonly string[]).includes(key)
}

/**
 * Where focus goes from a seat, over seats only (taken ones too, so that they can be heard).
 * Left/right: the next seat in the row, on into the neighbouring row at the row's end, so that
 * left/right alone reach every seat. Up/down: the nearest seat in the same column in that direction
 * (over a door or stairs); where that column has none, the nearest column of the next seat row.
 * Home/End: the row's first and last seat. At the edge of the plan focus stays.
 */
export function nextSeat(layout: SeatPlanLayout, from: string, key: SeatKey): string {
  const { seats, byLabel } = parseSeatPlan(layout)
  const at = byLabel.get(from)
  if (!at) return seats[0]?.label ?? from
  const index = seats.indexOf(at)
  const sameRow = seats.filter((s) => s.gridRow === at.gridRow)
  switch (key) {
    case 'ArrowLeft':
      return seats[index - 1]?.label ?? from
    case 'ArrowRight':
      return seats[index + 1]?.label ?? from
    case 'Home':
      return sameRow[0]?.label ?? from
    case 'End':
      return sameRow.at(-1)?.label ?? from
    case 'ArrowUp':
    case 'ArrowDown': {
      const ahead = key === 'ArrowUp' ? seats.filter((s) => s.gridRow < at.gridRow).reverse() : seats.filter((s) => s.gridRow > at.gridRow)
      const straight = ahead.find((s) => s.gridColumn === at.gridColumn)
      if (straight) return straight.label
      const nextRow = ahead[0]?.gridRow
      const candidates = ahead.filter((s) => s.gridRow === nextRow)
      candidates.sort((a, b) => Math.abs(a.gridColumn - at.gridColumn) - Math.abs(b.gridColumn - at.gridColumn) || a.gridColumn - b.gridColumn)
      return candidates[0]?.label ?? from
    }
  }
}
