// The travel documents (Reiseunterlagen, DECISIONS "Reminders and travel documents on time"): what
// the travellers take along. One content for the mail the scheduled job sends before departure and
// for the page in Mein Konto that shows them again once they were sent.
import { formatDate } from '../format'
import type { SiteInfo } from '../site'
import { boardingLabel } from './summary'
import type { BookedBoarding, BookingSummary } from './summary'

export type TravelDocuments = { heading: string; lines: string[] }[]

/** Where and when a traveller gets on, with the point's address. */
function boardingText(boarding: BookedBoarding | null): string {
  if (!boarding) return 'Anreise ohne Zustieg'
  if (boarding.kind === 'transfer') return `${boardingLabel(boarding)} (die Abholzeit sagen wir Ihnen telefonisch)`
  return `${boardingLabel(boarding)}, ${boarding.address}`
}

/** Its sections: where and when each traveller gets on with the seat, the accommodation, whom to call. */
export function travelDocuments(s: BookingSummary, site: Pick<SiteInfo, 'emergencyPhone' | 'phone' | 'email'>): TravelDocuments {
  const travellers = s.rooms.flatMap((r) => r.travellers)
  return [
    {
      heading: 'Abfahrt und Sitzplätze',
      lines: travellers.map((t) => `${t.name}: ${boardingText(t.boarding)}${t.seat ? `, Sitzplatz ${t.seat}` : ''}`),
    },
    ...(s.contents?.accommodation ? [{ heading: 'Unterkunft', lines: [s.contents.accommodation] }] : []),
    {
      heading: 'Während der Reise',
      lines: [`Unsere Reiseleitung und im Notfall wir: Telefon ${site.emergencyPhone} (rund um die Uhr).`, `Im Büro: Telefon ${site.phone}, E-Mail ${site.email}.`],
    },
  ]
}

/** The documents mail's subject, also the page's title: 'Ihre Reiseunterlagen: Ostseeküste ab 12.06.2027'. */
export const travelDocumentsTitle = (s: Pick<BookingSummary, 'trip'>) => `Ihre Reiseunterlagen: ${s.trip.title} ab ${formatDate(s.trip.dateFrom)}`
