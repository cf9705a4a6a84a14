// The bookings list as a file (issue 25, item 3): exactly the rows of the filter in the list's
// order, as CSV for German Excel or as XLSX (exceljs), for a signed-in staff member only.
import ExcelJS from 'exceljs'
import { todayInBerlin } from '~/lib/calendar'
import { formatDate, formatDateTime } from '~/lib/format'
import { BOOKING_CHANNEL_LABELS, BOOKING_STATUS_LABELS, bookingListSearchSchema, paymentStateText } from '~/lib/office/booking-list'
import { csvAmount, csvNumber, toCsv } from '~/lib/office/csv'
import type { CsvCell } from '~/lib/office/csv'
import { spreadsheetText } from '~/lib/spreadsheet-cell'
import { log } from '../log.server'
import { getDb } from '../runtime.server'
import { allBookings } from './booking-list.server'
import type { BookingListRow } from './booking-list.server'
import { currentStaff, needsTwoFactorSetup } from './staff.server'

/** More rows than an office exports at once; beyond it the file would be too large to open well. */
const MAX_EXPORT_ROWS = 100_000

const HEADER = ['Buchungsnummer', 'Gebucht am', 'Status', 'Kunde', 'E-Mail', 'Telefon', 'Reise', 'Abfahrt', 'Personen', 'Reisepreis (EUR)', 'Bezahlt (EUR)', 'Zahlung', 'Gebucht über'] as const

const channelOf = (r: BookingListRow) => (r.agency ? `${BOOKING_CHANNEL_LABELS.agency}: ${r.agency}` : BOOKING_CHANNEL_LABELS[r.channel])

function csvRow(r: BookingListRow): CsvCell[] {
  return [
    r.bookingNumber,
    formatDateTime(new Date(r.bookedAt)),
    BOOKING_STATUS_LABELS[r.status],
    r.customer,
    r.email,
    r.phone,
    r.tripTitle,
    formatDate(r.departure),
    csvNumber(r.places),
    csvAmount(r.total),
    csvAmount(r.paid),
    paymentStateText(r.paymentState),
    channelOf(r),
  ]
}

/** The rows as CSV for German Excel: the places and amounts numbers, everything else text. */
export function bookingsCsv(rows: BookingListRow[]): string {
  return toCsv(HEADER, rows.map(csvRow))
}

/**
 * The rows as an Excel workbook: one sheet 'Buchungen', dates and amounts as real cells with German
 * formats. A string is a text cell there and goes through `spreadsheetText`, as in the CSV.
 */
export async function bookingsWorkbook(rows: BookingListRow[]): Promise<ArrayBuffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Buchungen', { views: [{ state: 'frozen', ySplit: 1 }] })
  const addRow = (cells: (string | number | Date)[]) => sheet.addRow(cells.map((c) => (typeof c === 'string' ? spreadsheetText(c) : c)))
  addRow([...HEADER]).font = { bold: true }
  for (const r of rows) {
    addRow([
      r.bookingNumber,
      new Date(r.bookedAt),
      BOOKING_STATUS_LABELS[r.status],
      r.customer,
      r.email,
      r.phone,
      r.tripTitle,
      new Date(`${r.departure}T00:00:00Z`),
      r.places,
      r.total / 1_000_000,
      r.paid / 1_000_000,
      paymentStateText(r.paymentState),
      channelOf(r),
    ])
  }
  sheet.getColumn(2).numFmt = 'dd.mm.yyyy hh:mm'
  sheet.getColumn(8).numFmt = 'dd.mm.yyyy'
  sheet.getColumn(10).numFmt = '#,##0.00 €'
  sheet.getColumn(11).numFmt = '#,##0.00 €'
  sheet.columns.forEach((c, i) => (c.width = [14, 18, 11, 26, 30, 18, 40, 12, 10, 16, 16, 18, 28][i] ?? 14))
  const buffer = await book.xlsx.writeBuffer()
  return new Uint8Array(buffer).slice().buffer
}

const notFound = () =>
  new Response('Diese Seite gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function bookingExportResponse(request: Request, kind: 'csv' | 'xlsx'): Promise<Response> {
  const staff = await currentStaff()
  if (!staff || needsTwoFactorSetup(staff)) return notFound()
  const search = bookingListSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const rows = await allBookings(await getDb(), search, todayInBerlin(), MAX_EXPORT_ROWS)
  log('info', 'bookings exported', { kind, rows: rows.length })
  const name = `buchungen-${todayInBerlin()}.${kind}`
  const headers = { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' }
  if (kind === 'csv') {
    return new Response(bookingsCsv(rows), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } })
  }
  return new Response(await bookingsWorkbook(rows), {
    headers: { ...headers, 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  })
}
