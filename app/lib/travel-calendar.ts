// The Reisekalender's months: keys ('2027-01'), German labels ('Januar 2027'), the window of months
// one page shows and its typed query (?monat=2027-01&kategorie=busreisen).
import * as z from 'zod/mini'
import { bookableSchema } from './bookable'
import { onFirstUse } from './on-first-use'

/** Three months per page keep the page small (about 150 dates with the demo catalogue). */
export const CALENDAR_MONTHS_PER_PAGE = 3
/** Dates further ahead than this are not offered (the catalogue plans about 18 months). */
export const CALENDAR_HORIZON_MONTHS = 24

/** 'flug': only flight trips (the Flugreisen-Reisekalender). */
export const CALENDAR_SCOPES = ['all', 'flug'] as const
export type CalendarScope = (typeof CALENDAR_SCOPES)[number]

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/

export const monthKeySchema = z.string().check(z.regex(MONTH_KEY))
export type MonthKey = z.infer<typeof monthKeySchema>

const slugSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/))

/** Unknown or mangled values are dropped, never an error page. */
export const calendarSearchSchema = z.lazy(() =>
  z.object({
    monat: z.catch(z.optional(monthKeySchema), undefined),
    kategorie: z.catch(z.optional(slugSchema), undefined),
  }),
)
export type CalendarSearch = z.infer<typeof calendarSearchSchema>

/** What a calendar page shows, in the code's names (the URL's monat and kategorie are mapped by the route). */
export const calendarInputSchema = z.object({
  scope: z.enum(CALENDAR_SCOPES),
  month: z.catch(z.optional(monthKeySchema), undefined),
  category: z.catch(z.optional(slugSchema), undefined),
})

export function isMonthKey(value: string): value is MonthKey {
  return MONTH_KEY.test(value)
}

/** '2027-01-15' → '2027-01' */
export function monthKeyOf(isoDay: string): MonthKey {
  const key = isoDay.slice(0, 7)
  if (!isMonthKey(key)) throw new RangeError(`not a calendar day: ${isoDay}`)
  return key
}

function parts(key: MonthKey): { year: number; month: number } {
  const match = MONTH_KEY.exec(key)
  if (!match) throw new RangeError(`not a month: ${key}`)
  return { year: Number(match[1]), month: Number(match[2]) }
}

export function addMonths(key: MonthKey, n: number): MonthKey {
  const { year, month } = parts(key)
  const index = year * 12 + (month - 1) + Math.trunc(n)
  const y = Math.floor(index / 12)
  const m = index - y * 12 + 1
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`
}

/** Whole months from a to b (negative when b lies before a). */
export function monthsBetween(a: MonthKey, b: MonthKey): number {
  const pa = parts(a)
  const pb = parts(b)
  return pb.year * 12 + pb.month - (pa.year * 12 + pa.month)
}

/** The first day of the month, 'YYYY-MM-01'. */
export function monthStart(key: MonthKey): string {
  return `${key}-01`
}

const monthFormatter = onFirstUse(() => new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }))

/** 'Januar 2027' */
export function monthLabel(key: MonthKey): string {
  const { year, month } = parts(key)
  return monthFormatter().format(new Date(Date.UTC(year, month - 1, 1)))
}

export type CalendarWindow = {
  /** The months this page shows, in order. */
  months: MonthKey[]
  /** The first month of the previous and the next page, or null at either end. */
  previous: MonthKey | null
  next: MonthKey | null
}

/**
 * Which months a page shows. The requested month is clamped into [this month, the last month with
 * a date]; the page shows it and the two after it. "Previous" never goes before this month, "next"
 * only exists while later months have dates.
 */
export function calendarWindow(options: { requested?: MonthKey; current: MonthKey; lastWithDates: MonthKey | null }): CalendarWindow {
  const { current, lastWithDates } = options
  const last = lastWithDates !== null && monthsBetween(current, lastWithDates) > 0 ? lastWithDates : current
  let first = options.requested ?? current
  if (monthsBetween(current, first) < 0) first = current
  if (monthsBetween(last, first) > 0) first = last
  const months = Array.from({ length: CALENDAR_MONTHS_PER_PAGE }, (_, i) => addMonths(first, i))
  const afterPage = addMonths(first, CALENDAR_MONTHS_PER_PAGE)
  const back = addMonths(first, -CALENDAR_MONTHS_PER_PAGE)
  return {
    months,
    previous: monthsBetween(current, first) > 0 ? (monthsBetween(current, back) < 0 ? current : back) : null,
    next: monthsBetween(afterPage, last) >= 0 ? afterPage : null,
  }
}

const entrySchema = z.object({
  dateId: z.number().check(z.int()),
  tripId: z.number().check(z.int()),
  title: z.string(),
  dateFrom: z.string(),
  dateTill: z.string(),
  durationDays: z.number().check(z.int()),
  /** Millionths of a euro. */
  price: z.number(),
  bookable: bookableSchema,
})
export type CalendarEntry = z.infer<typeof entrySchema>

const monthOptionSchema = z.object({ key: monthKeySchema, label: z.string() })
export type MonthOption = z.infer<typeof monthOptionSchema>

/**
 * The months of the "Ab Monat" selector: every month with dates and the month the page begins
 * with, in order. The page begins with the current month even when none of its dates is left (or
 * with a requested month without dates), and the selector must show what the page shows.
 */
export function monthChoices(withDates: readonly MonthOption[], shownFirst: MonthOption | undefined): readonly MonthOption[] {
  if (!shownFirst || withDates.some((m) => m.key === shownFirst.key)) return withDates
  return [...withDates, { key: shownFirst.key, label: shownFirst.label }].sort((a, b) => a.key.localeCompare(b.key))
}

export const calendarPageSchema = z.object({
  months: z.array(z.object({ key: monthKeySchema, label: z.string(), entries: z.array(entrySchema) })),
  previous: z.nullable(monthKeySchema),
  next: z.nullable(monthKeySchema),
  /** Every month with at least one date (for the month selector). */
  monthOptions: z.array(monthOptionSchema),
  /** Categories with dates in this calendar (for the filter). */
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  category: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  /** The requested category slug matched nothing; all dates are shown. */
  unknownCategory: z.boolean(),
})
export type CalendarPage = z.infer<typeof calendarPageSchema>

