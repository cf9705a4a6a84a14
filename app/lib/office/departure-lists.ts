// The office's departures (issue 25, item 6; DESIGN 11): per trip date the places booked, held and
// free, whether the minimum number of participants is reached, and the lists a departure needs:
// the Busliste (seat plan with names), the Zustiegsliste (per boarding point in departure order),
// the Rooming-Liste for the hotel, the Transferliste (door-to-door pickups) and the travellers'
// special needs. Pure: the server reads a departure (`Departure`), these rules order, group and
// word it; the PDF, the CSV and the page only lay it out.
import * as z from 'zod/mini'
import type { BookableStatus } from '../bookable'
import { DEPARTURE_GUARANTEED, FEW_PLACES, SOLD_OUT, bookableAction, bookableLabel } from '../bookable'
import { MOBILITY_AIDS, MOBILITY_LABELS } from '../booking/draft'
import { ROOM_LABELS } from '../booking/offer'
import type { RoomType } from '../booking/offer'
import { parseSeatPlan } from '../booking/seat-plan'
import type { SeatPlanLayout } from '../booking/seat-plan'
import { minParticipantsDeadline } from '../booking/trip-terms'
import { compareGerman, countOf, formatDate, formatDateRange, formatDateTime } from '../format'
import { MAX_ID } from '../ids'
import { findTransferZone } from '../transfer-zones'
import type { TransferZoneLike } from '../transfer-zones'
import { csvNumber } from './csv'
import type { CsvCell } from './csv'

// ---------------------------------------------------------------------------------------------
// The list page's filter: `/buero/termine/?von=…&bis=…&reise=…&belegt=true&seite=2`
// ---------------------------------------------------------------------------------------------

export const DEPARTURES_PER_PAGE = 50

const day = z.optional(z.catch(z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined))

/** Every parameter optional, a wrong one dropped (the list then shows more, never an error page). */
export const departureListSearchSchema = z.object({
  /** First departure day shown; without it, today. */
  von: day,
  bis: day,
  reise: z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_ID))), undefined)),
  /** Only dates that have at least one booking. */
  belegt: z.optional(z.catch(z.optional(z.boolean()), undefined)),
  seite: z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))), undefined)),
})
export type DepartureListSearch = z.infer<typeof departureListSearchSchema>

/** The departure days the list shows: from `von` (today when not given) up to `bis`. */
export function departureRange(search: Pick<DepartureListSearch, 'von' | 'bis'>, today: string): { from: string; till: string | null } {
  return { from: search.von ?? today, till: search.bis ?? null }
}

// ---------------------------------------------------------------------------------------------
// The lists and their files: `/buero/termine/{id}/{liste}.{pdf|csv}`
// ---------------------------------------------------------------------------------------------

export const DEPARTURE_LISTS = ['busliste', 'zustiegsliste', 'rooming-liste', 'transferliste', 'besondere-beduerfnisse'] as const
export type DepartureList = (typeof DEPARTURE_LISTS)[number]

export const DEPARTURE_LIST_LABELS = {
  busliste: 'Busliste',
  zustiegsliste: 'Zustiegsliste',
  'rooming-liste': 'Rooming-Liste',
  transferliste: 'Transferliste',
  'besondere-beduerfnisse': 'Besondere Bedürfnisse',
} as const satisfies Record<DepartureList, string>

export const DEPARTURE_LIST_DESCRIPTIONS = {
  busliste: 'Sitzplan mit Namen und die Plätze als Tabelle, für Fahrer und Reiseleitung',
  zustiegsliste: 'je Zustiegsstelle in Abfahrtsfolge: Uhrzeit, Namen, Platz, Telefon',
  'rooming-liste': 'je Zimmer: Zimmerart und Namen, für das Hotel',
  transferliste: 'Haustürtransfers mit Anschrift, nach Zone und Postleitzahl',
  'besondere-beduerfnisse': 'Reisende mit Rollator oder Rollstuhl, und die Notizen des Büros zu ihren Buchungen',
} as const satisfies Record<DepartureList, string>

/** The lists a departure offers: a day trip sleeps in no hotel, so it has no Rooming-Liste. */
export function departureLists(durationDays: number): readonly DepartureList[] {
  return durationDays > 1 ? DEPARTURE_LISTS : DEPARTURE_LISTS.filter((list) => list !== 'rooming-liste')
}

export const LIST_FORMATS = ['pdf', 'csv'] as const
export type ListFormat = (typeof LIST_FORMATS)[number]

export function listFileName(list: DepartureList, format: ListFormat): string {
  return `${list}.${format}`
}

/** 'busliste.pdf' → the list and the format; anything else (another name, another ending, a path) → null. */
export function parseListFile(file: string): { list: DepartureList; format: ListFormat } | null {
  const match = /^([a-z-]+)\.([a-z]+)$/.exec(file)
  if (!match) return null
  const list = DEPARTURE_LISTS.find((l) => l === match[1])
  const format = LIST_FORMATS.find((f) => f === match[2])
  return list && format ? { list, format } : null
}

