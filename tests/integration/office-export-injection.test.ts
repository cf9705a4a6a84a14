// Formula injection through the office's files (issue 42, finding 2) on PGlite and PostgreSQL: a
// booking made through the booking service by a customer who typed `-2+3+cmd|' /C calc'!A0` as a
// name comes out as text in the bookings export (CSV and XLSX) and in every list of its departure
// as CSV, while the export's amount column keeps the minus of a negative amount.
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { travellers } from '~/lib/booking/draft'
import { todayInBerlin } from '~/lib/calendar'
import { toCsv } from '~/lib/office/csv'
import { departureListDocument, departureLists } from '~/lib/office/departure-lists'
import { bookings, paymentEntries } from '~/server/db/schema'
import { bookingsCsv, bookingsWorkbook } from '~/server/office/booking-export.server'
import { allBookings } from '~/server/office/booking-list.server'
import type { BookingListRow } from '~/server/office/booking-list.server'
import { loadDeparture } from '~/server/office/departures.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, layoutSeats, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

const PAYLOAD = "-2+3+cmd|' /C calc'!A0"
/** A field of ours that a spreadsheet would run: unquoted, or quoted, starting like a formula. */
const FORMULA = /^"?[=+\-@\t\r\n]/

let t: TestDatabase
let tripDateId: number
let row: BookingListRow
const today = todayInBerlin()

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  const offer = await datePool(t.db)({ seatPlan: true, roomTypes: 'DZ' })
  tripDateId = offer.tripDateId
  const draftRow = await createDraft(t.db, offer, settings)
  const draft = completeDraft(offer, draftRow.draft, { travellers: 2, seats: layoutSeats(offer).slice(0, 2) })
  // The booker typed it as her first name, her companion as his last name (Rollator: in the special-needs list too).
  for (const { p, index } of travellers(draft)) {
    if (index === 0) p.firstname = PAYLOAD
    else {
      p.lastname = PAYLOAD
      p.mobility = 'rollator'
    }
  }
  const saved = await saveDraft(t.db, draftRow, offer, draft, settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, draftRow.id, 'export-injection', ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  // A refund of 12.50 € booked before any payment: 'Bezahlt' is negative.
  const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  await t.db.insert(paymentEntries).values({ bookingId: b!.id, kind: 'refund', amount: 12_500_000, bookedOn: today, method: 'ueberweisung' })
  const rows = await allBookings(t.db, { q: booked.bookingNumber }, today, 10)
  expect(rows).toHaveLength(1)
  row = rows[0]!
  expect(row.customer).toBe(`${PAYLOAD} Becker`)
  expect(row.paid).toBe(-12_500_000)
})
afterAll(async () => {
  await t?.cleanup()
})

describe('a name that starts like a formula', () => {
  it('is text in the bookings export as CSV; the negative amount keeps its minus', () => {
    const lines = bookingsCsv([row]).split('\r\n')
    const header = lines[0]!.replace('\uFEFF', '').split(';')
    const fields = lines[1]!.split(';')
    expect(fields).toHaveLength(header.length)
    expect(fields[header.indexOf('Kunde')]).toBe(`'${PAYLOAD} Becker`)
    expect(fields[header.indexOf('Bezahlt (EUR)')]).toBe('-12,50')
    expect(fields.filter((f) => FORMULA.test(f))).toEqual(['-12,50'])
  })

  it('is text in the bookings export as XLSX; the amounts are numbers, the negative one too', async () => {
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await bookingsWorkbook([row]))
    const cells = book.getWorksheet('Buchungen')!.getRow(2)
    expect(cells.getCell(4).value).toBe(`'${PAYLOAD} Becker`)
    expect(cells.getCell(11).value).toBe(-12.5)
    expect(cells.getCell(10).value).toBe(row.total / 1_000_000)
    expect(cells.getCell(9).value).toBe(2)
  })

  it('is text in every list of the departure as CSV', async () => {
    const departure = await loadDeparture(t.db, tripDateId)
    if (!departure) throw new Error('no departure')
    const lists = departureLists(departure.facts.durationDays)
    expect(lists).toContain('busliste')
    for (const list of lists) {
      const doc = departureListDocument(departure, list)
      const csv = toCsv(doc.csv.header, doc.csv.rows)
      const fields = csv.split('\r\n').flatMap((line) => line.split(';'))
      expect(fields.filter((f) => FORMULA.test(f)), list).toEqual([])
      if (list !== 'transferliste') expect(fields, list).toContain(`'${PAYLOAD}, Bernd`)
    }
  })
})
