// The rules of the office's departure lists (issue 25, item 6): the file names, the filter, the
// counts of places, the minimum number of participants, and how each list orders and groups.
import { describe, expect, it } from 'vitest'
import type { SeatPlanLayout } from '~/lib/booking/seat-plan'
import {
  boardingGroups,
  boardingList,
  busList,
  comparePoints,
  compareTravellers,
  departureListSearchSchema,
  departureLists,
  departureRange,
  downloadName,
  listSizes,
  minimumShort,
  minimumState,
  minimumText,
  parseListFile,
  pickupZones,
  placeCounts,
  roomingList,
  rooms,
  seatPlanColumnHeaders,
  seatPlanView,
  shopStatus,
  specialNeedsList,
  transferList,
  travellerName,
} from '~/lib/office/departure-lists'
import type { Departure, DepartureBoardingPoint, DepartureFacts, DepartureTraveller } from '~/lib/office/departure-lists'

const seat = (label: string, blocked = false) => (blocked ? { kind: 'seat' as const, seat: label, blocked: true } : { kind: 'seat' as const, seat: label })
const cell = (kind: 'aisle' | 'driver' | 'door' | 'empty') => ({ kind })

const LAYOUT: SeatPlanLayout = [
  [cell('driver'), cell('empty'), cell('aisle'), cell('door')],
  [seat('1A'), seat('1B'), cell('aisle'), seat('1C')],
  [seat('2A'), seat('2B', true), cell('aisle'), seat('2C')],
  [seat('3A'), seat('3B'), cell('aisle'), seat('3C')],
]

const FACTS: DepartureFacts = {
  id: 7,
  tripId: 3,
  tripTitle: 'Gardasee',
  code: 'B00003-270512',
  dateFrom: '2027-05-12',
  dateTill: '2027-05-18',
  durationDays: 7,
  bookable: 0,
  capacity: 8,
  minParticipants: 10,
  minParticipantsDays: 21,
  seatPlanName: 'Testbus',
  layout: LAYOUT,
}

const POINTS: DepartureBoardingPoint[] = [
  { id: 1, name: 'Herford ZOB', street: 'ZOB, Hansastraße', zip: '32052', city: 'Herford', note: null, departureTime: '06:15' },
  { id: 2, name: 'Bielefeld Hauptbahnhof', street: 'Busbahnsteig 3', zip: '33602', city: 'Bielefeld', note: 'Treffpunkt am Reisebussteig', departureTime: '05:30' },
  { id: 3, name: 'Gütersloh ZOB', street: 'Kökerstraße', zip: '33330', city: 'Gütersloh', note: null, departureTime: '06:45' },
]

const ZONES = [
  { id: 2, name: 'Zone 2 – Ostwestfalen-Lippe', zipPrefixes: ['32', '33'], price: 39_000_000 },
  { id: 1, name: 'Zone 1 – Bielefeld', zipPrefixes: ['336', '337'], price: 25_000_000 },
]

function traveller(over: Partial<DepartureTraveller> & Pick<DepartureTraveller, 'firstname' | 'lastname' | 'bookingNumber'>): DepartureTraveller {
  return {
    roomIndex: 0,
    roomType: 'DZ',
    buchender: false,
    seat: null,
    boardingPointId: null,
    transferZip: null,
    mobility: 'keine',
    phone: '',
    bookerAddress: null,
    ...over,
  }
}

const beckerHome = { street: 'Hauptstraße', streetNr: '12a', zip: '33602', city: 'Bielefeld' }
const adlerHome = { street: 'Musterweg', streetNr: '3', zip: '33615', city: 'Bielefeld' }

