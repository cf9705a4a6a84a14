// The office's departures (issue 25, item 6) on PGlite and PostgreSQL: travellers booked through the
// booking service on a date with a seat plan and boarding points, one booking cancelled, one seat
// held by a draft; then the places, the lists' rows, the CSV and the text of the PDFs.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { travellers } from '~/lib/booking/draft'
import type { BookingDraft } from '~/lib/booking/draft'
import type { BookingOffer } from '~/lib/booking/offer'
import { addDays, todayInBerlin } from '~/lib/calendar'
import { toCsv } from '~/lib/office/csv'
import { boardingList, busList, departureListDocument, placeCounts, roomingList, specialNeedsList, transferList } from '~/lib/office/departure-lists'
import type { Departure } from '~/lib/office/departure-lists'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { bookings } from '~/server/db/schema'
import { renderDepartureListPdf } from '~/server/office/departure-pdf.server'
import { departureChoices, departureView, listDepartures, loadDeparture } from '~/server/office/departures.server'
import { addBookingNote } from '~/server/office/booking-changes.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, layoutSeats, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { flatText, readPdfText } from '../support/pdf-text'

let t: TestDatabase
let offer: BookingOffer
let seats: string[]
let departure: Departure
const today = todayInBerlin()

type Person = { first: string; last: string; seat: string; boarding: 'early' | 'late' | 'transfer'; mobility?: 'rollator' | 'rollstuhl' }

