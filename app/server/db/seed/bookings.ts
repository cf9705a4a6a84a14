// Demo bookings (issue 25, item 8): an office that looks like a real one. Spread over the seeded
// dates from tomorrow on, booked in the last months: online, through agencies and on the phone;
// paid, part-paid, open, overdue and cancelled; seats on the seat plan, boarding points, single and
// double rooms. The embedded default seeds a few hundred; the benchmark generator 100,000. Written
// in chunks straight into the tables (the booking's transaction per booking would take minutes for
// 100,000); the rows are those a booking writes, priced like the price function prices a booking
// without extras.
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { BOOKABLE_STATUSES, bookableAction } from '../../../lib/bookable'
import { formatBookingNumber } from '../../../lib/booking/booking-number'
import { ROOM_LABELS, roomTypesFor } from '../../../lib/booking/offer'
import type { RoomType } from '../../../lib/booking/offer'
import { paymentSchedule } from '../../../lib/booking/payment-terms'
import type { PriceLine } from '../../../lib/booking/price'
import { sellableSeats } from '../../../lib/booking/seat-plan'
import { addDays, toEpochDay, todayInBerlin } from '../../../lib/calendar'
import * as z from 'zod/mini'
import { queryRows } from '../query.server'
import * as schema from '../schema'
import type { Database } from '../database.server'
import { createRandom } from './random'
import type { Random } from './random'

