// Calendar days in Europe/Berlin (DESIGN 5): dd.mm.yyyy means local midnight there.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  berlinDayStart,
  germanDateToUnix,
  isoDayToUnix,
  unixToGermanDate,
  unixToIsoDay,
} from '~/lib/search/dates'

// Expected instants are written in UTC by hand, independent of the code under test.
const utcSeconds = (iso: string) => Date.parse(iso) / 1000

describe('germanDateToUnix', () => {
  it('reads the DESIGN 5 days as Berlin midnight', () => {
    expect(germanDateToUnix('01.01.2027')).toBe(1798758000)
    expect(germanDateToUnix('31.01.2027')).toBe(1801350000)
    expect(germanDateToUnix('01.01.2027')).toBe(utcSeconds('2026-12-31T23:00:00Z'))
  })

  it('puts days around the change to summer time on their own midnight', () => {
    // Summer time 2027 starts on Sunday 28.03. at 02:00, so that day has 23 hours.
    expect(germanDateToUnix('28.03.2027')).toBe(utcSeconds('2027-03-27T23:00:00Z'))
    expect(germanDateToUnix('29.03.2027')).toBe(utcSeconds('2027-03-28T22:00:00Z'))
  })

  it('puts days around the change back to winter time on their own midnight', () => {
    // Summer time 2027 ends on Sunday 31.10. at 03:00, so that day has 25 hours.
    expect(germanDateToUnix('31.10.2027')).toBe(utcSeconds('2027-10-30T22:00:00Z'))
    expect(germanDateToUnix('01.11.2027')).toBe(utcSeconds('2027-10-31T23:00:00Z'))
  })

  it('accepts one-digit day and month and surrounding blanks', () => {
    expect(germanDateToUnix('1.1.2027')).toBe(1798758000)
    expect(germanDateToUnix('01.1.2027')).toBe(1798758000)
    expect(germanDateToUnix(' 01.01.2027 ')).toBe(1798758000)
  })

  it('knows leap years', () => {
    expect(germanDateToUnix('29.02.2028')).toBe(utcSeconds('2028-02-28T23:00:00Z'))
    expect(germanDateToUnix('29.02.2027')).toBeNull()
    expect(germanDateToUnix('29.02.2100')).toBeNull()
    expect(germanDateToUnix('29.02.2000')).toBe(utcSeconds('2000-02-28T23:00:00Z'))
  })

  it.each([
    '31.02.2027',
    '31.04.2027',
    '00.01.2027',
    '01.00.2027',
    '01.13.2027',
    '32.01.2027',
    '1.1.27',
    '01.01.27',
    '001.01.2027',
    '01.01.02027',
    '01.01.1899',
    'abc',
    '',
    '  ',
    '2027-01-01',
    '01/01/2027',
    '01-01-2027',
    '01.01.2027x',
    '١.١.٢٠٢٧',
    '+1.1.2027',
  ])('refuses %j', (input) => {
    expect(germanDateToUnix(input)).toBeNull()
  })
})

describe('unixToGermanDate', () => {
  it('writes the Berlin day of an instant', () => {
    expect(unixToGermanDate(1798758000)).toBe('01.01.2027')
    expect(unixToGermanDate(1801350000)).toBe('31.01.2027')
    expect(unixToGermanDate(1798758000 - 1)).toBe('31.12.2026')
    expect(unixToGermanDate(1798758000 + 86_399)).toBe('01.01.2027')
  })

  it('keeps the whole 25-hour day of 31.10.2027 on that day', () => {
    const midnight = utcSeconds('2027-10-30T22:00:00Z')
    expect(unixToGermanDate(midnight + 24 * 3600)).toBe('31.10.2027')
    expect(unixToGermanDate(midnight + 25 * 3600 - 1)).toBe('31.10.2027')
    expect(unixToGermanDate(midnight + 25 * 3600)).toBe('01.11.2027')
  })

  it('gives an empty string where there is no day to show', () => {
    expect(unixToGermanDate(Number.NaN)).toBe('')
    expect(unixToGermanDate(Number.POSITIVE_INFINITY)).toBe('')
    expect(unixToGermanDate(1e15)).toBe('')
    expect(unixToGermanDate(utcSeconds('1850-06-01T12:00:00Z'))).toBe('')
  })
})

