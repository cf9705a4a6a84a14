// RFC 5545 text of a trip date.
import { describe, expect, it } from 'vitest'
import { buildIcs, escapeIcsText, foldLine, icsDate, icsDateTimeUtc, icsDayAfter, icsFileName } from '~/lib/ics'

const stamp = new Date('2026-11-22T10:05:09.123Z')

const calendar = () =>
  buildIcs({
    prodId: '-//Sonnenland Reisen//Reisetermine//DE',
    events: [
      {
        uid: 'termin-34@sonnenland-reisen.example',
        start: '2027-03-05',
        end: '2027-03-12',
        summary: 'Gardasee, Verona; Venedig',
        description: 'Zeile eins\nZeile zwei',
        location: 'Busbahnhof Bielefeld',
        url: 'https://sonnenland-reisen.example/reise/12/',
        stamp,
      },
    ],
  })

describe('buildIcs', () => {
  it('uses CRLF for every line break and ends with one', () => {
    const text = calendar()
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('wraps one VEVENT in a VCALENDAR with version and product id', () => {
    const lines = calendar().split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('PRODID:-//Sonnenland Reisen//Reisetermine//DE')
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1)
    expect(lines.at(-2)).toBe('END:VCALENDAR')
  })

  it('writes an all-day event whose DTEND is the day after the last travel day', () => {
    const lines = calendar().split('\r\n')
    expect(lines).toContain('DTSTART;VALUE=DATE:20270305')
    expect(lines).toContain('DTEND;VALUE=DATE:20270313')
  })

  it('has a UID and a UTC DTSTAMP', () => {
    const lines = calendar().split('\r\n')
    expect(lines).toContain('UID:termin-34@sonnenland-reisen.example')
    expect(lines).toContain('DTSTAMP:20261122T100509Z')
  })

  it('escapes text values but not the URL', () => {
    const text = calendar()
    expect(text).toContain('SUMMARY:Gardasee\\, Verona\\; Venedig')
    expect(text).toContain('DESCRIPTION:Zeile eins\\nZeile zwei')
    expect(text).toContain('URL;VALUE=URI:https://sonnenland-reisen.example/reise/12/')
  })

  it('refuses a last day before the first', () => {
    expect(() =>
      buildIcs({ prodId: 'x', events: [{ uid: 'u', start: '2027-03-05', end: '2027-03-04', summary: 's', stamp }] }),
    ).toThrow(RangeError)
  })
})

describe('dates', () => {
  it('rolls DTEND over month and year ends and leap days', () => {
    expect(icsDayAfter('2027-01-31')).toBe('20270201')
    expect(icsDayAfter('2027-12-31')).toBe('20280101')
    expect(icsDayAfter('2028-02-28')).toBe('20280229')
    expect(icsDayAfter('2027-02-28')).toBe('20270301')
  })

  it('refuses days that do not exist', () => {
    expect(() => icsDate('2027-02-30')).toThrow(RangeError)
    expect(() => icsDate('05.03.2027')).toThrow(RangeError)
  })

  it('writes DATE-TIME in UTC without milliseconds', () => {
    expect(icsDateTimeUtc(new Date('2027-03-05T23:59:59.999Z'))).toBe('20270305T235959Z')
  })
})

describe('escapeIcsText', () => {
  it('escapes backslash first, then ; , and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })
})

describe('foldLine (RFC 5545 3.1)', () => {
  const octets = (s: string) => new TextEncoder().encode(s).length

  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:kurz')).toBe('SUMMARY:kurz')
  })

  it('folds long lines to at most 75 octets, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'Übernachtung in Südtirol mit Frühstück, '.repeat(8)}`
    const folded = foldLine(line)
    const parts = folded.split('\r\n')
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75)
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true)
    // Unfolding gives the original back, so no multi-byte character was cut in half.
    expect(folded.replace(/\r\n /g, '')).toBe(line)
  })
})

it('names the download after trip and date', () => {
  expect(icsFileName(12, 34)).toBe('reise-12-termin-34.ics')
})

describe('timed events', () => {
  const timed = (end: Date) =>
    buildIcs({
      prodId: 'x',
      events: [{ uid: 'u', start: new Date('2027-05-10T04:15:00Z'), end, summary: 's', alarm: { minutesBefore: 90, text: 'Bald, los' }, stamp }],
    }).split('\r\n')

  it('writes start and end in UTC, blocks the time, and carries the reminder', () => {
    const lines = timed(new Date('2027-05-10T04:45:00Z'))
    expect(lines).toContain('DTSTART:20270510T041500Z')
    expect(lines).toContain('DTEND:20270510T044500Z')
    expect(lines).not.toContain('TRANSP:TRANSPARENT')
    const alarm = lines.slice(lines.indexOf('BEGIN:VALARM'), lines.indexOf('END:VALARM') + 1)
    expect(alarm).toEqual(['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT90M', 'DESCRIPTION:Bald\\, los', 'END:VALARM'])
  })

  it('refuses an end before the start, and a day mixed with an instant', () => {
    expect(() => timed(new Date('2027-05-10T04:00:00Z'))).toThrow(RangeError)
    expect(() => buildIcs({ prodId: 'x', events: [{ uid: 'u', start: '2027-05-10', end: new Date(), summary: 's', stamp }] })).toThrow(RangeError)
  })
})