// Names of the generation that travels by coach: 60 first names, the 100 most common surnames (each
// about 1 % of the bookings, as often as Müller, the most common, is in Germany; with 20 names a
// fifth of the bookings shared one and a name search found thousands).
const FIRST_NAMES = [
  ...['Anna', 'Bernd', 'Christa', 'Dieter', 'Elke', 'Frank', 'Gisela', 'Hans', 'Ingrid', 'Jürgen', 'Karin', 'Lothar', 'Monika', 'Norbert', 'Petra'],
  ...['Rainer', 'Sabine', 'Thomas', 'Ursula', 'Werner', 'Brigitte', 'Helga', 'Renate', 'Erika', 'Gerhard', 'Manfred', 'Klaus', 'Peter', 'Wolfgang', 'Günter'],
  ...['Horst', 'Heinz', 'Uwe', 'Bärbel', 'Marianne', 'Christel', 'Doris', 'Hannelore', 'Rita', 'Heike', 'Angelika', 'Gabriele', 'Michael', 'Andreas', 'Stefan'],
  ...['Martina', 'Birgit', 'Susanne', 'Ulrike', 'Detlef', 'Rolf', 'Helmut', 'Jutta', 'Gudrun', 'Waltraud', 'Wilfried', 'Hartmut', 'Edith', 'Irmgard', 'Ralf'],
]
const LAST_NAMES = [
  ...['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder'],
  ...['Neumann', 'Schwarz', 'Braun', 'Zimmermann', 'Krüger', 'Schäfer', 'Bauer', 'Lange', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier'],
  ...['Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn'],
  ...['Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz', 'Baumann', 'Franke', 'Albrecht', 'Schuster'],
  ...['Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin', 'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel'],
  ...['Heinrich', 'Brandt', 'Haas', 'Schreiber', 'Graf', 'Schulte', 'Dietrich', 'Ziegler', 'Kuhn', 'Kühn', 'Pohl', 'Engel', 'Horn', 'Busch', 'Bergmann'],
  ...['Thomas', 'Voigt', 'Sauer', 'Arnold', 'Wolff', 'Pfeiffer', 'Hartmann', 'Lindner', 'Ernst', 'Marx'],
]
const CITIES: [string, string][] = [
  ['33602', 'Bielefeld'],
  ['32052', 'Herford'],
  ['33330', 'Gütersloh'],
  ['32756', 'Detmold'],
  ['33098', 'Paderborn'],
  ['49074', 'Osnabrück'],
]
const TERMS = { depositPercent: 20, balanceDays: 30 }

/** What the payment plan of a demo booking has come to. */
type Money = 'paid' | 'partly' | 'open' | 'overdue'


export type DemoBookingOptions = { count: number; seed: number; today: string; chunkSize?: number }

/** Writes `count` demo bookings (fewer when the dates fill up); returns how many. */
export async function seedDemoBookings(db: Database, options: DemoBookingOptions): Promise<number> {
  if (options.count <= 0) return 0
  const random = createRandom(options.seed)
  const startOfToday = new Date(`${options.today}T00:00:00+01:00`).getTime()
  const open = BOOKABLE_STATUSES.filter((s) => bookableAction(s) === 'book')
  const [dates, points, agencyRows, staffRows, [next], taken, booked] = await Promise.all([
    db
      .select({
        id: schema.tripDates.id,
        tripId: schema.tripDates.tripId,
        dateFrom: schema.tripDates.dateFrom,
        dateTill: schema.tripDates.dateTill,
        price: schema.tripDates.price,
        single: schema.tripDates.singleRoomSurcharge,
        capacity: schema.tripDates.capacity,
        layout: schema.seatPlans.layout,
        duration: schema.trips.durationDays,
      })
      .from(schema.tripDates)
      .innerJoin(schema.trips, eq(schema.trips.id, schema.tripDates.tripId))
      .leftJoin(schema.seatPlans, eq(schema.seatPlans.id, schema.tripDates.seatPlanId))
      .where(and(gte(schema.tripDates.dateFrom, addDays(options.today, 1)), inArray(schema.tripDates.bookable, open), eq(schema.trips.published, true)))
      .orderBy(schema.tripDates.id),
    db
      .select({ tripId: schema.tripBoardingPoints.tripId, id: schema.boardingPoints.id, name: schema.boardingPoints.name, surcharge: schema.tripBoardingPoints.surcharge })
      .from(schema.tripBoardingPoints)
      .innerJoin(schema.boardingPoints, eq(schema.boardingPoints.id, schema.tripBoardingPoints.boardingPointId)),
    db.select({ id: schema.agencies.id }).from(schema.agencies),
    db.select({ id: schema.staffUsers.id }).from(schema.staffUsers),
    queryRows(db, sql`select coalesce(max(id), 0)::int + 1 as id from bookings`, z.object({ id: z.number() })),
    // What the dates already have: seats held or booked, places booked.
    db.select({ tripDateId: schema.seatReservations.tripDateId, seat: schema.seatReservations.seat }).from(schema.seatReservations),
    queryRows(db, sql`select trip_date_id, sum(places)::int as places from bookings group by trip_date_id`, z.object({ trip_date_id: z.number(), places: z.number() })),
  ])
  if (dates.length === 0) return 0
  const pointsOf = new Map<number, typeof points>()
  for (const p of points) pointsOf.set(p.tripId, [...(pointsOf.get(p.tripId) ?? []), p])
  const seatsTaken = new Map<number, Set<string>>()
  for (const r of taken) seatsTaken.set(r.tripDateId, (seatsTaken.get(r.tripDateId) ?? new Set()).add(r.seat))
  const bookedPlaces = new Map(booked.map((b) => [b.trip_date_id, b.places]))
  const seatsLeft = new Map<number, string[]>()
  const placesLeft = new Map(dates.map((d) => [d.id, d.capacity - (bookedPlaces.get(d.id) ?? 0)]))

  const bookingRows: (typeof schema.bookings.$inferInsert)[] = []
  const people: (typeof schema.bookingParticipants.$inferInsert)[] = []
  const plans: (typeof schema.payments.$inferInsert)[] = []
  const entries: (typeof schema.paymentEntries.$inferInsert)[] = []
  const seats: (typeof schema.seatReservations.$inferInsert)[] = []
  const numbers = new Set<string>()
  let id = Number(next?.id ?? 1)
  let written = 0
  const flush = async () => {
    const size = options.chunkSize ?? 1000
    for (let i = 0; i < bookingRows.length; i += size) await db.insert(schema.bookings).values(bookingRows.slice(i, i + size))
    for (let i = 0; i < people.length; i += size) await db.insert(schema.bookingParticipants).values(people.slice(i, i + size))
    for (let i = 0; i < plans.length; i += size) await db.insert(schema.payments).values(plans.slice(i, i + size))
    // After the instalments: the ledger's trigger marks those the money pays.
    for (let i = 0; i < entries.length; i += size) await db.insert(schema.paymentEntries).values(entries.slice(i, i + size))
    for (let i = 0; i < seats.length; i += size) await db.insert(schema.seatReservations).values(seats.slice(i, i + size))
    bookingRows.length = people.length = plans.length = entries.length = seats.length = 0
  }

  for (let attempt = 0; written < options.count && attempt < options.count * 3; attempt++) {
    const date = random.pick(dates)
    const rooms = roomsFor(random, date.duration)
    const travellers = rooms.flatMap((type, roomIndex) => Array.from({ length: type === 'DZ' ? 2 : 1 }, () => ({ type, roomIndex })))
    const left = placesLeft.get(date.id) ?? 0
    if (travellers.length > left) continue
    let seatLabels: string[] | null = null
    if (date.layout) {
      const used = seatsTaken.get(date.id)
      if (!seatsLeft.has(date.id)) seatsLeft.set(date.id, random.shuffle([...sellableSeats(date.layout as never)].filter((seat) => !used?.has(seat))))
      const free = seatsLeft.get(date.id) ?? []
      if (free.length < travellers.length) continue
      seatLabels = free.splice(0, travellers.length)
    }
    placesLeft.set(date.id, left - travellers.length)

    let number = formatBookingNumber((bound) => random.int(0, bound - 1))
    while (numbers.has(number)) number = formatBookingNumber((bound) => random.int(0, bound - 1))
    numbers.add(number)
    const lastname = random.pick(LAST_NAMES)
    const names = travellers.map((_, i) => ({ firstname: random.pick(FIRST_NAMES), lastname: i === 0 || random.chance(0.7) ? lastname : random.pick(LAST_NAMES) }))
    const point = random.pick(pointsOf.get(date.tripId) ?? [null])
    const lines: PriceLine[] = []
    const perPerson = travellers.map((t, i) => {
      const name = `${names[i]!.firstname} ${names[i]!.lastname}`
      const own: PriceLine[] = [{ kind: 'travel', label: `Reisepreis (${ROOM_LABELS[t.type]})`, traveller: name, quantity: 1, unitPrice: date.price, amount: date.price }]
      if (t.type === 'EZ' && date.single > 0) own.push({ kind: 'single-room', label: 'Einzelzimmerzuschlag', traveller: name, quantity: 1, unitPrice: date.single, amount: date.single })
      if (point && point.surcharge > 0) own.push({ kind: 'boarding', label: `Zuschlag Zustieg ${point.name}`, traveller: name, quantity: 1, unitPrice: point.surcharge, amount: point.surcharge })
      lines.push(...own)
      return own.reduce((sum, l) => sum + l.amount, 0)
    })
    const total = perPerson.reduce((sum, p) => sum + p, 0)
    // Booked within the last 120 days, never later than yesterday, never after the departure.
    const bookedOn = addDays(options.today, -random.int(1, 120))
    const createdAt = new Date(`${bookedOn}T${String(random.int(7, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00+01:00`)
    const channel = random.weighted([
      ['online', 6],
      ['agency', 2],
      ['phone', 2],
    ] as const)
    const [zip, city] = random.pick(CITIES)
    const email = `${names[0]!.firstname}.${names[0]!.lastname}.${id}@example.de`.toLowerCase().replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae')
    const tel = `0${random.int(200, 999)} ${random.int(100000, 999999)}`
    const contact = { firstname: names[0]!.firstname, lastname: names[0]!.lastname, street: 'Lindenstraße', street_nr: String(random.int(1, 120)), zip, city, email, tel }
    const schedule = paymentSchedule(total, bookedOn, date.dateFrom, TERMS, { dayTrip: date.duration <= 1 })
    const state: Money = random.weighted([
      ['paid', 4],
      ['partly', 3],
      ['open', 3],
      ['overdue', 1],
    ] as const)
    const cancelled = random.chance(0.05)
    bookingRows.push({
      id,
      bookingNumber: number,
      tripDateId: date.id,
      agencyId: channel === 'agency' && agencyRows.length ? random.pick(agencyRows).id : null,
      channel: channel === 'agency' && agencyRows.length === 0 ? 'online' : channel,
      bookedByStaff: channel === 'phone' && staffRows.length ? random.pick(staffRows).id : null,
      status: cancelled ? 'cancelled' : 'received',
      gesamtpreis: total,
      paymentMethod: random.chance(0.3) ? 'lastschrift' : 'ueberweisung',
      idempotencyKey: `demo-${number}`,
      requestHash: '',
      places: cancelled ? 0 : travellers.length,
      contact,
      rooms: rooms.map((type, i) => ({ type, travellers: travellers.filter((t) => t.roomIndex === i).length })),
      priceLines: lines,
      consentedAt: createdAt,
      createdAt,
      tripTerms: null,
    })
    travellers.forEach((t, i) =>
      people.push({
        bookingId: id,
        roomIndex: t.roomIndex,
        firstname: names[i]!.firstname,
        lastname: names[i]!.lastname,
        buchender: i === 0,
        ...(i === 0 ? { street: contact.street, streetNr: contact.street_nr, zip, city, email, tel } : {}),
        boardingPointId: point?.id ?? null,
        seat: seatLabels?.[i] ?? null,
        price: perPerson[i] ?? 0,
        mobility: random.chance(0.04) ? random.pick(['rollator', 'rollstuhl']) : 'keine',
      }),
    )
    const method = bookingRows.at(-1)?.paymentMethod === 'lastschrift' ? 'lastschrift' : 'ueberweisung'
    schedule.forEach((s, i) => {
      // The first instalment of a part-paid booking is paid; an overdue one has its first due day in the past.
      const paid = state === 'paid' || (state === 'partly' && i === 0 && schedule.length > 1)
      // An overdue first instalment fell due between the booking day and yesterday.
      const dueDate = state === 'overdue' && i === 0 ? addDays(bookedOn, random.int(0, toEpochDay(options.today) - toEpochDay(bookedOn) - 1)) : s.dueDate
      // Paid a few days after booking, never later than now.
      const paidAt = paid ? new Date(Math.min(createdAt.getTime() + random.int(1, 5) * 86_400_000, startOfToday)) : null
      // A cancelled booking's unpaid instalments were ended by its cancellation.
      plans.push({ bookingId: id, kind: s.kind, amount: s.amount, status: paid ? 'paid' : cancelled ? 'cancelled' : 'open', dueDate, paidAt })
      if (paidAt && s.amount > 0) entries.push({ bookingId: id, kind: 'payment', amount: s.amount, bookedOn: todayInBerlin(paidAt), method, reference: number })
    })
    if (seatLabels && !cancelled) for (const seat of seatLabels) seats.push({ tripDateId: date.id, seat, bookingId: id })
    id++
    written++
    if (bookingRows.length >= 5000) await flush()
  }
  await flush()
  await db.execute(sql`select setval(pg_get_serial_sequence('bookings', 'id'), coalesce((select max(id) from bookings), 0) + 1, false)`)
  return written
}

function roomsFor(random: Random, duration: number): RoomType[] {
  const types = roomTypesFor(duration)
  if (types.includes('OHNE')) return Array.from({ length: random.int(1, 3) }, () => 'OHNE' as const)
  return random.weighted<RoomType[]>([
    [['DZ'], 6],
    [['EZ'], 3],
    [['DZ', 'EZ'], 1],
  ])
}