/** Saves a draft for these travellers (their seats held); the booking person's phone tells the bookings apart. */
async function draftFor(people: Person[], phone: string) {
  const row = await createDraft(t.db, offer, settings)
  const draft: BookingDraft = completeDraft(offer, row.draft, { travellers: people.length === 2 ? 2 : 1, seats: people.map((p) => p.seat) })
  const [early, late] = [offer.boardingPoints[0], offer.boardingPoints.at(-1)]
  for (const { p, index } of travellers(draft)) {
    const person = people[index]!
    p.firstname = person.first
    p.lastname = person.last
    p.mobility = person.mobility ?? 'keine'
    p.boarding = person.boarding === 'transfer' ? { kind: 'transfer', zip: '33602' } : { kind: 'point', boardingPointId: (person.boarding === 'early' ? early : late)!.id }
    if (p.buchender) p.tel = phone
  }
  const saved = await saveDraft(t.db, row, offer, draft, settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  return row
}

async function book(people: Person[], phone: string, key: string): Promise<string> {
  const row = await draftFor(people, phone)
  const booked = await bookDraft(t.db, row.id, `departure-${key}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

const numbers: Record<string, string> = {}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  offer = await datePool(t.db)({ seatPlan: true, roomTypes: 'DZ' })
  if (offer.boardingPoints.length < 2) throw new Error('the date needs two boarding points')
  seats = layoutSeats(offer)
  numbers.zander = await book(
    [
      { first: 'Ulla', last: 'Zander', seat: seats[0]!, boarding: 'late' },
      { first: 'Otto', last: 'Zander', seat: seats[1]!, boarding: 'late', mobility: 'rollator' },
    ],
    '05221 111',
    'zander',
  )
  numbers.arndt = await book([{ first: 'Käthe', last: 'Arndt', seat: seats[2]!, boarding: 'early', mobility: 'rollstuhl' }], '0521 222', 'arndt')
  numbers.meyer = await book(
    [
      { first: 'Hans', last: 'Meyer', seat: seats[3]!, boarding: 'transfer' },
      { first: 'Grete', last: 'Meyer', seat: seats[4]!, boarding: 'transfer' },
    ],
    '0521 333',
    'meyer',
  )
  numbers.storno = await book([{ first: 'Sigrid', last: 'Storniert', seat: seats[5]!, boarding: 'early' }], '0521 444', 'storno')
  await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.bookingNumber, numbers.storno))
  // The office's notes: one on a booking of the date, one on the cancelled booking (not listed).
  const clerk = { kind: 'staff' as const, id: 'staff-1', name: 'Petra Büro' }
  await addBookingNote(t.db, numbers.meyer, clerk, 'Frau Meyer braucht Hilfe beim Einsteigen.', new Date('2027-01-10T08:15:00Z'))
  await addBookingNote(t.db, numbers.storno, clerk, 'Storniert wegen Krankheit.')
  // A customer holding a seat right now, not yet booked.
  await draftFor([{ first: 'Hilde', last: 'Halter', seat: seats[6]!, boarding: 'early' }], '0521 555')
  const loaded = await loadDeparture(t.db, offer.tripDateId)
  if (!loaded) throw new Error('no departure')
  departure = loaded
})
afterAll(async () => {
  await t?.cleanup()
})

describe('loadDeparture', () => {
  it('reads the travellers of the received bookings only, in booking order, with their rooms and contact', () => {
    expect(departure.travellers.map((p) => `${p.firstname} ${p.lastname}`)).toEqual(['Ulla Zander', 'Otto Zander', 'Käthe Arndt', 'Hans Meyer', 'Grete Meyer'])
    const [ulla, otto, kaethe, hans] = departure.travellers
    expect(ulla).toMatchObject({ bookingNumber: numbers.zander, roomType: 'DZ', roomIndex: 0, seat: seats[0], buchender: true, phone: '05221 111' })
    expect(otto).toMatchObject({ roomType: 'DZ', mobility: 'rollator', phone: '05221 111', buchender: false })
    expect(kaethe).toMatchObject({ roomType: 'EZ', mobility: 'rollstuhl' })
    expect(hans).toMatchObject({ transferZip: '33602', bookerAddress: { street: 'Hauptstraße', streetNr: '12a', zip: '33602', city: 'Bielefeld' } })
    expect(departure.facts).toMatchObject({ id: offer.tripDateId, tripTitle: offer.tripTitle, dateFrom: offer.dateFrom })
    expect(departure.points.map((p) => p.id)).toEqual(offer.boardingPoints.map((p) => p.id))
  })

  it('counts the booked and the held seat; the cancelled booking frees its seat', () => {
    const counts = placeCounts(departure.facts.capacity, departure.facts.layout, departure.travellers.length, departure.reservations)
    expect(counts).toEqual({ capacity: seats.length, booked: 5, held: 1, free: seats.length - 6 })
    const view = departureView(departure, today)
    expect(view.counts).toEqual(counts)
    const plan = view.seatPlan?.rows.flatMap((r) => r.cells)
    expect(plan?.find((c) => c.kind === 'seat' && c.label === seats[5])).toMatchObject({ state: 'free', name: null })
    expect(plan?.find((c) => c.kind === 'seat' && c.label === seats[6])).toMatchObject({ state: 'held', name: null })
    expect(plan?.find((c) => c.kind === 'seat' && c.label === seats[2])).toMatchObject({ state: 'booked', name: 'Arndt, Käthe', mobility: 'Rollstuhl' })
  })

  it('finds no departure for an id that is no date', async () => {
    expect(await loadDeparture(t.db, 2_000_000_000)).toBeNull()
  })
})

describe('the lists', () => {
  it('Busliste: the seats front to back with names; no line for the cancelled traveller', () => {
    const doc = busList(departure)
    expect(doc.tables[0]?.rows.map((r) => [r[0], r[1]])).toEqual([
      [seats[0], 'Zander, Ulla'],
      [seats[1], 'Zander, Otto'],
      [seats[2], 'Arndt, Käthe'],
      [seats[3], 'Meyer, Hans'],
      [seats[4], 'Meyer, Grete'],
    ])
    expect(doc.csv.rows.some((r) => r.includes('Storniert, Sigrid'))).toBe(false)
    expect(doc.csv.rows.find((r) => r[1] === seats[6])?.[2]).toBe('vorübergehend reserviert')
  })

  it('Zustiegsliste: the boarding points in departure order, each with its travellers, seat, phone and count', () => {
    const doc = boardingList(departure)
    const early = offer.boardingPoints[0]!
    const late = offer.boardingPoints.at(-1)!
    expect(early.departureTime < late.departureTime).toBe(true)
    const headings = doc.tables.map((x) => x.heading)
    expect(headings[0]).toBe(`${early.departureTime} Uhr · ${early.name}`)
    expect(headings.at(-2)).toBe(`${late.departureTime} Uhr · ${late.name}`)
    expect(headings.at(-1)).toBe('Haustürtransfer')
    expect(doc.tables[0]?.rows).toEqual([['Arndt, Käthe', seats[2], '0521 222', numbers.arndt, 'Rollstuhl']])
    expect(doc.tables[0]?.lines.at(-1)).toBe('1 Zustieg')
    expect(doc.tables.at(-2)?.rows.map((r) => r[0])).toEqual(['Zander, Otto', 'Zander, Ulla'])
    expect(doc.tables.at(-2)?.lines.at(-1)).toBe('2 Zustiege')
  })

  it('Rooming-Liste: a room per line with its type and names', () => {
    const doc = roomingList(departure)
    expect(doc.tables[0]?.rows.map((r) => r.slice(0, 3))).toEqual([
      ['1', 'Einzelzimmer', 'Arndt, Käthe'],
      ['2', 'Doppelzimmer', 'Meyer, Hans\nMeyer, Grete'],
      ['3', 'Doppelzimmer', 'Zander, Ulla\nZander, Otto'],
    ])
    expect(doc.summary).toEqual(['3 Zimmer für 5 Personen: 2 × Doppelzimmer, 1 × Einzelzimmer'])
  })

  it('Transferliste: the pickup at the booking person’s address in the zone of its postcode', () => {
    const doc = transferList(departure)
    expect(doc.tables.map((x) => x.heading)).toEqual(['Zone 1 – Bielefeld'])
    expect(doc.tables[0]?.rows).toEqual([['33602', 'Hauptstraße 12a, 33602 Bielefeld', 'Meyer, Grete\nMeyer, Hans', '0521 333', numbers.meyer]])
  })

  it('Besondere Bedürfnisse: rollator and wheelchair, and the office’s notes on the bookings of the date', () => {
    const doc = specialNeedsList(departure)
    expect(doc.tables[0]?.rows.map((r) => [r[0], r[1]])).toEqual([
      ['Arndt, Käthe', 'Rollstuhl'],
      ['Zander, Otto', 'Rollator'],
    ])
    expect(departure.notes).toEqual([
      { bookingNumber: numbers.meyer, at: '2027-01-10T08:15:00.000Z', author: 'Petra Büro', text: 'Frau Meyer braucht Hilfe beim Einsteigen.' },
    ])
    expect(doc.tables[1]?.rows).toEqual([
      [numbers.meyer, 'Meyer, Grete\nMeyer, Hans', 'Frau Meyer braucht Hilfe beim Einsteigen.', '10.01.2027, 09:15 Uhr, Petra Büro'],
    ])
  })

  it('as CSV for German Excel', () => {
    const doc = boardingList(departure)
    const csv = toCsv(doc.csv.header, doc.csv.rows)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFFAbfahrt;Zustiegsstelle;Anschrift;Zustiege hier;Name;Platz;Telefon;Buchungsnummer;Hilfsmittel')
    expect(lines[1]).toContain(`;1;Arndt, Käthe;${seats[2]};0521 222;${numbers.arndt};Rollstuhl`)
    expect(lines).toHaveLength(7)
  })
})

describe('the PDFs', () => {
  const render = (list: Parameters<typeof departureListDocument>[1]) =>
    renderDepartureListPdf(departureListDocument(departure, list), departure.facts, DEFAULT_SITE_INFO, { now: new Date('2027-01-15T09:30:00Z') })

  it('Zustiegsliste: times, names and seats in departure order', async () => {
    const pages = await readPdfText(await render('zustiegsliste'))
    expect(pages[0]?.width).toBeCloseTo(595.28, 1)
    const text = flatText(pages)
    const early = offer.boardingPoints[0]!
    const late = offer.boardingPoints.at(-1)!
    expect(text).toContain('Zustiegsliste')
    expect(text).toContain(`${offer.tripTitle} · `)
    expect(text).toContain('Stand: 15.01.2027, 10:30 Uhr')
    const order = [`${early.departureTime} Uhr`, 'Arndt, Käthe', seats[2]!, '0521 222', `${late.departureTime} Uhr`, 'Zander, Otto', 'Zander, Ulla', 'Haustürtransfer', 'Meyer, Grete', 'Meyer, Hans']
    const at = order.map((phrase) => text.indexOf(phrase, text.indexOf('Stand:')))
    expect(at.every((i) => i >= 0), JSON.stringify(order.filter((_, i) => at[i]! < 0))).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(text).not.toContain('Storniert')
  })

  it('Busliste: the seat plan with names, then the table seat → name', async () => {
    const text = flatText(await readPdfText(await render('busliste')))
    expect(text).toContain('Sitzplan')
    // In the plan each seat's label comes with its traveller's name.
    expect(text).toContain(`${seats[0]} Zander, Ulla`)
    expect(text).toContain(`${seats[6]} vorübergehend reserviert`)
    const table = text.slice(text.indexOf('Plätze und Namen'))
    const order = ['Zander, Ulla', 'Zander, Otto', 'Arndt, Käthe', 'Meyer, Hans', 'Meyer, Grete']
    const at = order.map((name) => table.indexOf(name))
    expect(at.every((i) => i > 0)).toBe(true)
    expect(at).toEqual([...at].sort((a, b) => a - b))
  })

  it('Rooming-Liste: the names of a double room on lines of their own', async () => {
    const items = (await readPdfText(await render('rooming-liste'))).flatMap((p) => p.items)
    const hans = items.find((i) => i.text === 'Meyer, Hans')
    const grete = items.find((i) => i.text === 'Meyer, Grete')
    expect(hans && grete && hans.x === grete.x && hans.y > grete.y).toBe(true)
  })

  it('every list renders, with its title and the date code on every page', async () => {
    for (const list of ['rooming-liste', 'transferliste', 'besondere-beduerfnisse'] as const) {
      const pages = await readPdfText(await render(list))
      const title = departureListDocument(departure, list).title
      for (const page of pages) expect(page.text, list).toContain(`${title} ${departure.facts.code} · Seite`)
    }
    const needs = flatText(await readPdfText(await render('besondere-beduerfnisse')))
    expect(needs).toContain('Frau Meyer braucht Hilfe beim Einsteigen.')
    expect(needs).not.toContain('Storniert wegen Krankheit')
  })
})

describe('listDepartures', () => {
  it('shows the date with its places and minimum, filtered by day and trip', async () => {
    const page = await listDepartures(t.db, { von: offer.dateFrom, bis: offer.dateFrom, reise: offer.tripId }, today)
    expect(page.rows.map((r) => r.id)).toContain(offer.tripDateId)
    const row = page.rows.find((r) => r.id === offer.tripDateId)
    expect(row?.counts).toEqual({ capacity: seats.length, booked: 5, held: 1, free: seats.length - 6 })
    expect(row?.minimum.kind).toBe(departureView(departure, today).minimum.kind)
    expect(page.rows.every((r) => r.dateFrom === offer.dateFrom && r.tripId === offer.tripId)).toBe(true)
  })

  it('lists upcoming dates in departure order, paged; with belegt only dates with a received booking', async () => {
    const first = await listDepartures(t.db, {}, today)
    expect(first.rows.length).toBe(50)
    expect(first.rows.every((r) => r.dateFrom >= today)).toBe(true)
    const days = first.rows.map((r) => r.dateFrom)
    expect(days).toEqual([...days].sort())
    const second = await listDepartures(t.db, { seite: 2 }, today)
    expect(second.rows[0]!.dateFrom >= days.at(-1)!).toBe(true)
    expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false)

    const booked = await listDepartures(t.db, { belegt: true }, today)
    expect(booked.rows.map((r) => r.id)).toEqual([offer.tripDateId])
    expect(await listDepartures(t.db, { belegt: true, von: addDays(offer.dateFrom, 1) }, today)).toMatchObject({ total: 0, rows: [] })
  })

  it('offers the trips that have dates as filter choices', async () => {
    expect((await departureChoices(t.db)).trips.map((trip) => trip.id)).toContain(offer.tripId)
  })
})