const TRAVELLERS: DepartureTraveller[] = [
  traveller({ bookingNumber: 'AAAA-1111', firstname: 'Anna', lastname: 'Becker', buchender: true, seat: '1A', boardingPointId: 2, phone: '0521 123456', bookerAddress: beckerHome }),
  traveller({ bookingNumber: 'AAAA-1111', firstname: 'Bernd', lastname: 'Becker', seat: '1B', boardingPointId: 2, mobility: 'rollator', phone: '0521 123456', bookerAddress: beckerHome }),
  traveller({ bookingNumber: 'BBBB-2222', firstname: 'Ömer', lastname: 'Öztürk', buchender: true, roomType: 'EZ', seat: '2C', boardingPointId: 1, mobility: 'rollstuhl', phone: '05221 9999' }),
  traveller({ bookingNumber: 'CCCC-3333', firstname: 'Clara', lastname: 'Adler', buchender: true, seat: '1C', transferZip: '33615', phone: '0521 777', bookerAddress: adlerHome }),
  traveller({ bookingNumber: 'CCCC-3333', firstname: 'Dieter', lastname: 'Adler', seat: '2A', transferZip: '33615', phone: '0521 777', bookerAddress: adlerHome }),
  traveller({ bookingNumber: 'CCCC-3333', firstname: 'Emil', lastname: 'Adler', roomIndex: 1, roomType: 'EZ', transferZip: '59555', phone: '0521 777', bookerAddress: adlerHome }),
]

const DEPARTURE: Departure = {
  facts: FACTS,
  points: POINTS,
  zones: ZONES,
  travellers: TRAVELLERS,
  reservations: [
    ...['1A', '1B', '2C', '1C', '2A'].map((s) => ({ seat: s, state: 'booked' as const })),
    { seat: '3A', state: 'held' },
  ],
  notes: [{ bookingNumber: 'CCCC-3333', at: '2027-03-02T13:30:00.000Z', author: 'Petra Büro', text: 'Herr Adler braucht einen Platz vorn (Reiseübelkeit).' }],
}

describe('list files', () => {
  it('knows the five lists as PDF and CSV, and nothing else', () => {
    expect(parseListFile('busliste.pdf')).toEqual({ list: 'busliste', format: 'pdf' })
    expect(parseListFile('rooming-liste.csv')).toEqual({ list: 'rooming-liste', format: 'csv' })
    expect(parseListFile('besondere-beduerfnisse.pdf')).toEqual({ list: 'besondere-beduerfnisse', format: 'pdf' })
    for (const bad of ['busliste.xlsx', 'fahrgastliste.pdf', 'busliste', 'Busliste.pdf', '../busliste.pdf', 'busliste.pdf.csv', '']) {
      expect(parseListFile(bad), bad).toBeNull()
    }
  })

  it('names a download after the list and the date code, without characters a file name cannot have', () => {
    expect(downloadName('zustiegsliste', 'csv', 'B00003-270512')).toBe('zustiegsliste-B00003-270512.csv')
    expect(downloadName('busliste', 'pdf', '/../a b"')).toBe('busliste-a-b.pdf')
    expect(downloadName('busliste', 'pdf', '')).toBe('busliste.pdf')
  })
})

describe('the list page filter', () => {
  it('keeps good parameters and drops wrong ones', () => {
    expect(departureListSearchSchema.parse({ von: '2027-01-01', bis: '2027-02-01', reise: '12', belegt: true, seite: '3' })).toEqual({
      von: '2027-01-01',
      bis: '2027-02-01',
      reise: 12,
      belegt: true,
      seite: 3,
    })
    expect(departureListSearchSchema.parse({ von: 'morgen', reise: 'x', seite: '0', belegt: 'vielleicht' })).toEqual({
      von: undefined,
      reise: undefined,
      seite: undefined,
      belegt: undefined,
    })
  })

  it('shows upcoming departures unless told otherwise', () => {
    expect(departureRange({}, '2026-12-01')).toEqual({ from: '2026-12-01', till: null })
    expect(departureRange({ von: '2026-01-01', bis: '2026-02-01' }, '2026-12-01')).toEqual({ from: '2026-01-01', till: '2026-02-01' })
  })
})

