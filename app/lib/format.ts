// de-DE display formatting (prices, dates, durations, copyright), German order, and reading price strings back.
import { remembered } from './format-memo'
import { onFirstUse } from './on-first-use'

const LOCALE = 'de-DE'
const TIME_ZONE = 'Europe/Berlin'

/** Raw prices from the data are integers in millionths of a euro (spec 9). */
export const RAW_PRICE_FACTOR = 1_000_000

export type PriceFormatOptions = {
  /** Digits after the decimal comma; spec 9 default is 2. */
  fractionDigits?: number
}

// signDisplay 'negative' keeps a rounded -0.001 € from showing as "-0,00 €".
const makeEuroFormatter = (fractionDigits: number) =>
  new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    signDisplay: 'negative',
  })

const makeNumberFormatter = (fractionDigits: number | undefined) =>
  new Intl.NumberFormat(
    LOCALE,
    fractionDigits === undefined
      ? { signDisplay: 'negative' }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, signDisplay: 'negative' },
  )

// Building an Intl formatter costs far more than using one, and a trip list formats hundreds of
// prices: each digit count is built once, on first use (onFirstUse says why not while loading).
const euroFormatters = new Map<number, Intl.NumberFormat>()
const numberFormatters = new Map<number | undefined, Intl.NumberFormat>()

// A Date is an instant: show the calendar day it falls on in Berlin, on the server and in every
// browser alike (DESIGN 5).
const berlinDayFormatter = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }))
// A 'YYYY-MM-DD' value is already a calendar day; formatting it as UTC midnight in UTC can
// never shift it to a neighbouring day.
const calendarDayFormatter = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }))

function cached<K>(cache: Map<K, Intl.NumberFormat>, key: K, make: (key: K) => Intl.NumberFormat): Intl.NumberFormat {
  const hit = cache.get(key)
  if (hit) return hit
  const made = make(key)
  cache.set(key, made)
  return made
}

function normaliseFractionDigits(digits: number | undefined, fallback: number | undefined): number | undefined {
  if (digits === undefined || !Number.isFinite(digits)) return fallback
  // Intl only accepts 0..100.
  return Math.min(100, Math.max(0, Math.trunc(digits)))
}

function rawToEuros(raw: number | bigint): number {
  if (typeof raw === 'bigint') {
    // Split before converting so large bigint totals keep their cents exactly.
    const factor = BigInt(RAW_PRICE_FACTOR)
    return Number(raw / factor) + Number(raw % factor) / RAW_PRICE_FACTOR
  }
  return raw / RAW_PRICE_FACTOR
}

/** Formats a raw price (millionths of a euro) as '1.299,00 €'; '' when there is no price. */
export function formatPrice(raw: number | bigint | null | undefined, opts?: PriceFormatOptions): string {
  if (raw === null || raw === undefined) return ''
  if (typeof raw === 'number' && !Number.isFinite(raw)) return ''
  return formatEuro(rawToEuros(raw), opts)
}

/** Formats an amount that is already in euros as '1.299,00 €'; '' for NaN and infinities. */
export function formatEuro(euros: number, opts?: PriceFormatOptions): string {
  if (!Number.isFinite(euros)) return ''
  const digits = normaliseFractionDigits(opts?.fractionDigits, 2) ?? 2
  return remembered(`€${digits}:${euros}`, () => cached(euroFormatters, digits, makeEuroFormatter).format(euros))
}

/** de-DE number ('1.234,5'); with fractionDigits exactly that many digits. '' when not finite. */
export function formatNumber(n: number | null | undefined, fractionDigits?: number): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return ''
  const digits = normaliseFractionDigits(fractionDigits, undefined)
  return remembered(`#${digits ?? ''}:${n}`, () => cached(numberFormatters, digits, makeNumberFormatter).format(n))
}

/**
 * '1 Reise', '12 Reisen': the trip counts on cards, lists and maps. `grouped` writes large counts
 * with a thousands dot ('1.234 Reisen') where a page can show catalogue-wide totals.
 */
