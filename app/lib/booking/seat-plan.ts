// The bus seat plan (seat_plans.layout): which seats can be sold, what each seat is called for a
// screen reader, where arrow keys move, and "Plätze automatisch wählen" (seats side by side).
import type { z } from 'zod'
import type { seatPlanLayoutSchema } from './offer'

export type SeatPlanLayout = z.infer<typeof seatPlanLayoutSchema>

export const SEAT_STATES = ['free', 'taken', 'held', 'mine'] as const
export type SeatState = (typeof SEAT_STATES)[number]

export const SEAT_STATE_LABELS = {
  free: 'frei',
  taken: 'belegt',
  held: 'vorübergehend reserviert',
  mine: 'Ihr Platz',
} as const satisfies Record<SeatState, string>

/** Seats that can be sold: seat cells with a label that are not blocked. */
export function sellableSeats(layout: SeatPlanLayout): Set<string> {
  const out = new Set<string>()
  for (const row of layout) for (const cell of row) if (cell.kind === 'seat' && cell.seat && !cell.blocked) out.add(cell.seat)
  return out
}

export function bookableSeatCount(layout: SeatPlanLayout): number {
  return sellableSeats(layout).size
}

export type SeatPosition = 'Fenster' | 'Gang' | 'Mitte'

export type SeatCellInfo = { label: string; row: number; column: number; rowNumber: string; letter: string; position: SeatPosition; blocked: boolean }

/** Every seat cell with its place in the grid, row number, letter and whether it is by the window or the aisle. */
export function seatCells(layout: SeatPlanLayout): SeatCellInfo[] {
  const out: SeatCellInfo[] = []
  layout.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell.kind !== 'seat' || !cell.seat) return
      const match = /^(\d+)([A-Z]*)$/.exec(cell.seat)
      const byAisle = row[c - 1]?.kind === 'aisle' || row[c + 1]?.kind === 'aisle'
      const byWall = c === 0 || c === row.length - 1
      out.push({
        label: cell.seat,
        row: r,
        column: c,
        rowNumber: match?.[1] ?? cell.seat,
        letter: match?.[2] ?? '',
        position: byWall ? 'Fenster' : byAisle ? 'Gang' : 'Mitte',
        blocked: cell.blocked === true,
      })
    })
  })
  return out
}

/**
 * "Platz 3C, Reihe 3, Fenster, frei" – and whose it is when it belongs to this booking. The name
 * starts with the label printed on the seat, so speech input can say what it sees (WCAG 2.5.3).
 */
export function seatName(seat: Pick<SeatCellInfo, 'label' | 'rowNumber' | 'position'>, state: SeatState, owner?: string): string {
  return `Platz ${seat.label}, Reihe ${seat.rowNumber}, ${seat.position}, ${state === 'mine' && owner ? `Platz von ${owner}` : SEAT_STATE_LABELS[state]}`
}

/**
 * `count` free seats side by side: all in one row next to each other (not across the aisle) if any
 * row allows it, then one row across the aisle, then consecutive rows, rows nearer the front first;
 * else the first free seats. Null when fewer than `count` seats are free.
 */
export function autoPick(layout: SeatPlanLayout, unavailable: ReadonlySet<string>, count: number): string[] | null {
  if (count <= 0) return []
  const free = (cell: SeatPlanLayout[number][number]) => cell.kind === 'seat' && cell.seat && !cell.blocked && !unavailable.has(cell.seat)
  const rows = layout.map((row) => row.flatMap((cell) => (free(cell) && cell.seat ? [cell.seat] : [])))
  if (rows.flat().length < count) return null
  // 1. adjacent in one row: runs of free seats not interrupted by any other cell
  for (const row of layout) {
    let run: string[] = []
    for (const cell of row) {
      if (free(cell) && cell.seat) {
        run.push(cell.seat)
        if (run.length === count) return run
      } else run = []
    }
  }
  // 2. one row, across the aisle
  const oneRow = rows.find((row) => row.length >= count)
  if (oneRow) return oneRow.slice(0, count)
  // 3. consecutive rows from the front
  for (let start = 0; start < rows.length; start++) {
    const picked: string[] = []
    for (let r = start; r < rows.length && picked.length < count; r++) {
      if ((rows[r] ?? []).length === 0) break
      picked.push(...(rows[r] ?? []).slice(0, count - picked.length))
    }
    if (picked.length === count) return picked
  }
  return rows.flat().slice(0, count)
}

export type SeatKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End'

/** Where focus goes from a seat: arrows move to the nearest seat in that direction, Home/End to the row's ends. */
export function nextSeat(layout: SeatPlanLayout, from: string, key: SeatKey): string {
  const cells = seatCells(layout)
  const at = cells.find((c) => c.label === from)
  if (!at) return cells[0]?.label ?? from
  const sameRow = cells.filter((c) => c.row === at.row)
  switch (key) {
    case 'ArrowLeft':
      return [...cells].reverse().find((c) => c.row === at.row && c.column < at.column)?.label ?? [...cells].reverse().find((c) => c.row < at.row)?.label ?? from
    case 'ArrowRight':
      return cells.find((c) => c.row === at.row && c.column > at.column)?.label ?? cells.find((c) => c.row > at.row)?.label ?? from
    case 'Home':
      return sameRow[0]?.label ?? from
    case 'End':
      return sameRow.at(-1)?.label ?? from
    case 'ArrowUp':
    case 'ArrowDown': {
      const rowsInDirection = [...new Set(cells.map((c) => c.row))].filter((r) => (key === 'ArrowUp' ? r < at.row : r > at.row))
      const target = key === 'ArrowUp' ? rowsInDirection.at(-1) : rowsInDirection[0]
      if (target === undefined) return from
      const candidates = cells.filter((c) => c.row === target)
      candidates.sort((a, b) => Math.abs(a.column - at.column) - Math.abs(b.column - at.column) || a.column - b.column)
      return candidates[0]?.label ?? from
    }
  }
}