describe('places', () => {
  it('counts booked travellers, seats held right now and sellable seats nobody has', () => {
    expect(placeCounts(8, LAYOUT, 6, DEPARTURE.reservations)).toEqual({ capacity: 8, booked: 6, held: 1, free: 2 })
  })

  it('ignores a reservation of a blocked or unknown seat and a hold on a booked seat', () => {
    const reservations = [
      { seat: '2B', state: 'held' as const },
      { seat: '9Z', state: 'booked' as const },
      { seat: '1A', state: 'booked' as const },
      { seat: '1A', state: 'held' as const },
    ]
    expect(placeCounts(8, LAYOUT, 1, reservations)).toEqual({ capacity: 8, booked: 1, held: 0, free: 7 })
  })

  it('without a seat plan: the capacity left, nothing held', () => {
    expect(placeCounts(30, null, 12, [])).toEqual({ capacity: 30, booked: 12, held: 0, free: 18 })
    expect(placeCounts(10, null, 12, [])).toEqual({ capacity: 10, booked: 12, held: 0, free: 0 })
  })
})

describe('the status in the shop', () => {
  it('says where the catalogue and the seats disagree', () => {
    expect(shopStatus(0, 12)).toBe('Buchbar')
    expect(shopStatus(3, 0)).toBe('Ausgebucht')
    expect(shopStatus(3, 12)).toBe('Ausgebucht (im Shop gesperrt, 12 Plätze frei)')
    expect(shopStatus(3, 1)).toBe('Ausgebucht (im Shop gesperrt, 1 Platz frei)')
    expect(shopStatus(5, 0)).toBe('Nur noch wenige Plätze im Katalog, aber kein Platz mehr frei')
    expect(shopStatus(5, 46)).toBe('Nur noch wenige Plätze (im Katalog; 46 Plätze frei)')
    // A date not open for booking says nothing about its seats.
    expect(shopStatus(2, 0)).toBe('Nicht Buchbar')
  })
})

describe('the minimum number of participants', () => {
  it('is missing with its deadline (departure minus the days), then reached', () => {
    const missing = minimumState(FACTS, 6, '2027-04-01')
    expect(missing).toEqual({ kind: 'missing', minimum: 10, deadline: '2027-04-21', missing: 4, overdue: false })
    expect(minimumShort(missing)).toBe('es fehlen 4 Personen')
    expect(minimumText(missing)).toBe(
      'Die Mindestteilnehmerzahl von 10 Personen ist noch nicht erreicht: es fehlen 4 Personen. Entscheidung über die Durchführung bis 21.04.2027.',
    )
    expect(minimumShort(minimumState(FACTS, 9, '2027-04-01'))).toBe('es fehlt 1 Person')
    const reached = minimumState(FACTS, 10, '2027-04-01')
    expect(reached).toEqual({ kind: 'reached', minimum: 10, deadline: '2027-04-21' })
    expect(minimumShort(reached)).toBe('erreicht')
  })

  it('says when the day to call the trip off has passed', () => {
    const late = minimumState(FACTS, 3, '2027-04-22')
    expect(late).toMatchObject({ kind: 'missing', overdue: true })
    expect(minimumText(late)).toContain('Die Frist für die Absage endete am 21.04.2027.')
    expect(minimumShort(late)).toBe('es fehlen 7 Personen (Frist abgelaufen)')
    // On the deadline itself there is still time.
    expect(minimumState(FACTS, 3, '2027-04-21')).toMatchObject({ overdue: false })
  })

  it('has none without a minimum, and none on a guaranteed departure', () => {
    expect(minimumState({ ...FACTS, minParticipants: null, minParticipantsDays: null }, 0, '2027-01-01')).toEqual({ kind: 'none' })
    const guaranteed = minimumState({ ...FACTS, bookable: 4 }, 0, '2027-01-01')
    expect(guaranteed).toEqual({ kind: 'guaranteed' })
    expect(minimumText(guaranteed)).toBe('Durchführungsgarantie: Der Termin findet in jedem Fall statt.')
  })
})