export function formatTripCount(n: number, { grouped = false }: { grouped?: boolean } = {}): string {
  return `${grouped ? formatNumber(n) : n} ${pluralWord(n, 'Reise', 'Reisen')}`
}

/** '1 Person', '3 Personen': the travellers of a booking. */
export function formatTravellerCount(n: number): string {
  return `${n} ${pluralWord(n, 'Person', 'Personen')}`
}

const pluralRules = onFirstUse(() => new Intl.PluralRules(LOCALE))
const collator = onFirstUse(() => new Intl.Collator(LOCALE))

/** German alphabetical order (Intl.Collator): 'Ägypten' before 'Belgien', 'äpfel' beside 'Äpfel'. */
export function compareGerman(a: string, b: string): number {
  return collator().compare(a, b)
}

/** The German word for this many (Intl.PluralRules): pluralWord(1, 'Bild', 'Bilder') is 'Bild'. */
export function pluralWord(n: number, one: string, other: string): string {
  return remembered(`plural:${n}`, () => pluralRules().select(n)) === 'one' ? one : other
}

/** A count with its word, the number in de-DE digits: '1 Bild', '1.200 Bilder', '1,5 Tage'. */
export function countOf(n: number, one: string, other: string): string {
  return `${formatNumber(n)} ${pluralWord(n, one, other)}`
}

// Every grouping is checked, so a value that is not clearly one format is rejected rather
// than misread by a factor of 1000.
const GERMAN_GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/
const PLAIN_INTEGER = /^\d+$/
const DOT_DECIMAL = /^\d+\.\d+$/
const COMMA_DECIMAL = /^(\d+),(\d+)$/
const GERMAN_FULL = /^([1-9]\d{0,2}(?:\.\d{3})+|\d+),(\d+)$/

/**
 * Reads a price typed or stored as text, returning euros or null.
 *
 * - Comma and dot together: German format (spec 5), dots group thousands: '1.299,50' → 1299.5.
 *   The grouping must be well formed, so the English '1,299.50' is rejected (null), not misread.
 * - Comma only: German decimal comma: '1299,5' → 1299.5, '1,299' → 1.299.
 * - Dot only followed by groups of exactly three digits: German thousands: '1.299' → 1299,
 *   '1.299.000' → 1299000 (a German site's users mean thousands here; '0.500' is a decimal).
 * - Dot only otherwise: decimal point: '1299.50' → 1299.5, '12.5' → 12.5.
 * - '€', 'EUR', spaces (also non-breaking) are ignored; the German whole-euro notation ',-' or
 *   ',--' ('1.299,- €') reads as ',00'; a leading minus is kept.
 * - Anything else (letters, several commas, empty) → null.
 */
export function parsePriceString(s: string): number | null {
  let text = s.replace(/€|EUR/gi, '').replace(/[\s\u00a0\u202f]/g, '')
  const negative = text.startsWith('-') || text.startsWith('\u2212')
  if (negative || text.startsWith('+')) text = text.slice(1)
  text = text.replace(/,-{1,2}$/, ',00')
  if (text === '') return null

  let canonical: string | null = null
  const german = GERMAN_FULL.exec(text)
  if (german) {
    canonical = `${(german[1] ?? '').replaceAll('.', '')}.${german[2] ?? ''}`
  } else if (text.includes(',') && text.includes('.')) {
    canonical = null
  } else if (COMMA_DECIMAL.test(text)) {
    canonical = text.replace(',', '.')
  } else if (GERMAN_GROUPED.test(text)) {
    canonical = text.replaceAll('.', '')
  } else if (DOT_DECIMAL.test(text) || PLAIN_INTEGER.test(text)) {
    canonical = text
  }
  if (canonical === null) return null
  const value = Number(canonical)
  if (!Number.isFinite(value)) return null
  return negative && value !== 0 ? -value : value
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
// Timestamps arriving as JSON strings ('2027-03-04T23:30:00Z') are instants, not calendar days.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** A calendar day ('YYYY-MM-DD' from a DB date column), an instant, or an ISO timestamp string. */
export type DayInput = string | Date | null | undefined

function calendarDayToUtc(day: string): Date | null {
  const match = ISO_DAY.exec(day)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const date = Number(match[3])
  const utc = new Date(Date.UTC(year, month - 1, date))
  // Date.UTC rolls 2027-02-30 over into March; such a day does not exist.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null
  return utc
}

function berlinDay(instant: Date): string {
  return remembered(`instant:${instant.getTime()}`, () => berlinDayFormatter().format(instant))
}

/** 'dd.mm.yyyy' ('05.03.2027'); '' for missing or invalid input. */
export function formatDate(day: DayInput): string {
  if (day === null || day === undefined) return ''
  if (day instanceof Date) {
    return Number.isNaN(day.getTime()) ? '' : berlinDay(day)
  }
  const text = day.trim()
  const calendarDay = calendarDayToUtc(text)
  if (calendarDay) return remembered(`day:${text}`, () => calendarDayFormatter().format(calendarDay))
  if (ISO_DATE_TIME.test(text)) {
    const instant = new Date(text)
    return Number.isNaN(instant.getTime()) ? '' : berlinDay(instant)
  }
  return ''
}

const berlinTimeFormatter = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }))

