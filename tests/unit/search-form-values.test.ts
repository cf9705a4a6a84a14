import { describe, expect, it } from 'vitest'
import { germanDateToUnix } from '~/lib/search/dates'
import {
  dateFieldState,
  formQuery,
  formValuesFromQuery,
  formValuesFromSearch,
  searchFormQuerySchema,
  searchFormTarget,
  searchFromFormValues,
  searchWhileEditing,
} from '~/lib/search/form-values'
import type { SearchFormValues } from '~/lib/search/form-values'
import { EMPTY_SEARCH, parseSegment, stringifySegment } from '~/lib/search/segment'

const EMPTY_FORM: SearchFormValues = formValuesFromSearch(EMPTY_SEARCH, false)

describe('search form values', () => {
  it('the empty form is the empty search', () => {
    expect(EMPTY_FORM).toMatchObject({ text: '', startDate: '', durationMin: '', priceMax: '', bookable: '', ferien: false })
    expect(stringifySegment(searchFromFormValues(EMPTY_FORM))).toBe('--------')
  })

  it('round-trips the vector of DESIGN 5', () => {
    const search = parseSegment('-3,7-12-45-1798758000-1801350000-5,8-0-100,2000')
    const form = formValuesFromSearch(search, true)
    expect(form).toMatchObject({
      categories: [3, 7],
      startDate: '01.01.2027',
      endDate: '31.01.2027',
      durationMin: '5',
      durationMax: '8',
      bookable: '0',
      priceMin: '100',
      priceMax: '2.000',
      ferien: true,
    })
    expect(searchFromFormValues(form)).toEqual(search)
  })

  it('fills open ends of ranges', () => {
    expect(searchFromFormValues({ ...EMPTY_FORM, durationMin: '7' }).duration).toEqual({ min: 7, max: 366 })
    expect(searchFromFormValues({ ...EMPTY_FORM, priceMax: '1.500' }).price).toEqual({ min: 0, max: 1500 })
    expect(formValuesFromSearch(searchFromFormValues({ ...EMPTY_FORM, priceMax: '1.500' }), false).priceMin).toBe('')
  })

  it('keeps the current date while a date is half typed', () => {
    const current = { ...EMPTY_SEARCH, start: germanDateToUnix('01.06.2027') }
    expect(dateFieldState('12.0')).toBe('invalid')
    expect(dateFieldState('')).toBe('empty')
    expect(dateFieldState('31.02.2027')).toBe('invalid')
    expect(searchWhileEditing({ ...EMPTY_FORM, startDate: '12.0' }, current).start).toBe(current.start)
    expect(searchWhileEditing({ ...EMPTY_FORM, startDate: '' }, current).start).toBeNull()
    expect(searchWhileEditing({ ...EMPTY_FORM, startDate: '12.06.2027' }, current).start).toBe(germanDateToUnix('12.06.2027'))
  })

  it('reads the GET query of the form without scripts, leniently', () => {
    const query = searchFormQuerySchema.parse({ q: 'Wien', categories: ['3', 'x', 7], bookable: 'abc', ferien: 'on', priceMin: 50 })
    const values = formValuesFromQuery(query)
    expect(values).toMatchObject({ text: 'Wien', categories: [3, 7], ferien: true, priceMin: '50' })
    expect(stringifySegment(searchFromFormValues(values))).toBe('wien-3,7-------50,500000000000')
    expect(formValuesFromQuery(searchFormQuerySchema.parse({ categories: { a: 1 }, durationMin: [] }))).toEqual(EMPTY_FORM)
  })

  it('reads a GET query as the form sent it: text stays text, repeated keys become lists', () => {
    const query = formQuery(new URLSearchParams('text=Gardasee&categories=3&categories=4&priceMax=1.500&ferien=on&sortBy=price'))
    expect(query).toEqual({ text: 'Gardasee', categories: ['3', '4'], priceMax: '1.500', ferien: 'on', sortBy: 'price' })
    const target = searchFormTarget(query)
    // '1.500' is fifteen hundred euros (German grouping), not 1.5.
    expect(target.search.price).toEqual({ min: 0, max: 1500 })
    expect(target.search.categories).toEqual([3, 4])
    expect(target.params).toEqual({ sortBy: 'price', sortDirection: 'asc', ferien: true })
    expect(searchFormTarget(formQuery(new URLSearchParams('sortBy=bogus&sortDirection=up&categories=x'))).params).toEqual({
      sortBy: 'date',
      sortDirection: 'asc',
      ferien: false,
    })
  })
})