describe('names and order', () => {
  it('writes the last name first and sorts in German alphabetical order', () => {
    expect(travellerName({ firstname: ' Anna ', lastname: 'Becker' })).toBe('Becker, Anna')
    expect(travellerName({ firstname: '', lastname: 'Becker' })).toBe('Becker')
    const names = [...TRAVELLERS].sort(compareTravellers).map(travellerName)
    // 'Öztürk' sorts as 'Ozturk', before any 'Z' and after 'Becker'.
    expect(names).toEqual(['Adler, Clara', 'Adler, Dieter', 'Adler, Emil', 'Becker, Anna', 'Becker, Bernd', 'Öztürk, Ömer'])
  })

  it('orders boarding points by departure time, a point without a time last', () => {
    const orphan: DepartureBoardingPoint = { id: 9, name: 'Alt', street: '', zip: '', city: '', note: null, departureTime: null }
    expect([orphan, ...POINTS].sort(comparePoints).map((p) => p.id)).toEqual([2, 1, 3, 9])
  })
})

describe('Busliste', () => {
  it('shows every seat row with its seats, names and states in words', () => {
    const plan = seatPlanView(LAYOUT, TRAVELLERS, DEPARTURE.reservations)
    expect(plan.columns).toBe(4)
    expect(plan.rows.map((r) => r.row)).toEqual([1, 2, 3])
    const [first, second, third] = plan.rows
    expect(first?.cells).toEqual([
      { kind: 'seat', label: '1A', state: 'booked', name: 'Becker, Anna', bookingNumber: 'AAAA-1111', mobility: '' },
      { kind: 'seat', label: '1B', state: 'booked', name: 'Becker, Bernd', bookingNumber: 'AAAA-1111', mobility: 'Rollator' },
      { kind: 'aisle' },
      { kind: 'seat', label: '1C', state: 'booked', name: 'Adler, Clara', bookingNumber: 'CCCC-3333', mobility: '' },
    ])
    expect(second?.cells[1]).toMatchObject({ label: '2B', state: 'blocked', name: null })
    expect(third?.cells.map((c) => (c.kind === 'seat' ? c.state : c.kind))).toEqual(['held', 'free', 'aisle', 'free'])
  })

  it('heads each column of the plan with the letter of its seats or what it mostly is', () => {
    const plan = seatPlanView(LAYOUT, TRAVELLERS, DEPARTURE.reservations)
    expect(seatPlanColumnHeaders(plan)).toEqual(['A', 'B', 'Gang', 'C'])
    // A back row with a seat where the aisle runs, and a door beside the last seat.
    const back = seatPlanView([...LAYOUT, [seat('4A'), seat('4B'), seat('4C'), cell('door')]], [], [])
    expect(seatPlanColumnHeaders(back)).toEqual(['A', 'B', 'Gang', 'C'])
  })

  it('lists the seats front to back, left to right, then those without a seat; the CSV has every seat', () => {
    const doc = busList(DEPARTURE)
    const [seats, unseated] = doc.tables
    expect(seats?.rows.map((r) => r[0])).toEqual(['1A', '1B', '1C', '2A', '2C'])
    expect(seats?.rows[0]).toEqual(['1A', 'Becker, Anna', '05:30 Uhr Bielefeld Hauptbahnhof', 'AAAA-1111', ''])
    expect(seats?.rows[3]).toEqual(['2A', 'Adler, Dieter', 'Haustürtransfer ab 33615', 'CCCC-3333', ''])
    expect(unseated?.heading).toBe('Reisende ohne Platz im Sitzplan')
    expect(unseated?.rows.map((r) => r[1])).toEqual(['Adler, Emil'])
    expect(doc.summary[0]).toBe('6 Personen; 2 Plätze frei, 1 vorübergehend reserviert')
    expect(doc.csv.header).toEqual(['Reihe', 'Platz', 'Status', 'Name', 'Zustieg', 'Buchungsnummer', 'Hilfsmittel'])
    expect(doc.csv.rows.map((r) => `${r[1]} ${r[2]}`)).toEqual([
      '1A belegt',
      '1B belegt',
      '1C belegt',
      '2A belegt',
      '2B gesperrt',
      '2C belegt',
      '3A vorübergehend reserviert',
      '3B frei',
      '3C frei',
      ' ohne Sitzplatz',
    ])
    expect(doc.csv.rows[1]).toEqual([{ number: '1' }, '1B', 'belegt', 'Becker, Bernd', '05:30 Uhr Bielefeld Hauptbahnhof', 'AAAA-1111', 'Rollator'])
  })

  it('without a seat plan lists the travellers by name', () => {
    const doc = busList({ ...DEPARTURE, facts: { ...FACTS, layout: null, seatPlanName: null } })
    expect(doc.seatPlan).toBeNull()
    expect(doc.tables).toHaveLength(1)
    expect(doc.tables[0]?.lines).toEqual(['Dieser Termin hat keinen Sitzplan.'])
    expect(doc.tables[0]?.rows.map((r) => r[1])).toEqual(['Adler, Clara', 'Adler, Dieter', 'Adler, Emil', 'Becker, Anna', 'Becker, Bernd', 'Öztürk, Ömer'])
  })
})