/** The name a downloaded list is saved under: 'busliste-B00012-270312.pdf' (the date's code, made safe). */
export function downloadName(list: DepartureList, format: ListFormat, code: string): string {
  const safe = code.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')
  return `${list}${safe ? `-${safe}` : ''}.${format}`
}

// ---------------------------------------------------------------------------------------------
// What the server reads of one departure
// ---------------------------------------------------------------------------------------------

export type MobilityAid = (typeof MOBILITY_AIDS)[number]

export type DepartureFacts = {
  id: number
  tripId: number
  tripTitle: string
  /** The date's code ('B00012-270312'). */
  code: string
  /** 'YYYY-MM-DD' */
  dateFrom: string
  dateTill: string
  durationDays: number
  bookable: BookableStatus
  capacity: number
  minParticipants: number | null
  minParticipantsDays: number | null
  seatPlanName: string | null
  layout: SeatPlanLayout | null
}

/** A traveller of a booking with status 'received' (cancelled bookings are not read). */
export type DepartureTraveller = {
  bookingNumber: string
  /** The room of the booking the traveller sleeps in (index into the booking's rooms). */
  roomIndex: number
  /** That room's type as booked; null when the booking does not say. */
  roomType: RoomType | null
  firstname: string
  lastname: string
  buchender: boolean
  seat: string | null
  boardingPointId: number | null
  /** Haustürtransfer from this postcode, instead of a boarding point. */
  transferZip: string | null
  mobility: MobilityAid
  /** The booking's phone number (only the booking person's contact details are kept). */
  phone: string
  /** The booking person's address (the only address a booking keeps); null when it has none. */
  bookerAddress: { street: string; streetNr: string; zip: string; city: string } | null
}

export type DepartureBoardingPoint = {
  id: number
  name: string
  street: string
  zip: string
  city: string
  note: string | null
  /** 'HH:MM' at this trip; null for a point a traveller booked that the trip no longer lists. */
  departureTime: string | null
}

/** A seat reserved on the date: by a booking with status 'received', or held by a draft right now. */
export type SeatReservation = { seat: string; state: 'booked' | 'held' }

/** A note the office wrote on a booking of the date (an entry of the booking's audit log). */
export type DepartureNote = { bookingNumber: string; at: string; author: string | null; text: string }

export type Departure = {
  facts: DepartureFacts
  /** The trip's boarding points, and any other a traveller booked (without a time at this trip). */
  points: DepartureBoardingPoint[]
  zones: TransferZoneLike[]
  travellers: DepartureTraveller[]
  reservations: SeatReservation[]
  /** The office's notes on the date's bookings, oldest first. */
  notes: DepartureNote[]
}

// ---------------------------------------------------------------------------------------------
// Places and the minimum number of participants
// ---------------------------------------------------------------------------------------------

export type PlaceCounts = { capacity: number; booked: number; held: number; free: number }

/**
 * Places of a date. Booked: the travellers of bookings with status 'received'. With a seat plan,
 * held are the seats drafts hold right now and free the sellable seats nobody has (as the public
 * seat plan counts them); without one, nothing is held and free is the capacity left.
 */
export function placeCounts(capacity: number, layout: SeatPlanLayout | null, booked: number, reservations: readonly SeatReservation[]): PlaceCounts {
  if (!layout) return { capacity, booked, held: 0, free: Math.max(0, capacity - booked) }
  const sellable = new Set(parseSeatPlan(layout).seats.flatMap((s) => (s.blocked ? [] : [s.label])))
  const bookedSeats = new Set(reservations.flatMap((r) => (r.state === 'booked' && sellable.has(r.seat) ? [r.seat] : [])))
  const heldSeats = new Set(reservations.flatMap((r) => (r.state === 'held' && sellable.has(r.seat) && !bookedSeats.has(r.seat) ? [r.seat] : [])))
  return { capacity: sellable.size, booked, held: heldSeats.size, free: sellable.size - bookedSeats.size - heldSeats.size }
}

export type MinimumState =
  | { kind: 'none' }
  /** Status 4, Durchführungsgarantie: the departure has no minimum. */
  | { kind: 'guaranteed' }
  | { kind: 'reached'; minimum: number; deadline: string | null }
  /** `missing` more travellers needed; `overdue` once the day to call the trip off has passed. */
  | { kind: 'missing'; minimum: number; deadline: string | null; missing: number; overdue: boolean }

export function minimumState(
  facts: Pick<DepartureFacts, 'minParticipants' | 'minParticipantsDays' | 'bookable' | 'dateFrom'>,
  booked: number,
  today: string,
): MinimumState {
  if (facts.bookable === DEPARTURE_GUARANTEED) return { kind: 'guaranteed' }
  const minimum = facts.minParticipants
  if (minimum === null) return { kind: 'none' }
  const deadline = minParticipantsDeadline({ minParticipants: minimum, minParticipantsDays: facts.minParticipantsDays }, facts.dateFrom)
  if (booked >= minimum) return { kind: 'reached', minimum, deadline }
  return { kind: 'missing', minimum, deadline, missing: minimum - booked, overdue: deadline !== null && today > deadline }
}

