// The Reisekalender's months and the window one page shows.
import { describe, expect, it } from 'vitest'
import { addMonths, calendarSearchSchema, calendarWindow, monthChoices, monthKeyOf, monthLabel, monthsBetween, monthStart } from '~/lib/travel-calendar'

describe('month keys', () => {
  it('takes the month of a day and labels it in German', () => {
    expect(monthKeyOf('2027-01-15')).toBe('2027-01')
    expect(monthLabel('2027-01')).toBe('Januar 2027')
    expect(monthLabel('2027-03')).toBe('März 2027')
    expect(monthLabel('2026-12')).toBe('Dezember 2026')
    expect(monthStart('2027-02')).toBe('2027-02-01')
  })

  it('adds months across year ends', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
    expect(monthsBetween('2026-11', '2027-02')).toBe(3)
    expect(monthsBetween('2027-02', '2026-11')).toBe(-3)
  })

  it('drops a mangled query instead of failing', () => {
    expect(calendarSearchSchema.parse({ monat: '2027-13', kategorie: '<x>' })).toEqual({})
    expect(calendarSearchSchema.parse({ monat: '2027-02', kategorie: 'busreisen' })).toEqual({ monat: '2027-02', kategorie: 'busreisen' })
  })
})

describe('calendarWindow', () => {
  it('starts with this month and offers the next page', () => {
    expect(calendarWindow({ current: '2026-11', lastWithDates: '2028-04' })).toEqual({
      months: ['2026-11', '2026-12', '2027-01'],
      previous: null,
      next: '2027-02',
    })
  })

  it('shows a requested month with its previous and next pages', () => {
    expect(calendarWindow({ requested: '2027-05', current: '2026-11', lastWithDates: '2028-04' })).toEqual({
      months: ['2027-05', '2027-06', '2027-07'],
      previous: '2027-02',
      next: '2027-08',
    })
  })

  it('never goes back before this month', () => {
    expect(calendarWindow({ requested: '2026-12', current: '2026-11', lastWithDates: '2028-04' }).previous).toBe('2026-11')
    expect(calendarWindow({ requested: '2020-01', current: '2026-11', lastWithDates: '2028-04' }).months[0]).toBe('2026-11')
  })

  it('stops at the last month with dates', () => {
    const end = calendarWindow({ requested: '2030-01', current: '2026-11', lastWithDates: '2028-04' })
    expect(end.months[0]).toBe('2028-04')
    expect(end.next).toBeNull()
    expect(calendarWindow({ requested: '2028-02', current: '2026-11', lastWithDates: '2028-04' }).next).toBeNull()
  })

  it('works without any dates', () => {
    expect(calendarWindow({ current: '2026-11', lastWithDates: null })).toEqual({
      months: ['2026-11', '2026-12', '2027-01'],
      previous: null,
      next: null,
    })
  })
})

describe('monthChoices', () => {
  const option = (key: '2026-11' | '2026-12' | '2027-01' | '2027-03') => ({ key, label: monthLabel(key) })

  it('offers the month the page begins with even when none of its dates is left', () => {
    const withDates = [option('2026-12'), option('2027-01')]
    // As the page passes it: its first month, with that month's (no) dates.
    const november = { ...option('2026-11'), entries: [] }
    expect(monthChoices(withDates, november).map((m) => m.key)).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(monthChoices(withDates, option('2027-03')).map((m) => m.key)).toEqual(['2026-12', '2027-01', '2027-03'])
  })

  it('is the months with dates when the page begins with one of them, or shows nothing', () => {
    const withDates = [option('2026-11'), option('2026-12')]
    expect(monthChoices(withDates, option('2026-12'))).toEqual(withDates)
    expect(monthChoices(withDates, undefined)).toEqual(withDates)
    expect(monthChoices([], undefined)).toEqual([])
  })
})
