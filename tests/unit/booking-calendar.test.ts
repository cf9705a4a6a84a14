// A booked trip for the calendar: the travel days, each departure at its boarding point's time
// (Berlin wall clock, written in UTC) and address, and a door-to-door transfer named.
import { describe, expect, it } from 'vitest'
import { bookingIcs, bookingIcsFileName } from '~/lib/booking/calendar'
import { berlinTimeToUnix } from '~/lib/search/dates'
import { bielefeld, guetersloh, summary } from '../support/booking-summary'

const options = { siteName: 'Sonnenland Reisen', host: 'sonnenland-reisen.example', now: new Date('2027-03-04T10:15:00Z') }

/** The calendar's events, each as its unfolded property lines. */
function events(ics: string): string[][] {
  const unfolded = ics.replace(/\r\n /g, '')
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => (m[1] ?? '').split('\r\n').filter(Boolean))
}
const prop = (event: string[], name: string) => event.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))

describe('bookingIcs', () => {
  it('has the travel days and one departure per boarding point at its time, in UTC by the Berlin clock of that day', () => {
    // May: summer time (UTC+2); 06:15 in Bielefeld is 04:15 UTC.
    const [days, first, second, ...rest] = events(bookingIcs(summary('2027-05-10', '2027-05-16', [bielefeld, bielefeld, guetersloh]), options))
    expect(rest).toEqual([])
    expect(prop(days!, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20270510')
    expect(prop(days!, 'DTEND')).toBe('DTEND;VALUE=DATE:20270517')
    expect(prop(days!, 'UID')).toBe('UID:buchung-7K4P-9XQ2@sonnenland-reisen.example')
    expect(prop(first!, 'DTSTART')).toBe('DTSTART:20270510T041500Z')
    expect(prop(first!, 'DTEND')).toBe('DTEND:20270510T044500Z')
    expect(prop(first!, 'LOCATION')).toBe('LOCATION:Bielefeld Hauptbahnhof\\, Am Hauptbahnhof 1\\, 33602 Bielefeld')
    expect(prop(first!, 'DESCRIPTION')).toContain('Zustieg für: Jürgen Müller\\, Renée Groß')
    expect(prop(first!, 'SUMMARY')).toBe('SUMMARY:Abfahrt: Gardasee\\, Verona\\; Venedig')
    expect(first).toContain('TRIGGER:-PT1440M')
    expect(first!.join('\n')).toContain('DESCRIPTION:Morgen um 06:15 Uhr Abfahrt ab Bielefeld Hauptbahnhof')
    expect(prop(second!, 'DTSTART')).toBe('DTSTART:20270510T044500Z')
    expect(prop(second!, 'LOCATION')).toContain('Gütersloh ZOB')
    expect(prop(second!, 'DESCRIPTION')).toContain('Zustieg für: Käthe Nüßlein')
    // The travel days say every departure and whose it is.
    expect(prop(days!, 'DESCRIPTION')).toContain('Abfahrt: Bielefeld Hauptbahnhof\\, 06:15 Uhr (Jürgen Müller\\, Renée Groß)')
    expect(prop(days!, 'DESCRIPTION')).toContain('Abfahrt: Gütersloh ZOB\\, 06:45 Uhr (Käthe Nüßlein)')
  })

  it('uses winter time in winter (UTC+1) and the Berlin day of the change in October', () => {
    const [, winter] = events(bookingIcs(summary('2027-12-27', '2028-01-02', [bielefeld]), options))
    expect(prop(winter!, 'DTSTART')).toBe('DTSTART:20271227T051500Z')
    // 31 October 2027: the clocks go back at 03:00, so 06:15 is already winter time.
    const [, change] = events(bookingIcs(summary('2027-10-31', '2027-11-03', [bielefeld]), options))
    expect(prop(change!, 'DTSTART')).toBe('DTSTART:20271031T051500Z')
  })

  it('names a door-to-door transfer on the travel days, with no made-up departure time', () => {
    const list = events(bookingIcs(summary('2027-05-10', '2027-05-16', [{ kind: 'transfer', zip: '33611' }, null]), options))
    expect(list).toHaveLength(1)
    expect(prop(list[0]!, 'DESCRIPTION')).toContain('Haustürtransfer ab 33611: Die Abholzeit teilen wir Ihnen vor der Reise mit.')
  })

  it('leaves out the departure of a boarding point the trip no longer lists a time for, and keeps the travel days', () => {
    const list = events(bookingIcs(summary('2027-05-10', '2027-05-16', [{ ...bielefeld, departureTime: null }]), options))
    expect(list).toHaveLength(1)
    expect(prop(list[0]!, 'DESCRIPTION')).toContain('Abfahrt: Bielefeld Hauptbahnhof (Jürgen Müller)')
  })

  it('names its file after the booking', () => {
    expect(bookingIcsFileName('7K4P-9XQ2')).toBe('Reise-7K4P-9XQ2.ics')
  })
})

describe('berlinTimeToUnix', () => {
  it('reads a Berlin wall-clock time on a day, in summer and in winter', () => {
    expect(berlinTimeToUnix('2027-05-10', '06:15')).toBe(Date.UTC(2027, 4, 10, 4, 15) / 1000)
    expect(berlinTimeToUnix('2027-01-10', '23:59')).toBe(Date.UTC(2027, 0, 10, 22, 59) / 1000)
  })

  it('refuses what is no day or no time', () => {
    expect(berlinTimeToUnix('2027-02-30', '06:15')).toBeNull()
    expect(berlinTimeToUnix('2027-05-10', '24:00')).toBeNull()
    expect(berlinTimeToUnix('2027-05-10', '6:15')).toBeNull()
  })
})