describe('Zustiegsliste', () => {
  it('goes through the boarding points in departure order with names, seat, phone and count', () => {
    const doc = boardingList(DEPARTURE)
    expect(doc.tables.map((t) => t.heading)).toEqual(['05:30 Uhr · Bielefeld Hauptbahnhof', '06:15 Uhr · Herford ZOB', '06:45 Uhr · Gütersloh ZOB', 'Haustürtransfer'])
    const [bielefeld, herford, guetersloh, transfer] = doc.tables
    expect(bielefeld?.lines).toEqual(['Busbahnsteig 3, 33602 Bielefeld', 'Treffpunkt am Reisebussteig', '2 Zustiege'])
    expect(bielefeld?.rows).toEqual([
      ['Becker, Anna', '1A', '0521 123456', 'AAAA-1111', ''],
      ['Becker, Bernd', '1B', '0521 123456', 'AAAA-1111', 'Rollator'],
    ])
    expect(herford?.rows).toEqual([['Öztürk, Ömer', '2C', '05221 9999', 'BBBB-2222', 'Rollstuhl']])
    expect(guetersloh?.rows).toEqual([])
    expect(guetersloh?.lines).toEqual(['Kökerstraße, 33330 Gütersloh'])
    expect(guetersloh?.empty).toBe('Hier steigt niemand zu.')
    expect(transfer?.rows.map((r) => r[0])).toEqual(['Adler, Clara', 'Adler, Dieter', 'Adler, Emil'])
    expect(doc.summary).toEqual(['6 Personen an 2 Zustiegsstellen'])
    expect(doc.csv.rows[0]).toEqual(['05:30', 'Bielefeld Hauptbahnhof', 'Busbahnsteig 3, 33602 Bielefeld', { number: '2' }, 'Becker, Anna', '1A', '0521 123456', 'AAAA-1111', ''])
    expect(doc.csv.rows).toHaveLength(6)
  })

  it('keeps a traveller whose point the trip no longer lists, and one without any', () => {
    const moved = traveller({ bookingNumber: 'DDDD-4444', firstname: 'Fritz', lastname: 'Fuchs', boardingPointId: 99 })
    const none = traveller({ bookingNumber: 'DDDD-4444', firstname: 'Gerda', lastname: 'Fuchs' })
    const groups = boardingGroups({ ...DEPARTURE, travellers: [...TRAVELLERS, moved, none] })
    expect(groups.map((g) => g.heading).slice(-3)).toEqual(['Unbekannte Zustiegsstelle (nicht im Fahrplan dieser Reise)', 'Haustürtransfer', 'Ohne Zustiegsstelle'])
    expect(groups.at(-3)?.travellers.map((t) => t.firstname)).toEqual(['Fritz'])
    expect(groups.at(-1)?.travellers.map((t) => t.firstname)).toEqual(['Gerda'])
  })
})

