// Spec 9 display formats (prices, dates, durations, copyright) and spec 5 price string reading.
import { describe, expect, it } from 'vitest'
import {
  compareGerman,
  formatCopyright,
  formatDate,
  formatDateRange,
  formatDuration,
  formatEuro,
  formatNumber,
  formatPrice,
  formatTime,
  formatTimeLeft,
  formatTripCount,
  parsePriceString,
} from '~/lib/format'

const NBSP = '\u00a0'

describe('spec 9: "Locale de-DE, currency EUR, German format with 2 decimals by default" and "Raw prices are divided by 1,000,000"', () => {
  it('formats a raw price in millionths of a euro', () => {
    expect(formatPrice(1_299_000_000)).toBe(`1.299,00${NBSP}€`)
    expect(formatPrice(1_500_000)).toBe(`1,50${NBSP}€`)
    expect(formatPrice(0)).toBe(`0,00${NBSP}€`)
  })

  it('rounds to two decimals and groups thousands with dots', () => {
    expect(formatPrice(1_234_567_891_000)).toBe(`1.234.567,89${NBSP}€`)
    expect(formatPrice(4_995_000)).toBe(`5,00${NBSP}€`)
  })

  it('accepts a bigint (DB bigint columns) without losing the cents', () => {
    expect(formatPrice(500_000_000_000_000_000n + 990_000n)).toBe(`500.000.000.000,99${NBSP}€`)
  })

  it('takes other fraction digits on request', () => {
    expect(formatPrice(1_299_000_000, { fractionDigits: 0 })).toBe(`1.299${NBSP}€`)
    expect(formatPrice(1_234_500, { fractionDigits: 3 })).toBe(`1,235${NBSP}€`)
  })

  it('shows negative amounts with a minus, but never "-0,00 €"', () => {
    expect(formatPrice(-50_000_000)).toBe(`-50,00${NBSP}€`)
    expect(formatPrice(-1_000)).toBe(`0,00${NBSP}€`)
  })

  it('gives an empty string when there is no price', () => {
    expect(formatPrice(null)).toBe('')
    expect(formatPrice(undefined)).toBe('')
    expect(formatPrice(Number.NaN)).toBe('')
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('')
  })

  it('formats amounts already in euros', () => {
    expect(formatEuro(1299)).toBe(`1.299,00${NBSP}€`)
    expect(formatEuro(19.9)).toBe(`19,90${NBSP}€`)
    expect(formatEuro(Number.NaN)).toBe('')
  })

  it('formats plain numbers de-DE', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5')
    expect(formatNumber(1234.5, 2)).toBe('1.234,50')
    expect(formatNumber(2.5, 0)).toBe('3')
    expect(formatNumber(null)).toBe('')
    expect(formatNumber(Number.NaN)).toBe('')
  })

  it('counts trips in the singular for one and the plural otherwise, grouped only when asked', () => {
    expect(formatTripCount(1)).toBe('1 Reise')
    expect(formatTripCount(0)).toBe('0 Reisen')
    expect(formatTripCount(1234)).toBe('1234 Reisen')
    expect(formatTripCount(1234, { grouped: true })).toBe('1.234 Reisen')
  })
})

describe('spec 5: "Price string with both comma and dot is read as German format"', () => {
  it('reads dots as thousands and the comma as decimal when both are present', () => {
    expect(parsePriceString('1.299,50')).toBe(1299.5)
    expect(parsePriceString('1.234.567,89')).toBe(1234567.89)
  })

  it('rejects an English-formatted string with both separators instead of misreading it', () => {
    expect(parsePriceString('1,299.50')).toBeNull()
    expect(parsePriceString('12.34,50')).toBeNull()
  })

  it('reads a lone comma as the German decimal comma', () => {
    expect(parsePriceString('1299,5')).toBe(1299.5)
    expect(parsePriceString('0,99')).toBe(0.99)
    expect(parsePriceString('1,299')).toBe(1.299)
  })

  it('reads a lone dot followed by groups of three digits as German thousands', () => {
    expect(parsePriceString('1.299')).toBe(1299)
    expect(parsePriceString('1.299.000')).toBe(1299000)
  })

  it('reads any other lone dot as a decimal point', () => {
    expect(parsePriceString('1299.50')).toBe(1299.5)
    expect(parsePriceString('12.5')).toBe(12.5)
    expect(parsePriceString('0.500')).toBe(0.5)
  })

  it('ignores €, EUR and spaces, and reads the whole-euro notation ",-"', () => {
    expect(parsePriceString(' 1.299,00 € ')).toBe(1299)
    expect(parsePriceString(`1.299,50${NBSP}€`)).toBe(1299.5)
    expect(parsePriceString('€ 49')).toBe(49)
    expect(parsePriceString('99 EUR')).toBe(99)
    expect(parsePriceString('1.299,- €')).toBe(1299)
  })

  it('keeps a leading minus', () => {
    expect(parsePriceString('-12,50')).toBe(-12.5)
  })

  it('reads its own formatPrice output back', () => {
    expect(parsePriceString(formatPrice(1_234_567_890_000))).toBe(1234567.89)
  })

  it('returns null for garbage', () => {
    for (const s of ['', ' ', '€', 'abc', '12a', '1,2,3', '1..2', ',5', '12,', '--5', '1.2.3']) {
      expect(parsePriceString(s), s).toBeNull()
    }
  })
})