/** An instant as the Berlin time of day: '14:30'; '' for an invalid date. */
export function formatTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) return ''
  return remembered(`time:${instant.getTime()}`, () => berlinTimeFormatter().format(instant))
}

/** For a web page: "Uhr" stays on the line of its time (a no-break space); files and mails keep the plain space. */
export function uhrOnTheLine(text: string): string {
  return text.replaceAll(' Uhr', '\u00a0Uhr')
}

/** An instant as the Berlin day and time: '05.03.2027, 14:30 Uhr'; '' for an invalid date. */
export function formatDateTime(instant: Date): string {
  const day = formatDate(instant)
  return day ? `${day}, ${formatTime(instant)} Uhr` : ''
}

const minutesFormatter = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'minute', unitDisplay: 'long' }))
const secondsFormatter = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'unit', unit: 'second', unitDisplay: 'long' }))

/**
 * Time left, as one says it: whole minutes from one minute on ('19 Minuten', '1 Minute'; rounded
 * down, so it never promises more than is left), seconds below ('33 Sekunden', '1 Sekunde').
 */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return whole >= 60 ? minutesFormatter().format(Math.floor(whole / 60)) : secondsFormatter().format(whole)
}

/**
 * Spec 9: equal from and till shows one date, otherwise 'from - till'. Days are compared after
 * formatting, so a Date and the 'YYYY-MM-DD' of the same Berlin day count as equal. When only
 * one end is known, that one date is shown.
 */
export function formatDateRange(from: DayInput, till: DayInput): string {
  const start = formatDate(from)
  const end = formatDate(till)
  if (start === '' || end === '' || start === end) return start || end
  return `${start} - ${end}`
}

const NUMERIC_STRING = /^[+-]?\d+(?:\.\d+)?$/

/**
 * Spec 9: '{n} Tag' for 1, '{n} Tage' otherwise, '' if n is not a number. Finite numbers and
 * numeric strings ('5', ' 5 ', '1.5') count; NaN, infinities, null, '' and 'abc' do not.
 */
export function formatDuration(n: unknown): string {
  let days: number
  if (typeof n === 'number') days = n
  else if (typeof n === 'string' && NUMERIC_STRING.test(n.trim())) days = Number(n.trim())
  else return ''
  if (!Number.isFinite(days)) return ''
  return countOf(days, 'Tag', 'Tage')
}

// '(c)' is how the sign is often typed into a CMS field.
const COPYRIGHT_PREFIX = /^(?:©|\(c\))\s*/i

/** Spec 9: copyright text prefixed with '© ' ('© 2027 Reisen GmbH'); an existing © is not doubled. */
export function formatCopyright(text: string | null | undefined): string {
  const trimmed = text?.trim() ?? ''
  if (trimmed === '') return ''
  const rest = trimmed.replace(COPYRIGHT_PREFIX, '')
  return rest === '' ? '©' : `© ${rest}`
}
