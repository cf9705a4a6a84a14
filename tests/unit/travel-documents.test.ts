// The travel documents (the mail before departure and Mein Konto's page): each traveller's
// boarding point with time, address and seat, a transfer without a time, the accommodation when
// the trip names one, and the numbers to call.
import { describe, expect, it } from 'vitest'
import { travelDocuments, travelDocumentsTitle } from '~/lib/booking/travel-documents'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { bielefeld, summary } from '../support/booking-summary'

describe('travelDocuments', () => {
  it('names where, when and on which seat each traveller gets on, and whom to call', () => {
    const booked = summary('2027-05-10', '2027-05-16', [bielefeld, { kind: 'transfer', zip: '33602' }, null])
    const [departure, during, ...rest] = travelDocuments(booked, DEFAULT_SITE_INFO)
    expect(rest).toEqual([])
    expect(departure).toEqual({
      heading: 'Abfahrt und Sitzplätze',
      lines: [
        'Jürgen Müller: Bielefeld Hauptbahnhof, 06:15 Uhr, Am Hauptbahnhof 1, 33602 Bielefeld, Sitzplatz 1A',
        'Renée Groß: Haustürtransfer ab 33602 (die Abholzeit sagen wir Ihnen telefonisch), Sitzplatz 2A',
        'Käthe Nüßlein: Anreise ohne Zustieg, Sitzplatz 3A',
      ],
    })
    expect(during?.heading).toBe('Während der Reise')
    expect(during?.lines.join(' ')).toContain(DEFAULT_SITE_INFO.emergencyPhone)
    expect(travelDocumentsTitle(booked)).toBe('Ihre Reiseunterlagen: Gardasee, Verona; Venedig ab 10.05.2027')
  })

  it('names the accommodation when the trip has one', () => {
    const booked = { ...summary('2027-05-10', '2027-05-16', [bielefeld]), contents: { accommodation: 'Hotel Lago, Riva del Garda', included: [], programme: [] } }
    const [, accommodation] = travelDocuments(booked, DEFAULT_SITE_INFO)
    expect(accommodation).toEqual({ heading: 'Unterkunft', lines: ['Hotel Lago, Riva del Garda'] })
  })
})