describe('Rooming-Liste', () => {
  it('has one line per room with its type and names, numbered by the first name in the alphabet', () => {
    expect(rooms(DEPARTURE).map((r) => [r.number, r.type, r.travellers.map((t) => t.firstname).join('+')])).toEqual([
      [1, 'DZ', 'Clara+Dieter'],
      [2, 'EZ', 'Emil'],
      [3, 'DZ', 'Anna+Bernd'],
      [4, 'EZ', 'Ömer'],
    ])
    const doc = roomingList(DEPARTURE)
    expect(doc.summary).toEqual(['4 Zimmer für 6 Personen: 2 × Doppelzimmer, 2 × Einzelzimmer'])
    expect(doc.tables[0]?.rows[2]).toEqual(['3', 'Doppelzimmer', 'Becker, Anna\nBecker, Bernd', 'AAAA-1111', 'Rollator (Bernd)'])
    expect(doc.csv.rows[2]).toEqual([{ number: '3' }, 'Doppelzimmer', 'Becker, Anna', 'Becker, Bernd', 'AAAA-1111', 'Rollator: Becker, Bernd'])
  })

  it('has no rooms on a day trip', () => {
    const dayTrip: Departure = {
      ...DEPARTURE,
      facts: { ...FACTS, durationDays: 1 },
      travellers: TRAVELLERS.map((t) => ({ ...t, roomType: 'OHNE' as const })),
    }
    const doc = roomingList(dayTrip)
    expect(doc.tables[0]?.rows).toEqual([])
    expect(doc.tables[0]?.empty).toBe('Tagesfahrt ohne Übernachtung: keine Zimmer.')
  })
})

describe('Transferliste', () => {
  it('groups the pickups by zone (the longest postcode prefix wins) and postcode, one per booking and postcode', () => {
    const zones = pickupZones(DEPARTURE)
    expect(zones.map((z) => z.zone)).toEqual(['Zone 1 – Bielefeld', 'Ohne Transferzone'])
    expect(zones[0]?.pickups).toHaveLength(1)
    expect(zones[0]?.pickups[0]?.travellers.map((t) => t.firstname)).toEqual(['Clara', 'Dieter'])
    // The booking person's address where the postcode is theirs; a booking keeps no other.
    expect(zones[0]?.pickups[0]?.address).toBe('Musterweg 3, 33615 Bielefeld')
    expect(zones[1]?.pickups[0]?.address).toBe('nur Postleitzahl 59555 bekannt')
    const doc = transferList(DEPARTURE)
    expect(doc.summary).toEqual(['2 Abholungen für 3 Personen'])
    expect(doc.tables[0]?.rows).toEqual([['33615', 'Musterweg 3, 33615 Bielefeld', 'Adler, Clara\nAdler, Dieter', '0521 777', 'CCCC-3333']])
    expect(doc.csv.rows.map((r) => r[3])).toEqual(['Adler, Clara', 'Adler, Dieter', 'Adler, Emil'])
  })

  it('orders pickups within a zone by postcode', () => {
    const more = [
      traveller({ bookingNumber: 'EEEE-5555', firstname: 'Hans', lastname: 'Zeller', transferZip: '33729' }),
      traveller({ bookingNumber: 'FFFF-6666', firstname: 'Ida', lastname: 'Abel', transferZip: '33739' }),
      traveller({ bookingNumber: 'GGGG-7777', firstname: 'Jan', lastname: 'Berg', transferZip: '33611' }),
    ]
    const zone = pickupZones({ ...DEPARTURE, travellers: more })[0]
    expect(zone?.pickups.map((p) => p.zip)).toEqual(['33611', '33729', '33739'])
  })

  it('says when nobody is picked up at home', () => {
    const doc = transferList({ ...DEPARTURE, travellers: TRAVELLERS.filter((t) => !t.transferZip) })
    expect(doc.summary).toEqual(['Für diesen Termin ist kein Haustürtransfer gebucht.'])
    expect(doc.tables).toHaveLength(1)
    expect(doc.csv.rows).toEqual([])
  })
})

