// A booked trip as calendar entries (RFC 5545): the travel days, and each departure the travellers
// booked at its boarding point, time and address, with a reminder the day before. Pure.
import { buildIcs } from '../ics'
import type { IcsEvent } from '../ics'
import { berlinTimeToUnix } from '../search/dates'
import { formatDepartureTime } from '../trip-detail'
import { boardingLabel } from './summary'
import type { BookedBoarding, BookingSummary } from './summary'

/** How long a departure stands in the calendar: getting on, not the whole journey (the travel days are their own entry). */
const DEPARTURE_MINUTES = 30
const REMIND_MINUTES_BEFORE = 24 * 60

type Departure = { boarding: Extract<BookedBoarding, { kind: 'point' }>; travellers: string[] }

/** The travellers grouped by boarding point, in the booking's order. */
function departures(summary: BookingSummary): Departure[] {
  const byPoint = new Map<string, Departure>()
  for (const t of summary.rooms.flatMap((r) => r.travellers)) {
    if (t.boarding?.kind !== 'point') continue
    const key = `${t.boarding.name}|${t.boarding.address}|${t.boarding.departureTime ?? ''}`
    const found = byPoint.get(key) ?? { boarding: t.boarding, travellers: [] }
    found.travellers.push(t.name)
    byPoint.set(key, found)
  }
  return [...byPoint.values()]
}

/** The booking's .ics: one all-day entry over the travel days and one entry per departure. */
export function bookingIcs(summary: BookingSummary, options: { siteName: string; host: string; now: Date }): string {
  const { bookingNumber, trip } = summary
  const travellers = summary.rooms.flatMap((r) => r.travellers)
  const transfers = [...new Set(travellers.flatMap((t) => (t.boarding?.kind === 'transfer' ? [t.boarding.zip] : [])))]
  const points = departures(summary)
  const tripEntry: IcsEvent = {
    uid: `buchung-${bookingNumber}@${options.host}`,
    start: trip.dateFrom,
    end: trip.dateTill,
    summary: `${trip.title} (${options.siteName})`,
    description: [
      `Buchungsnummer: ${bookingNumber}`,
      `Reisende: ${travellers.map((t) => t.name).join(', ')}`,
      ...points.map((d) => `Abfahrt: ${boardingLabel(d.boarding)} (${d.travellers.join(', ')})`),
      ...transfers.map((zip) => `Haustürtransfer ab ${zip}: Die Abholzeit teilen wir Ihnen vor der Reise mit.`),
      `Ihre Buchung: ${summary.successUrl}`,
    ].join('\n'),
    url: summary.successUrl,
    stamp: options.now,
  }
  const departureEntries = points.flatMap((d, index): IcsEvent[] => {
    const time = d.boarding.departureTime
    const at = time ? berlinTimeToUnix(trip.dateFrom, time) : null
    if (time === null || at === null) return []
    const start = new Date(at * 1000)
    return [
      {
        uid: `buchung-${bookingNumber}-abfahrt-${index + 1}@${options.host}`,
        start,
        end: new Date(start.getTime() + DEPARTURE_MINUTES * 60_000),
        summary: `Abfahrt: ${trip.title}`,
        location: `${d.boarding.name}, ${d.boarding.address}`,
        description: [
          `Zustieg für: ${d.travellers.join(', ')}`,
          'Bitte seien Sie 15 Minuten vor der Abfahrt an der Zustiegsstelle.',
          `Buchungsnummer: ${bookingNumber}`,
        ].join('\n'),
        url: summary.successUrl,
        alarm: { minutesBefore: REMIND_MINUTES_BEFORE, text: `Morgen um ${formatDepartureTime(time)} Abfahrt ab ${d.boarding.name}` },
        stamp: options.now,
      },
    ]
  })
  return buildIcs({ prodId: `-//${options.siteName}//Buchung//DE`, events: [tripEntry, ...departureEntries] })
}

/** 'Reise-7K4P-9XQ2.ics' */
export function bookingIcsFileName(bookingNumber: string): string {
  return `Reise-${bookingNumber}.ics`
}
