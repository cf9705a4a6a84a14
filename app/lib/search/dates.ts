// Calendar days in Europe/Berlin <-> unix seconds. A day is stored as the instant of its local
// midnight in Berlin, so server and browsers agree whatever time zone they run in.
import { onFirstUse } from '../on-first-use'

const TIME_ZONE = 'Europe/Berlin'

/**
 * Years outside this window are refused. Before 1893 Berlin kept local mean time with an offset
 * in odd seconds, and five-digit years would break the dd.mm.yyyy shape; neither is a travel date.
 */
const MIN_YEAR = 1900
const MAX_YEAR = 9999

// One formatter for every conversion: building an Intl formatter costs far more than using one.
// hourCycle h23 because some engines print midnight as "24" with hour12: false.
const berlinParts = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
)

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallClockAt(ms: number): WallClock | null {
  if (!Number.isFinite(ms)) return null
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return null
  const wall: WallClock = { year: NaN, month: NaN, day: NaN, hour: NaN, minute: NaN, second: NaN }
  for (const { type, value } of berlinParts().formatToParts(date)) {
    if (type === 'year' || type === 'month' || type === 'day' || type === 'hour' || type === 'minute' || type === 'second') {
      wall[type] = Number(value)
    }
  }
  return Object.values(wall).every(Number.isInteger) ? wall : null
}

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(Date.UTC(2000, 0, 1, hour, minute, second))
  d.setUTCFullYear(year, month - 1, day)
  return d.getTime()
}

/** Offset of Berlin's wall clock from UTC at an instant, in ms (3_600_000 in winter). */
function berlinOffsetAt(ms: number): number | null {
  const wall = wallClockAt(ms)
  if (wall === null) return null
  const flooredToSecond = Math.floor(ms / 1000) * 1000
  return utcMs(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second) - flooredToSecond
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(utcMs(year, month + 1, 0)).getUTCDate()
  return day <= daysInMonth
}

/**
 * Unix seconds of local midnight in Berlin on the given day, or null when the day does not exist.
 * The offset is read at the guess and read again at the corrected instant, so a day on which
 * the clocks change (at 02:00/03:00, never at midnight) still lands on its own midnight.
 */
function berlinMidnight(year: number, month: number, day: number): number | null {
  return berlinWallTime(year, month, day, 0, 0)
}

/** The same for a time of day; a time the spring change skips (02:30) lands an hour later. */
function berlinWallTime(year: number, month: number, day: number, hour: number, minute: number): number | null {
  if (!isCalendarDay(year, month, day)) return null
  const wallMs = utcMs(year, month, day, hour, minute)
  const firstOffset = berlinOffsetAt(wallMs)
  if (firstOffset === null) return null
  const secondOffset = berlinOffsetAt(wallMs - firstOffset)
  if (secondOffset === null) return null
  const ms = wallMs - secondOffset
  const check = wallClockAt(ms)
  if (check === null || check.year !== year || check.month !== month || check.day !== day) return null
  return ms / 1000
}

type CalendarDay = { year: number; month: number; day: number }

function berlinDayOf(sec: number): CalendarDay | null {
  if (!Number.isFinite(sec)) return null
  const wall = wallClockAt(sec * 1000)
  if (wall === null || wall.year < MIN_YEAR || wall.year > MAX_YEAR) return null
  return { year: wall.year, month: wall.month, day: wall.day }
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * Unix seconds of the Berlin midnight that starts the day containing `sec`, or null when `sec`
 * is not a finite number or falls outside the supported years.
 */
export function berlinDayStart(sec: number): number | null {
  const day = berlinDayOf(sec)
  return day === null ? null : berlinMidnight(day.year, day.month, day.day)
}

// Day and month may have one digit ('1.1.2027'), which is how many people type a date; the year
// must have four so that '1.1.27' is never guessed into a century.
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/

/** 'dd.mm.yyyy' (also 'd.m.yyyy', surrounding blanks ignored) to unix seconds of Berlin midnight, or null. */
export function germanDateToUnix(s: string): number | null {
  const match = GERMAN_DATE.exec(s.trim())
  if (match === null) return null
  const [, day, month, year] = match
  return berlinMidnight(Number(year), Number(month), Number(day))
}

/** 'dd.mm.yyyy' of the Berlin calendar day containing `sec`; '' when there is no such day. */
export function unixToGermanDate(sec: number): string {
  const day = berlinDayOf(sec)
  return day === null ? '' : `${pad2(day.day)}.${pad2(day.month)}.${day.year}`
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A day 'yyyy-mm-dd' and a Berlin time 'hh:mm' (a departure) to unix seconds, or null. */
export function berlinTimeToUnix(day: string, time: string): number | null {
  const date = ISO_DAY.exec(day)
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (date === null || clock === null) return null
  const [, year, month, dayOfMonth] = date
  return berlinWallTime(Number(year), Number(month), Number(dayOfMonth), Number(clock[1]), Number(clock[2]))
}

/** 'yyyy-mm-dd' (as the database stores a day) to unix seconds of Berlin midnight, or null. */
export function isoDayToUnix(s: string): number | null {
  const match = ISO_DAY.exec(s)
  if (match === null) return null
  const [, year, month, day] = match
  return berlinMidnight(Number(year), Number(month), Number(day))
}

/** 'yyyy-mm-dd' of the Berlin calendar day containing `sec`; '' when there is no such day. */
export function unixToIsoDay(sec: number): string {
  const day = berlinDayOf(sec)
  return day === null ? '' : `${day.year}-${pad2(day.month)}-${pad2(day.day)}`
}