describe('spec 9: "Dates dd.mm.yyyy"', () => {
  it('formats a calendar day from a DB date column without shifting it', () => {
    expect(formatDate('2027-03-05')).toBe('05.03.2027')
    expect(formatDate('2027-12-31')).toBe('31.12.2027')
    expect(formatDate('2028-02-29')).toBe('29.02.2028')
  })

  it('formats a Date as the day it is in Berlin, whatever the machine zone', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Berlin (CET).
    expect(formatDate(new Date('2027-03-04T23:30:00Z'))).toBe('05.03.2027')
    // 22:30 UTC on 30 June is 00:30 on 1 July in Berlin (CEST).
    expect(formatDate(new Date('2027-06-30T22:30:00Z'))).toBe('01.07.2027')
    expect(formatDate(new Date('2027-06-30T21:30:00Z'))).toBe('30.06.2027')
  })

  it('treats an ISO timestamp string as an instant in Berlin', () => {
    expect(formatDate('2027-03-04T23:30:00Z')).toBe('05.03.2027')
  })

  it('gives an empty string for missing or impossible days', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('2027-02-30')).toBe('')
    expect(formatDate('2027-13-01')).toBe('')
    expect(formatDate('05.03.2027')).toBe('')
    expect(formatDate(new Date(Number.NaN))).toBe('')
  })
})

describe('times of day and time left (the seat hold)', () => {
  it('shows the Berlin time of day, winter and summer alike', () => {
    expect(formatTime(new Date('2027-03-04T19:05:00Z'))).toBe('20:05')
    expect(formatTime(new Date('2027-06-30T22:30:00Z'))).toBe('00:30')
    expect(formatTime(new Date(Number.NaN))).toBe('')
  })

  it('says seconds below a minute and whole minutes from one on, never more than is left', () => {
    expect(formatTimeLeft(33)).toBe('33 Sekunden')
    expect(formatTimeLeft(1)).toBe('1 Sekunde')
    expect(formatTimeLeft(0)).toBe('0 Sekunden')
    expect(formatTimeLeft(59.9)).toBe('59 Sekunden')
    expect(formatTimeLeft(60)).toBe('1 Minute')
    expect(formatTimeLeft(119)).toBe('1 Minute')
    expect(formatTimeLeft(1199)).toBe('19 Minuten')
    expect(formatTimeLeft(-5)).toBe('0 Sekunden')
  })
})

describe('spec 9: "equal from and till shows one date, otherwise \'from - till\'"', () => {
  it('joins two different days with " - "', () => {
    expect(formatDateRange('2027-05-01', '2027-05-08')).toBe('01.05.2027 - 08.05.2027')
  })

  it('shows one date when from and till are equal', () => {
    expect(formatDateRange('2027-05-01', '2027-05-01')).toBe('01.05.2027')
  })

  it('compares days, so a Date and the same Berlin day as text are equal', () => {
    expect(formatDateRange(new Date('2027-04-30T22:15:00Z'), '2027-05-01')).toBe('01.05.2027')
  })

  it('shows the known end when the other is missing, and nothing when both are', () => {
    expect(formatDateRange('2027-05-01', null)).toBe('01.05.2027')
    expect(formatDateRange(undefined, '2027-05-08')).toBe('08.05.2027')
    expect(formatDateRange(null, null)).toBe('')
  })
})

describe('spec 9: "Duration: \'{n} Tag\' for 1, \'{n} Tage\' otherwise; empty if n is not a number"', () => {
  it('uses the singular only for 1', () => {
    expect(formatDuration(1)).toBe('1 Tag')
    expect(formatDuration(8)).toBe('8 Tage')
    expect(formatDuration(0)).toBe('0 Tage')
  })

  it('accepts numeric strings', () => {
    expect(formatDuration('1')).toBe('1 Tag')
    expect(formatDuration(' 5 ')).toBe('5 Tage')
  })

  it('formats fractions and large numbers de-DE', () => {
    expect(formatDuration(1.5)).toBe('1,5 Tage')
    expect(formatDuration(1000)).toBe('1.000 Tage')
  })

  it('is empty when n is not a number', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, '', 'abc', '5 Tage', {}, [3], true]) {
      expect(formatDuration(n), String(n)).toBe('')
    }
  })
})

describe('spec 9: "Copyright text prefixed with ©"', () => {
  it('prefixes the text', () => {
    expect(formatCopyright('2027 Reisen GmbH')).toBe('© 2027 Reisen GmbH')
  })

  it('does not double a sign already there', () => {
    expect(formatCopyright('© 2027 Reisen GmbH')).toBe('© 2027 Reisen GmbH')
    expect(formatCopyright('©2027 Reisen GmbH')).toBe('© 2027 Reisen GmbH')
    expect(formatCopyright('(c) 2027 Reisen GmbH')).toBe('© 2027 Reisen GmbH')
  })

  it('is empty for empty input', () => {
    expect(formatCopyright('')).toBe('')
    expect(formatCopyright('   ')).toBe('')
    expect(formatCopyright(null)).toBe('')
    expect(formatCopyright(undefined)).toBe('')
  })
})

describe('German alphabetical order', () => {
  it('sorts umlauts with their base letter, not after z', () => {
    expect(['Zypern', 'Österreich', 'Ägypten', 'Belgien', 'Oman'].sort(compareGerman)).toEqual(['Ägypten', 'Belgien', 'Oman', 'Österreich', 'Zypern'])
  })
})