describe('Besondere Bedürfnisse', () => {
  it('lists the travellers with a rollator or wheelchair, with seat, boarding and phone', () => {
    const doc = specialNeedsList(DEPARTURE)
    expect(doc.summary).toEqual(['2 Personen mit Mobilitätshilfe: 1 × Rollator, 1 × Rollstuhl', '1 Notiz des Büros zu den Buchungen'])
    expect(doc.tables[0]?.rows).toEqual([
      ['Becker, Bernd', 'Rollator', '1B', '05:30 Uhr Bielefeld Hauptbahnhof', '0521 123456', 'AAAA-1111'],
      ['Öztürk, Ömer', 'Rollstuhl', '2C', '06:15 Uhr Herford ZOB', '05221 9999', 'BBBB-2222'],
    ])
  })

  it('then the office’s notes on the bookings, with whom they concern, who wrote them and when', () => {
    const doc = specialNeedsList(DEPARTURE)
    expect(doc.tables[1]?.heading).toBe('Notizen des Büros zu den Buchungen')
    expect(doc.tables[1]?.rows).toEqual([
      ['CCCC-3333', 'Adler, Clara\nAdler, Dieter\nAdler, Emil', 'Herr Adler braucht einen Platz vorn (Reiseübelkeit).', '02.03.2027, 14:30 Uhr, Petra Büro'],
    ])
    expect(doc.csv.header).toEqual(['Art', 'Name', 'Hilfsmittel', 'Platz', 'Zustieg', 'Telefon', 'Buchungsnummer', 'Notiz'])
    expect(doc.csv.rows.map((r) => r[0])).toEqual(['Mobilitätshilfe', 'Mobilitätshilfe', 'Notiz'])
    expect(doc.csv.rows[2]).toEqual([
      'Notiz',
      'Adler, Clara; Adler, Dieter; Adler, Emil',
      '',
      '',
      '',
      '0521 777',
      'CCCC-3333',
      'Herr Adler braucht einen Platz vorn (Reiseübelkeit). (02.03.2027, 14:30 Uhr, Petra Büro)',
    ])
  })

  it('says so when nobody needs one and there is no note', () => {
    const doc = specialNeedsList({ ...DEPARTURE, travellers: TRAVELLERS.map((t) => ({ ...t, mobility: 'keine' as const })), notes: [] })
    expect(doc.summary).toEqual(['Niemand hat eine Mobilitätshilfe angegeben.'])
    expect(doc.tables.map((x) => x.rows)).toEqual([[], []])
    expect(doc.tables[1]?.empty).toBe('Zu den Buchungen dieses Termins gibt es keine Notiz.')
    expect(doc.csv.rows).toEqual([])
  })
})

it('offers a day trip no Rooming-Liste', () => {
  expect(departureLists(1)).not.toContain('rooming-liste')
  expect(departureLists(5)).toContain('rooming-liste')
  expect(departureLists(1)).toHaveLength(departureLists(5).length - 1)
})

it('sizes each list for the departure page', () => {
  expect(listSizes(DEPARTURE)).toEqual({
    busliste: '6 Personen',
    zustiegsliste: '3 Personen',
    'rooming-liste': '4 Zimmer',
    transferliste: '2 Abholungen',
    'besondere-beduerfnisse': '2 Personen, 1 Notiz',
  })
})