describe('isoDayToUnix and unixToIsoDay', () => {
  it('read and write the database day', () => {
    expect(isoDayToUnix('2027-01-31')).toBe(1801350000)
    expect(unixToIsoDay(1801350000)).toBe('2027-01-31')
    expect(isoDayToUnix('2027-10-31')).toBe(utcSeconds('2027-10-30T22:00:00Z'))
    expect(unixToIsoDay(utcSeconds('2027-10-30T22:00:00Z'))).toBe('2027-10-31')
  })

  it.each(['2027-02-30', '2027-1-31', '2027-01-31T00:00', '27-01-31', '', 'abc'])('refuses %j', (input) => {
    expect(isoDayToUnix(input)).toBeNull()
  })
})

describe('berlinDayStart', () => {
  it('snaps any instant of a day to its Berlin midnight', () => {
    expect(berlinDayStart(1798758000)).toBe(1798758000)
    expect(berlinDayStart(1798758000 + 12 * 3600 + 0.5)).toBe(1798758000)
    expect(berlinDayStart(1798758000 - 1)).toBe(1798758000 - 86_400)
    expect(berlinDayStart(Number.NaN)).toBeNull()
  })
})

// An independent model of the EU rule (since 1996): summer time from the last Sunday of March
// to the last Sunday of October, switching at 01:00 UTC, so midnight of the March Sunday is
// still winter time and midnight of the October Sunday still summer time.
function lastSundayUtc(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0))
  return Date.UTC(year, monthIndex, last.getUTCDate() - last.getUTCDay())
}

function expectedMidnight(year: number, monthIndex: number, day: number): number {
  const dayUtc = Date.UTC(year, monthIndex, day)
  const summer = dayUtc > lastSundayUtc(year, 2) && dayUtc <= lastSundayUtc(year, 9)
  return (dayUtc - (summer ? 2 : 1) * 3_600_000) / 1000
}

const pad2 = (n: number) => String(n).padStart(2, '0')

describe('properties', () => {
  const dayArb = fc
    .integer({ min: Date.UTC(1996, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
    .map((n) => new Date(n * 86_400_000))

  it('every day from 1996 to 2099 is its midnight under the EU summer-time rule, and back', () => {
    fc.assert(
      fc.property(dayArb, (date) => {
        const y = date.getUTCFullYear()
        const m = date.getUTCMonth()
        const d = date.getUTCDate()
        const german = `${pad2(d)}.${pad2(m + 1)}.${y}`
        const iso = `${y}-${pad2(m + 1)}-${pad2(d)}`
        const sec = germanDateToUnix(german)
        expect(sec).toBe(expectedMidnight(y, m, d))
        expect(isoDayToUnix(iso)).toBe(sec)
        expect(unixToGermanDate(expectedMidnight(y, m, d))).toBe(german)
        expect(unixToIsoDay(expectedMidnight(y, m, d))).toBe(iso)
      }),
      { numRuns: 2000 },
    )
  })

  it('every instant maps to a day whose midnight is at or before it and less than 25 hours back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_000_000 }), (sec) => {
        const start = berlinDayStart(sec)
        expect(start).not.toBeNull()
        if (start === null) return
        expect(start).toBeLessThanOrEqual(sec)
        expect(sec - start).toBeLessThan(25 * 3600)
        expect(germanDateToUnix(unixToGermanDate(sec))).toBe(start)
      }),
      { numRuns: 2000 },
    )
  })

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        germanDateToUnix(s)
        isoDayToUnix(s)
      }),
      { numRuns: 2000 },
    )
  })
})
