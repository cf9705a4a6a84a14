// Calendar arithmetic on ISO days ('YYYY-MM-DD') through UTC epoch days: no time zones, no DST. Used by the seed, booking due dates and tests.
import { unixToIsoDay } from './search/dates'

const DAY_MS = 86_400_000
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days since 1970-01-01 for an ISO day; throws on anything that is not a real calendar day. */
export function toEpochDay(iso: string): number {
  const match = ISO_DAY.exec(iso)
  if (!match) throw new RangeError(`not an ISO day (YYYY-MM-DD): ${iso}`)
  const [, y, m, d] = match
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d))
  const day = Math.floor(ms / DAY_MS)
  if (fromEpochDay(day) !== iso) throw new RangeError(`not a calendar day: ${iso}`)
  return day
}

export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export function addDays(iso: string, days: number): string {
  return fromEpochDay(toEpochDay(iso) + days)
}

/** Month 1–12 of an epoch day. */
export function monthOfEpochDay(day: number): number {
  return new Date(day * DAY_MS).getUTCMonth() + 1
}

/** A Date at the given UTC hour and minute of an epoch day. */
export function epochDayToDate(day: number, hour = 0, minute = 0): Date {
  return new Date(day * DAY_MS + (hour * 60 + minute) * 60_000)
}

/** Today in Europe/Berlin as 'YYYY-MM-DD', by the site's one Berlin calendar (lib/search/dates). */
export function todayInBerlin(now: Date = new Date()): string {
  return unixToIsoDay(Math.floor(now.getTime() / 1000))
}
