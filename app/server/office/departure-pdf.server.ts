// A departure's list as a PDF to print (issue 25, item 6): A4 in the house style of the
// confirmation (../pdf/layout.server.ts), the list's title with the trip, the days and the date's
// code, when it was made (a printed list is a snapshot), the Busliste's seat plan drawn as the bus
// is seated, then the list's tables. Every seat says in words whose it is or what it is, so the
// plan reads the same in black and white.
import { formatDateTime } from '~/lib/format'
import { CELL_LABELS, departureHeadline, seatText } from '~/lib/office/departure-lists'
import type { DepartureFacts, ListDocument, SeatPlanCellView, SeatPlanView } from '~/lib/office/departure-lists'
import type { SiteInfo } from '~/lib/site'
import {
  BOLD,
  MUTED,
  REGULAR,
  RULE,
  TEXT,
  contentWidth,
  ensureSpace,
  heading,
  left,
  letterhead,
  newDocument,
  pageFooters,
  paragraph,
  table,
  winAnsi,
} from '../pdf/layout.server'
import type { Doc } from '../pdf/layout.server'

export type DepartureListPdfOptions = {
  /** When the list was made, printed on it. */
  now?: Date
  /** false writes readable content streams (tests); true (default) deflates them. */
  compress?: boolean
}

const ROW_LABEL_WIDTH = 26
const AISLE_WIDTH = 22
const SEAT_HEIGHT = 36
const SEAT_GAP = 3
const FREE_FILL = '#f0f0f0'
const BLOCKED_FILL = '#d6d6d6'

const isAisleColumn = (plan: SeatPlanView, column: number) => plan.rows.every((r) => r.cells[column]?.kind === 'aisle')

/** The seat plan, one seat row per line from the front: each seat a box with its label and the traveller's name. */
function seatPlan(doc: Doc, plan: SeatPlanView): void {
  const aisles = Array.from({ length: plan.columns }, (_, c) => isAisleColumn(plan, c))
  const aisleCount = aisles.filter(Boolean).length
  const seatWidth = (contentWidth(doc) - ROW_LABEL_WIDTH - aisleCount * AISLE_WIDTH) / Math.max(1, plan.columns - aisleCount)
  const widths = aisles.map((aisle) => (aisle ? AISLE_WIDTH : seatWidth))

  paragraph(doc, 'Vorn: Fahrer und Einstieg. Jede Zeile ist eine Sitzreihe, von links nach rechts in Fahrtrichtung.', { size: 9, color: MUTED })
  for (const row of plan.rows) {
    ensureSpace(doc, SEAT_HEIGHT + SEAT_GAP)
    const top = doc.y
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(TEXT)
      .text(String(row.row), left(doc), top + SEAT_HEIGHT / 2 - 6, { width: ROW_LABEL_WIDTH - 6, align: 'right' })
    let x = left(doc) + ROW_LABEL_WIDTH
    row.cells.forEach((cell, c) => {
      const width = widths[c] ?? seatWidth
      drawCell(doc, cell, x + SEAT_GAP / 2, top, width - SEAT_GAP, SEAT_HEIGHT)
      x += width
    })
    doc.x = left(doc)
    doc.y = top + SEAT_HEIGHT + SEAT_GAP
  }
  doc.y += 8
}

function drawCell(doc: Doc, cell: SeatPlanCellView, x: number, y: number, width: number, height: number): void {
  if (cell.kind !== 'seat') {
    const label = CELL_LABELS[cell.kind]
    if (!label || cell.kind === 'aisle') return
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(winAnsi(label), x, y + height / 2 - 4, { width, align: 'center' })
    return
  }
  const fill = cell.state === 'blocked' ? BLOCKED_FILL : cell.state === 'booked' ? null : FREE_FILL
  if (fill) doc.rect(x, y, width, height).fillColor(fill).fill()
  doc
    .rect(x, y, width, height)
    .lineWidth(cell.state === 'booked' ? 0.9 : 0.5)
    .strokeColor(cell.state === 'booked' ? TEXT : RULE)
    .stroke()
  const pad = 3
  doc
    .font(BOLD)
    .fontSize(8.5)
    .fillColor(TEXT)
    .text(winAnsi(cell.label), x + pad, y + pad, { width: width - 2 * pad, lineBreak: false })
  const words = [seatText(cell), cell.mobility].filter(Boolean).join(' · ')
  doc
    .font(cell.name ? REGULAR : BOLD)
    .fontSize(7.5)
    .fillColor(cell.name ? TEXT : MUTED)
    .text(winAnsi(words), x + pad, y + pad + 11, { width: width - 2 * pad, height: height - pad - 13, ellipsis: true })
}

/** The list as a PDF: letterhead, title and facts, the seat plan (Busliste), then each table. */
export function renderDepartureListPdf(list: ListDocument, facts: DepartureFacts, site: SiteInfo, options: DepartureListPdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date()
  const title = `${list.title} ${facts.code}`
  const { doc, done } = newDocument({ title, subject: facts.tripTitle, site, created: now, compress: options.compress })
  const primary = site.colors.primary

  letterhead(doc, site, primary)
  doc.font(BOLD).fontSize(18).fillColor(primary).text(winAnsi(list.title), left(doc), doc.y, { width: contentWidth(doc) })
  doc.y += 4
  paragraph(doc, departureHeadline(facts), { font: BOLD, size: 12, gap: 2 })
  paragraph(doc, `Stand: ${formatDateTime(now)}`, { size: 9, color: MUTED })
  for (const line of list.summary) paragraph(doc, line, { size: 10.5, gap: 2 })
  doc.y += 4

  if (list.seatPlan) {
    heading(doc, 'Sitzplan', primary)
    seatPlan(doc, list.seatPlan)
  }
  for (const t of list.tables) {
    if (t.heading) heading(doc, t.heading, primary)
    for (const line of t.lines) paragraph(doc, line, { size: 9.5, gap: 1, color: MUTED })
    if (t.lines.length) doc.y += 3
    if (t.rows.length === 0) {
      paragraph(doc, t.empty, { size: 10 })
      continue
    }
    table(
      doc,
      t.columns.map((c) => ({ header: c.header, share: c.share })),
      // A cell of several names or notes is set as lines.
      t.rows.map((row) => row.map((cell) => (cell.includes('\n') ? cell.split('\n') : cell))),
      undefined,
      { size: 9 },
    )
  }
  pageFooters(doc, title, site)
  doc.end()
  return done
}