/**
 * The date's status in the shop, as the catalogue sets it, with what the seats say where the two
 * disagree: a date the catalogue calls sold out can still have free places (closed by hand), and
 * one open for booking can have none left (the shop then refuses every booking).
 */
export function shopStatus(bookable: BookableStatus, free: number): string {
  const label = bookableLabel(bookable)
  if (bookable === SOLD_OUT && free > 0) return `${label} (im Shop gesperrt, ${countOf(free, 'Platz', 'Plätze')} frei)`
  if (bookableAction(bookable) === 'book' && free === 0) return `${label} im Katalog, aber kein Platz mehr frei`
  // "Few places left" is the catalogue's word for the customers; the office sees how many.
  if (bookable === FEW_PLACES) return `${label} (im Katalog; ${countOf(free, 'Platz', 'Plätze')} frei)`
  return label
}

/** A short word for the list's column. */
export function minimumShort(state: MinimumState): string {
  switch (state.kind) {
    case 'none':
      return 'keine'
    case 'guaranteed':
      return 'Garantie'
    case 'reached':
      return 'erreicht'
    case 'missing':
      return `es ${state.missing === 1 ? 'fehlt' : 'fehlen'} ${countOf(state.missing, 'Person', 'Personen')}${state.overdue ? ' (Frist abgelaufen)' : ''}`
  }
}

