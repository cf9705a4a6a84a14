// A booking as its customer's documents show it, for the unit tests of what is made from it
// (the calendar file, the travel documents): three travellers, each with a seat and a boarding.
import type { BookedBoarding, BookingSummary } from '~/lib/booking/summary'

type BoardingPoint = Extract<BookedBoarding, { kind: 'point' }>

export const bielefeld: BoardingPoint = { kind: 'point', name: 'Bielefeld Hauptbahnhof', address: 'Am Hauptbahnhof 1, 33602 Bielefeld', departureTime: '06:15' }
export const guetersloh: BoardingPoint = { kind: 'point', name: 'Gütersloh ZOB', address: 'Berliner Straße 1, 33330 Gütersloh', departureTime: '06:45' }

export function summary(dateFrom: string, dateTill: string, boardings: (BookedBoarding | null)[]): BookingSummary {
  const names = ['Jürgen Müller', 'Renée Groß', 'Käthe Nüßlein']
  return {
    bookingNumber: '7K4P-9XQ2',
    createdAt: '2027-03-04T10:15:00.000Z',
    trip: { id: 12, dateId: 345, title: 'Gardasee, Verona; Venedig', dateFrom, dateTill, durationDays: 7, transport: 'bus' },
    terms: null,
    contents: null,
    insurances: [],
    agency: null,
    booker: { firstname: 'Jürgen', lastname: 'Müller', street: 'Am Weißen Stein', street_nr: '12a', zip: '33602', city: 'Bielefeld', email: 'j@example.com', tel: '0521 9' },
    rooms: [{ type: 'DZ', travellers: boardings.map((boarding, i) => ({ name: names[i] ?? `Person ${i}`, seat: `${i + 1}A`, boarding, mobility: 'keine' as const })) }],
    lines: [],
    gesamtpreis: 0,
    payments: [],
    paymentMethod: 'ueberweisung',
    mandateReference: null,
    successUrl: 'https://sonnenland-reisen.example/buchung/bestaetigung/7K4P-9XQ2/?sig=abc',
  }
}
