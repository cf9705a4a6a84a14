// iCalendar (RFC 5545) text: all-day events over travel days (a trip date, a booked trip) and timed
// ones (a departure at a boarding point). Pure: the caller supplies the stamp time, the UID domain
// and the texts.

export type IcsEvent = {
  /** Globally unique and stable for this date, e.g. 'termin-123@sonnenland-reisen.example'. */
  uid: string
  /**
   * All day: the first travel day 'YYYY-MM-DD'. Timed: the instant it begins (written in UTC, so
   * every calendar shows it in its own zone).
   */
  start: string | Date
  /** All day: the last travel day (inclusive; DTEND is the day after, RFC 5545 3.6.1). Timed: the instant it ends. */
  end: string | Date
  summary: string
  description?: string
  location?: string
  url?: string
  /** A reminder this long before the start, with its text (VALARM, RFC 5545 3.6.6). */
  alarm?: { minutesBefore: number; text: string }
  /** When the file was made (DTSTAMP, UTC). */
  stamp: Date
}

export type IcsCalendar = {
  /** PRODID, e.g. '-//Sonnenland Reisen//Reisetermine//DE'. */
  prodId: string
  events: readonly IcsEvent[]
}

const CRLF = '\r\n'
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
// RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break.
const MAX_LINE_OCTETS = 75

/** RFC 5545 3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (RFC 5545 DATE); throws on a day that does not exist. */
export function icsDate(day: string): string {
  const utc = parseDay(day)
  return formatUtcDay(utc)
}

/** The day after, as an RFC 5545 DATE: an all-day DTEND is exclusive. */
export function icsDayAfter(day: string): string {
  const utc = parseDay(day)
  utc.setUTCDate(utc.getUTCDate() + 1)
  return formatUtcDay(utc)
}

/** RFC 5545 DATE-TIME in UTC: 'YYYYMMDDTHHMMSSZ'. */
export function icsDateTimeUtc(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('invalid DTSTAMP')
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

function parseDay(day: string): Date {
  const match = ISO_DAY.exec(day)
  if (!match) throw new RangeError(`not a calendar day: ${day}`)
  const [, y, m, d] = match
  const utc = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  if (utc.getUTCFullYear() !== Number(y) || utc.getUTCMonth() !== Number(m) - 1 || utc.getUTCDate() !== Number(d)) {
    throw new RangeError(`not a calendar day: ${day}`)
  }
  return utc
}

function formatUtcDay(utc: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(utc.getUTCFullYear()).padStart(4, '0')}${pad(utc.getUTCMonth() + 1)}${pad(utc.getUTCDate())}`
}

const encoder = new TextEncoder()

/**
 * RFC 5545 3.1 folding: a line longer than 75 octets is split, each continuation starting with
 * one space. Splits fall between characters, never inside a UTF-8 sequence ('ü' is two octets).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line
  const parts: string[] = []
  let current = ''
  let octets = 0
  // A continuation line's leading space counts towards its 75 octets.
  let limit = MAX_LINE_OCTETS
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = MAX_LINE_OCTETS - 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`)
}

function timingLines(start: string | Date, end: string | Date): string[] {
  if (typeof start === 'string' && typeof end === 'string') {
    if (end < start) throw new RangeError('the last day lies before the first')
    return [property('DTSTART;VALUE=DATE', icsDate(start)), property('DTEND;VALUE=DATE', icsDayAfter(end))]
  }
  if (typeof start === 'string' || typeof end === 'string') throw new RangeError('an event is either all day or timed')
  if (end.getTime() < start.getTime()) throw new RangeError('the event ends before it begins')
  return [property('DTSTART', icsDateTimeUtc(start)), property('DTEND', icsDateTimeUtc(end))]
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    property('UID', escapeIcsText(event.uid)),
    property('DTSTAMP', icsDateTimeUtc(event.stamp)),
    ...timingLines(event.start, event.end),
    property('SUMMARY', escapeIcsText(event.summary)),
  ]
  if (event.description) lines.push(property('DESCRIPTION', escapeIcsText(event.description)))
  if (event.location) lines.push(property('LOCATION', escapeIcsText(event.location)))
  // URI values are not TEXT: no escaping (RFC 5545 3.3.13).
  if (event.url) lines.push(property('URL;VALUE=URI', event.url))
  // An all-day trip should not block the calendar as busy time for every day of the journey.
  if (typeof event.start === 'string') lines.push('TRANSP:TRANSPARENT')
  if (event.alarm) {
    const minutes = Math.max(0, Math.round(event.alarm.minutesBefore))
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:-PT${minutes}M`, property('DESCRIPTION', escapeIcsText(event.alarm.text)), 'END:VALARM')
  }
  lines.push('END:VEVENT')
  return lines
}

/** The whole calendar object, CRLF line endings, ending with a line break. */
export function buildIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    property('PRODID', calendar.prodId),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ]
  return lines.join(CRLF) + CRLF
}

/** A safe download name: 'reise-12-termin-34.ics'. */
export function icsFileName(tripId: number, dateId: number): string {
  return `reise-${tripId}-termin-${dateId}.ics`
}