/** The whole sentence, for the departure's page and the lists' heads. */
export function minimumText(state: MinimumState): string {
  const until = (deadline: string | null) => (deadline ? ` Entscheidung über die Durchführung bis ${formatDate(deadline)}.` : '')
  switch (state.kind) {
    case 'none':
      return 'Für diese Reise gibt es keine Mindestteilnehmerzahl.'
    case 'guaranteed':
      return 'Durchführungsgarantie: Der Termin findet in jedem Fall statt.'
    case 'reached':
      return `Die Mindestteilnehmerzahl von ${countOf(state.minimum, 'Person', 'Personen')} ist erreicht.${until(state.deadline)}`
    case 'missing': {
      const gap = `Die Mindestteilnehmerzahl von ${countOf(state.minimum, 'Person', 'Personen')} ist noch nicht erreicht: es ${state.missing === 1 ? 'fehlt' : 'fehlen'} ${countOf(state.missing, 'Person', 'Personen')}.`
      if (state.overdue && state.deadline) return `${gap} Die Frist für die Absage endete am ${formatDate(state.deadline)}.`
      return `${gap}${until(state.deadline)}`
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Names, order and the words of each traveller's line
// ---------------------------------------------------------------------------------------------

/** 'Becker, Anna': lists for the bus and the hotel are read by the last name. */
export function travellerName(t: Pick<DepartureTraveller, 'firstname' | 'lastname'>): string {
  const first = t.firstname.trim()
  const last = t.lastname.trim()
  return first && last ? `${last}, ${first}` : last || first
}

/** By last name, then first name (German alphabetical order), then booking. */
export function compareTravellers(a: DepartureTraveller, b: DepartureTraveller): number {
  return compareGerman(a.lastname, b.lastname) || compareGerman(a.firstname, b.firstname) || a.bookingNumber.localeCompare(b.bookingNumber)
}

/** 'Rollstuhl', or '' for none. */
export function mobilityNote(t: Pick<DepartureTraveller, 'mobility'>): string {
  return t.mobility === 'keine' ? '' : MOBILITY_LABELS[t.mobility]
}

/** By departure time, then name; points without a time (no longer the trip's) after them. */
export function comparePoints(a: DepartureBoardingPoint, b: DepartureBoardingPoint): number {
  if (a.departureTime !== b.departureTime) {
    if (a.departureTime === null) return 1
    if (b.departureTime === null) return -1
    return a.departureTime < b.departureTime ? -1 : 1
  }
  return compareGerman(a.name, b.name) || a.id - b.id
}

/** Where a traveller gets on: '05:30 Uhr Bielefeld Hauptbahnhof', 'Haustürtransfer ab 33602', or ''. */
export function boardingLabel(t: Pick<DepartureTraveller, 'boardingPointId' | 'transferZip'>, points: readonly DepartureBoardingPoint[]): string {
  if (t.transferZip) return `Haustürtransfer ab ${t.transferZip}`
  const point = points.find((p) => p.id === t.boardingPointId)
  if (!point) return ''
  return point.departureTime ? `${point.departureTime} Uhr ${point.name}` : point.name
}

// ---------------------------------------------------------------------------------------------
// The seat plan with names
// ---------------------------------------------------------------------------------------------

export const SEAT_VIEW_STATES = ['booked', 'held', 'free', 'blocked'] as const
export type SeatViewState = (typeof SEAT_VIEW_STATES)[number]
export const SEAT_VIEW_LABELS = {
  booked: 'belegt',
  held: 'vorübergehend reserviert',
  free: 'frei',
  blocked: 'gesperrt',
} as const satisfies Record<SeatViewState, string>

export const CELL_LABELS = {
  aisle: 'Gang',
  driver: 'Fahrer',
  guide: 'Reiseleitung',
  door: 'Tür',
  wc: 'WC',
  stairs: 'Treppe',
  empty: '',
} as const

export type SeatPlanCellView =
  | { kind: 'seat'; label: string; state: SeatViewState; name: string | null; bookingNumber: string | null; mobility: string }
  | { kind: keyof typeof CELL_LABELS }

/** One seat row, front to back; `row` is the number printed on its seats. */
export type SeatPlanRowView = { row: number; cells: SeatPlanCellView[] }
export type SeatPlanView = { columns: number; rows: SeatPlanRowView[] }

/**
 * The seat plan as rows of cells from left to right (rows without seats, such as the driver's, are
 * left out), each seat with its state and the traveller who has it.
 */
export function seatPlanView(layout: SeatPlanLayout, travellers: readonly DepartureTraveller[], reservations: readonly SeatReservation[]): SeatPlanView {
  const grid = parseSeatPlan(layout)
  const bySeat = new Map<string, DepartureTraveller>()
  for (const t of travellers) if (t.seat && !bySeat.has(t.seat)) bySeat.set(t.seat, t)
  const reserved = new Map<string, SeatReservation['state']>()
  for (const r of reservations) if (reserved.get(r.seat) !== 'booked') reserved.set(r.seat, r.state)
  const rows: SeatPlanRowView[] = []
  layout.forEach((cells, r) => {
    if (grid.seatRowIndex[r] === null || grid.seatRowIndex[r] === undefined) return
    const first = grid.seats.find((s) => s.gridRow === r)
    const view: SeatPlanCellView[] = []
    for (let c = 0; c < grid.columns; c++) {
      const cell = cells[c]
      if (!cell) {
        view.push({ kind: 'empty' })
        continue
      }
      if (cell.kind !== 'seat' || !cell.seat) {
        view.push({ kind: cell.kind === 'seat' ? 'empty' : cell.kind })
        continue
      }
      const traveller = bySeat.get(cell.seat)
      const state: SeatViewState = traveller || reserved.get(cell.seat) === 'booked' ? 'booked' : cell.blocked ? 'blocked' : reserved.get(cell.seat) === 'held' ? 'held' : 'free'
      view.push({
        kind: 'seat',
        label: cell.seat,
        state,
        name: traveller ? travellerName(traveller) : null,
        bookingNumber: traveller?.bookingNumber ?? null,
        mobility: traveller ? mobilityNote(traveller) : '',
      })
    }
    rows.push({ row: first?.row ?? rows.length + 1, cells: view })
  })
  return { columns: grid.columns, rows }
}

/**
 * A heading per column of the plan: the letter most of its seats have ('A'), or what most of its
 * cells are ('Gang'); '' for a column that has neither.
 */
export function seatPlanColumnHeaders(plan: SeatPlanView): string[] {
  return Array.from({ length: plan.columns }, (_, c) => {
    const counts = new Map<string, number>()
    for (const row of plan.rows) {
      const cell = row.cells[c]
      const word = !cell ? '' : cell.kind === 'seat' ? cell.label.replace(/^\d+\s*/, '') : CELL_LABELS[cell.kind]
      if (word) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
    let best = ''
    for (const [word, n] of counts) if (n > (counts.get(best) ?? 0)) best = word
    return best
  })
}

/** What a seat says in words (the page's cell, the PDF's box): the traveller, or its state. */
export function seatText(cell: Extract<SeatPlanCellView, { kind: 'seat' }>): string {
  return cell.name ?? SEAT_VIEW_LABELS[cell.state]
}

// ---------------------------------------------------------------------------------------------
// The lists as documents: a title, lines under it, tables, and the same rows for the CSV
// ---------------------------------------------------------------------------------------------

/** `share`: the part of the page's width the column takes in the PDF. */
export type ListColumn = { header: string; share: number }

export type ListTable = {
  /** A group's heading (a boarding point, a zone); null for the list's only table. */
  heading: string | null
  /** Lines under the heading (an address, a note, the count). */
  lines: string[]
  columns: ListColumn[]
  /** A cell of several names or notes has them on lines of their own ('\n' between them). */
  rows: string[][]
  /** What the table says when it has no rows. */
  empty: string
}

export type ListDocument = {
  list: DepartureList
  title: string
  /** Lines under the title: what the list holds, in numbers. */
  summary: string[]
  /** The Busliste's seat plan, drawn before its tables. */
  seatPlan: SeatPlanView | null
  tables: ListTable[]
  /** The rows for `toCsv`: the counts as numbers, everything else text. */
  csv: { header: string[]; rows: CsvCell[][] }
}

/** The facts every list names at its head: the trip, the days, the date's code. */
export function departureHeadline(facts: Pick<DepartureFacts, 'tripTitle' | 'dateFrom' | 'dateTill' | 'code'>): string {
  return `${facts.tripTitle} · ${formatDateRange(facts.dateFrom, facts.dateTill)} · ${facts.code}`
}

const sorted = (travellers: readonly DepartureTraveller[]) => [...travellers].sort(compareTravellers)

function travellerCount(n: number): string {
  return countOf(n, 'Person', 'Personen')
}

/** Busliste: per seat row the seats with names, then the table seat → name, then those without a seat. */
export function busList(d: Departure): ListDocument {
  const plan = d.facts.layout ? seatPlanView(d.facts.layout, d.travellers, d.reservations) : null
  const grid = d.facts.layout ? parseSeatPlan(d.facts.layout) : null
  const position = (seat: string | null) => {
    const info = seat ? grid?.byLabel.get(seat) : undefined
    return info ? info.gridRow * 1000 + info.gridColumn : Number.MAX_SAFE_INTEGER
  }
  const seated = d.travellers.filter((t) => t.seat && grid?.byLabel.has(t.seat))
  const bySeat = [...seated].sort((a, b) => position(a.seat) - position(b.seat) || compareTravellers(a, b))
  const unseated = sorted(d.travellers.filter((t) => !seated.includes(t)))
  const columns: ListColumn[] = [
    { header: 'Platz', share: 0.1 },
    { header: 'Name', share: 0.3 },
    { header: 'Zustieg', share: 0.3 },
    { header: 'Buchung', share: 0.17 },
    { header: 'Hinweis', share: 0.13 },
  ]
  const row = (t: DepartureTraveller) => [t.seat ?? '', travellerName(t), boardingLabel(t, d.points), t.bookingNumber, mobilityNote(t)]
  const tables: ListTable[] = []
  if (plan) tables.push({ heading: 'Plätze und Namen', lines: [], columns, rows: bySeat.map(row), empty: 'Noch ist kein Platz gebucht.' })
  if (!plan || unseated.length) {
    tables.push({
      heading: plan ? 'Reisende ohne Platz im Sitzplan' : 'Reisende',
      lines: plan ? [] : ['Dieser Termin hat keinen Sitzplan.'],
      columns,
      rows: unseated.map(row),
      empty: 'Für diesen Termin gibt es keine Buchung.',
    })
  }

  const csvRows: CsvCell[][] = []
  if (plan) {
    for (const r of plan.rows) {
      for (const cell of r.cells) {
        if (cell.kind !== 'seat') continue
        const t = seated.find((s) => s.seat === cell.label)
        csvRows.push([csvNumber(r.row), cell.label, SEAT_VIEW_LABELS[cell.state], t ? travellerName(t) : '', t ? boardingLabel(t, d.points) : '', t?.bookingNumber ?? '', t ? mobilityNote(t) : ''])
      }
    }
  }
  for (const t of unseated) csvRows.push(['', '', 'ohne Sitzplatz', travellerName(t), boardingLabel(t, d.points), t.bookingNumber, mobilityNote(t)])

  const counts = placeCounts(d.facts.capacity, d.facts.layout, d.travellers.length, d.reservations)
  return {
    list: 'busliste',
    title: DEPARTURE_LIST_LABELS.busliste,
    summary: [
      `${travellerCount(d.travellers.length)}${plan ? `; ${countOf(counts.free, 'Platz', 'Plätze')} frei, ${counts.held} vorübergehend reserviert` : ''}`,
      ...(d.facts.seatPlanName ? [`Bus: ${d.facts.seatPlanName}`] : []),
    ],
    seatPlan: plan,
    tables,
    csv: { header: ['Reihe', 'Platz', 'Status', 'Name', 'Zustieg', 'Buchungsnummer', 'Hilfsmittel'], rows: csvRows },
  }
}

type BoardingGroup = {
  kind: 'point' | 'transfer' | 'none'
  heading: string
  lines: string[]
  travellers: DepartureTraveller[]
  time: string
  place: string
  address: string
}

/** The Zustiegsliste's groups: the trip's points in departure order, then transfers, then those with neither. */
export function boardingGroups(d: Departure): BoardingGroup[] {
  const points = [...d.points]
  // A point a traveller booked that the trip no longer lists is still where that traveller waits.
  for (const t of d.travellers) {
    if (t.boardingPointId !== null && !t.transferZip && !points.some((p) => p.id === t.boardingPointId)) {
      points.push({ id: t.boardingPointId, name: 'Unbekannte Zustiegsstelle', street: '', zip: '', city: '', note: null, departureTime: null })
    }
  }
  points.sort(comparePoints)
  const groups: BoardingGroup[] = []
  for (const p of points) {
    const here = sorted(d.travellers.filter((t) => !t.transferZip && t.boardingPointId === p.id))
    const address = [p.street, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    groups.push({
      kind: 'point',
      heading: p.departureTime ? `${p.departureTime} Uhr · ${p.name}` : `${p.name} (nicht im Fahrplan dieser Reise)`,
      lines: [address, p.note ?? '', here.length ? countOf(here.length, 'Zustieg', 'Zustiege') : ''].filter(Boolean),
      travellers: here,
      time: p.departureTime ?? '',
      place: p.name,
      address,
    })
  }
  const transfers = sorted(d.travellers.filter((t) => t.transferZip))
  if (transfers.length) {
    groups.push({
      kind: 'transfer',
      heading: 'Haustürtransfer',
      lines: ['Abholung zu Hause, siehe Transferliste', countOf(transfers.length, 'Zustieg', 'Zustiege')],
      travellers: transfers,
      time: '',
      place: 'Haustürtransfer',
      address: '',
    })
  }
  const nowhere = sorted(d.travellers.filter((t) => !t.transferZip && t.boardingPointId === null))
  if (nowhere.length) {
    groups.push({ kind: 'none', heading: 'Ohne Zustiegsstelle', lines: [travellerCount(nowhere.length)], travellers: nowhere, time: '', place: 'ohne Zustiegsstelle', address: '' })
  }
  return groups
}

/** Zustiegsliste: per boarding point in departure order the time, names, seat and phone, and the count. */
export function boardingList(d: Departure): ListDocument {
  const groups = boardingGroups(d)
  const columns: ListColumn[] = [
    { header: 'Name', share: 0.3 },
    { header: 'Platz', share: 0.1 },
    { header: 'Telefon', share: 0.22 },
    { header: 'Buchung', share: 0.2 },
    { header: 'Hinweis', share: 0.18 },
  ]
  const withPeople = groups.filter((g) => g.kind === 'point' && g.travellers.length > 0).length
  return {
    list: 'zustiegsliste',
    title: DEPARTURE_LIST_LABELS.zustiegsliste,
    summary: [`${travellerCount(d.travellers.length)} an ${countOf(withPeople, 'Zustiegsstelle', 'Zustiegsstellen')}`],
    seatPlan: null,
    tables: groups.map((g) => ({
      heading: g.heading,
      lines: g.lines,
      columns,
      rows: g.travellers.map((t) => [travellerName(t), t.transferZip ? `${t.seat ?? ''} (PLZ ${t.transferZip})`.trim() : (t.seat ?? ''), t.phone, t.bookingNumber, mobilityNote(t)]),
      empty: 'Hier steigt niemand zu.',
    })),
    csv: {
      header: ['Abfahrt', 'Zustiegsstelle', 'Anschrift', 'Zustiege hier', 'Name', 'Platz', 'Telefon', 'Buchungsnummer', 'Hilfsmittel'],
      rows: groups.flatMap((g) =>
        g.travellers.map((t) => [g.time, g.place, g.address, csvNumber(g.travellers.length), travellerName(t), t.seat ?? '', t.phone, t.bookingNumber, mobilityNote(t)]),
      ),
    },
  }
}

export type Room = { number: number; type: RoomType | null; travellers: DepartureTraveller[]; bookingNumber: string }

/** The rooms of a departure (day trips' 'OHNE' left out), numbered in the order of their first traveller's name. */
export function rooms(d: Departure): Room[] {
  const byKey = new Map<string, Omit<Room, 'number'>>()
  for (const t of d.travellers) {
    if (t.roomType === 'OHNE') continue
    const key = `${t.bookingNumber}\u0000${t.roomIndex}`
    const room = byKey.get(key) ?? { type: t.roomType, travellers: [], bookingNumber: t.bookingNumber }
    room.travellers.push(t)
    byKey.set(key, room)
  }
  // Within a room the booking's order stays (the booking person first where it is theirs).
  const list = [...byKey.values()].map((r) => ({ ...r, first: sorted(r.travellers)[0] }))
  list.sort((a, b) => (a.first && b.first ? compareTravellers(a.first, b.first) : 0))
  return list.map(({ first: _first, ...r }, i) => ({ ...r, number: i + 1 }))
}

const ROOM_TYPE_ORDER: readonly RoomType[] = ['DZ', 'EZ']

/** Rooming-Liste: per room its type and names, with the count of each type. */
export function roomingList(d: Departure): ListDocument {
  const all = rooms(d)
  const perType = ROOM_TYPE_ORDER.map((type) => [type, all.filter((r) => r.type === type).length] as const).filter(([, n]) => n > 0)
  const unknown = all.filter((r) => r.type === null).length
  const typeLabel = (type: RoomType | null) => (type ? ROOM_LABELS[type] : 'Zimmerart unbekannt')
  const people = all.reduce((n, r) => n + r.travellers.length, 0)
  const summary = all.length
    ? [
        `${countOf(all.length, 'Zimmer', 'Zimmer')} für ${countOf(people, 'Person', 'Personen')}: ${[
          ...perType.map(([type, n]) => `${n} × ${ROOM_LABELS[type]}`),
          ...(unknown ? [`${unknown} × Zimmerart unbekannt`] : []),
        ].join(', ')}`,
      ]
    : ['Für diesen Termin ist kein Zimmer gebucht.']
  return {
    list: 'rooming-liste',
    title: DEPARTURE_LIST_LABELS['rooming-liste'],
    summary,
    seatPlan: null,
    tables: [
      {
        heading: null,
        lines: [],
        columns: [
          { header: 'Nr.', share: 0.07 },
          { header: 'Zimmerart', share: 0.18 },
          { header: 'Reisende', share: 0.4 },
          { header: 'Buchung', share: 0.17 },
          { header: 'Hinweis', share: 0.18 },
        ],
        rows: all.map((r) => [
          String(r.number),
          typeLabel(r.type),
          r.travellers.map(travellerName).join('\n'),
          r.bookingNumber,
          r.travellers
            .filter((t) => t.mobility !== 'keine')
            .map((t) => `${mobilityNote(t)} (${t.firstname})`)
            .join('\n'),
        ]),
        empty: d.facts.durationDays <= 1 ? 'Tagesfahrt ohne Übernachtung: keine Zimmer.' : 'Noch ist kein Zimmer gebucht.',
      },
    ],
    csv: {
      header: ['Zimmer', 'Zimmerart', 'Name 1', 'Name 2', 'Buchungsnummer', 'Hilfsmittel'],
      rows: all.map((r) => [
        csvNumber(r.number),
        typeLabel(r.type),
        r.travellers[0] ? travellerName(r.travellers[0]) : '',
        r.travellers[1] ? travellerName(r.travellers[1]) : '',
        r.bookingNumber,
        r.travellers
          .filter((t) => t.mobility !== 'keine')
          .map((t) => `${mobilityNote(t)}: ${travellerName(t)}`)
          .join(', '),
      ]),
    },
  }
}

export type Pickup = { zip: string; address: string; travellers: DepartureTraveller[]; phone: string; bookingNumber: string }
export type PickupZone = { zone: string; pickups: Pickup[] }

/**
 * The door-to-door pickups: one per booking and postcode (the travellers of a booking who are
 * picked up at one postcode wait together), grouped by transfer zone, by postcode within a zone.
 * The address is the booking person's when their postcode is the pickup's; a booking keeps no
 * other address, so otherwise only the postcode is known.
 */
export function pickupZones(d: Departure): PickupZone[] {
  const pickups = new Map<string, Pickup>()
  for (const t of sorted(d.travellers.filter((x) => x.transferZip))) {
    const zip = t.transferZip ?? ''
    const key = `${t.bookingNumber}\u0000${zip}`
    const address = t.bookerAddress && t.bookerAddress.zip === zip ? t.bookerAddress : null
    const pickup = pickups.get(key) ?? {
      zip,
      address: address ? `${`${address.street} ${address.streetNr}`.trim()}, ${address.zip} ${address.city}`.trim() : `nur Postleitzahl ${zip} bekannt`,
      travellers: [],
      phone: t.phone,
      bookingNumber: t.bookingNumber,
    }
    pickup.travellers.push(t)
    pickups.set(key, pickup)
  }
  const zones = new Map<number | null, PickupZone & { order: number }>()
  for (const pickup of pickups.values()) {
    const match = findTransferZone(d.zones, pickup.zip)
    const id = match?.zone.id ?? null
    const zone = zones.get(id) ?? { zone: match?.zone.name ?? 'Ohne Transferzone', pickups: [], order: id ?? Number.MAX_SAFE_INTEGER }
    zone.pickups.push(pickup)
    zones.set(id, zone)
  }
  return [...zones.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ zone, pickups: list }) => ({
      zone,
      pickups: list.sort((a, b) => a.zip.localeCompare(b.zip) || compareTravellers(a.travellers[0]!, b.travellers[0]!)),
    }))
}

/** Transferliste: the door-to-door pickups with their addresses, by zone and postcode. */
export function transferList(d: Departure): ListDocument {
  const zones = pickupZones(d)
  const people = zones.reduce((n, z) => n + z.pickups.reduce((m, p) => m + p.travellers.length, 0), 0)
  const pickupCount = zones.reduce((n, z) => n + z.pickups.length, 0)
  const columns: ListColumn[] = [
    { header: 'PLZ', share: 0.09 },
    { header: 'Anschrift', share: 0.27 },
    { header: 'Reisende', share: 0.26 },
    { header: 'Telefon', share: 0.2 },
    { header: 'Buchung', share: 0.18 },
  ]
  const names = (p: Pickup) => p.travellers.map((t) => [travellerName(t), mobilityNote(t)].filter(Boolean).join(' – ')).join('\n')
  return {
    list: 'transferliste',
    title: DEPARTURE_LIST_LABELS.transferliste,
    summary: [pickupCount ? `${countOf(pickupCount, 'Abholung', 'Abholungen')} für ${travellerCount(people)}` : 'Für diesen Termin ist kein Haustürtransfer gebucht.'],
    seatPlan: null,
    tables: zones.length
      ? zones.map((z) => ({
          heading: z.zone,
          lines: [`${countOf(z.pickups.length, 'Abholung', 'Abholungen')}, ${travellerCount(z.pickups.reduce((n, p) => n + p.travellers.length, 0))}`],
          columns,
          rows: z.pickups.map((p) => [p.zip, p.address, names(p), p.phone, p.bookingNumber]),
          empty: '',
        }))
      : [{ heading: null, lines: [], columns, rows: [], empty: 'Kein Haustürtransfer gebucht.' }],
    csv: {
      header: ['Zone', 'PLZ', 'Anschrift', 'Name', 'Platz', 'Telefon', 'Buchungsnummer', 'Hilfsmittel'],
      rows: zones.flatMap((z) => z.pickups.flatMap((p) => p.travellers.map((t) => [z.zone, p.zip, p.address, travellerName(t), t.seat ?? '', p.phone, p.bookingNumber, mobilityNote(t)]))),
    },
  }
}

/** Who wrote a note and when: '12.03.2027, 14:30 Uhr, Petra Büro'. */
export function noteByline(note: Pick<DepartureNote, 'at' | 'author'>): string {
  return [formatDateTime(new Date(note.at)), note.author ?? 'ehemaliges Konto'].filter(Boolean).join(', ')
}

/**
 * Besondere Bedürfnisse: the travellers who come with a rollator or a wheelchair (the one need the
 * booking asks for), then the office's notes on the date's bookings, with whom they concern.
 */
export function specialNeedsList(d: Departure): ListDocument {
  const needing = sorted(d.travellers.filter((t) => t.mobility !== 'keine'))
  const perAid = MOBILITY_AIDS.filter((aid) => aid !== 'keine')
    .map((aid) => [aid, needing.filter((t) => t.mobility === aid).length] as const)
    .filter(([, n]) => n > 0)
  const travellersOf = (bookingNumber: string) => d.travellers.filter((t) => t.bookingNumber === bookingNumber)
  const phoneOf = (bookingNumber: string) => travellersOf(bookingNumber)[0]?.phone ?? ''
  const notes = d.notes.filter((n) => n.text.trim() !== '')
  return {
    list: 'besondere-beduerfnisse',
    title: DEPARTURE_LIST_LABELS['besondere-beduerfnisse'],
    summary: [
      needing.length
        ? `${travellerCount(needing.length)} mit Mobilitätshilfe: ${perAid.map(([aid, n]) => `${n} × ${MOBILITY_LABELS[aid]}`).join(', ')}`
        : 'Niemand hat eine Mobilitätshilfe angegeben.',
      ...(notes.length ? [`${countOf(notes.length, 'Notiz', 'Notizen')} des Büros zu den Buchungen`] : []),
    ],
    seatPlan: null,
    tables: [
      {
        heading: 'Mobilitätshilfen',
        lines: [],
        columns: [
          { header: 'Name', share: 0.25 },
          { header: 'Hilfsmittel', share: 0.13 },
          { header: 'Platz', share: 0.08 },
          { header: 'Zustieg', share: 0.24 },
          { header: 'Telefon', share: 0.16 },
          { header: 'Buchung', share: 0.14 },
        ],
        rows: needing.map((t) => [travellerName(t), mobilityNote(t), t.seat ?? '', boardingLabel(t, d.points), t.phone, t.bookingNumber]),
        empty: 'Keine Reisenden mit Rollator oder Rollstuhl.',
      },
      {
        heading: 'Notizen des Büros zu den Buchungen',
        lines: [],
        columns: [
          { header: 'Buchung', share: 0.15 },
          { header: 'Reisende', share: 0.23 },
          { header: 'Notiz', share: 0.42 },
          { header: 'Geschrieben', share: 0.2 },
        ],
        rows: notes.map((n) => [n.bookingNumber, sorted(travellersOf(n.bookingNumber)).map(travellerName).join('\n'), n.text.trim(), noteByline(n)]),
        empty: 'Zu den Buchungen dieses Termins gibt es keine Notiz.',
      },
    ],
    csv: {
      header: ['Art', 'Name', 'Hilfsmittel', 'Platz', 'Zustieg', 'Telefon', 'Buchungsnummer', 'Notiz'],
      rows: [
        ...needing.map((t) => ['Mobilitätshilfe', travellerName(t), mobilityNote(t), t.seat ?? '', boardingLabel(t, d.points), t.phone, t.bookingNumber, '']),
        ...notes.map((n) => [
          'Notiz',
          sorted(travellersOf(n.bookingNumber)).map(travellerName).join('; '),
          '',
          '',
          '',
          phoneOf(n.bookingNumber),
          n.bookingNumber,
          `${n.text.trim()} (${noteByline(n)})`,
        ]),
      ],
    },
  }
}

const BUILDERS = {
  busliste: busList,
  zustiegsliste: boardingList,
  'rooming-liste': roomingList,
  transferliste: transferList,
  'besondere-beduerfnisse': specialNeedsList,
} as const satisfies Record<DepartureList, (d: Departure) => ListDocument>

export function departureListDocument(d: Departure, list: DepartureList): ListDocument {
  return BUILDERS[list](d)
}

/** How many lines each list has, for the departure's page ('12 Reisende', '3 Abholungen'). */
export function listSizes(d: Departure): Record<DepartureList, string> {
  const needing = d.travellers.filter((t) => t.mobility !== 'keine').length
  const notes = d.notes.filter((n) => n.text.trim() !== '').length
  const pickups = pickupZones(d).reduce((n, z) => n + z.pickups.length, 0)
  const roomCount = rooms(d).length
  return {
    busliste: travellerCount(d.travellers.length),
    zustiegsliste: travellerCount(d.travellers.filter((t) => !t.transferZip).length),
    'rooming-liste': countOf(roomCount, 'Zimmer', 'Zimmer'),
    transferliste: countOf(pickups, 'Abholung', 'Abholungen'),
    'besondere-beduerfnisse': `${travellerCount(needing)}${notes ? `, ${countOf(notes, 'Notiz', 'Notizen')}` : ''}`,
  }
}
