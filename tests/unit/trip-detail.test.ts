// Which /reise/{param}/ URLs name a trip, and the helpers of the detail page.
import { describe, expect, it } from 'vitest'
import { formatDepartureTime, lowestPrice, parseIcsFileParam, parseTripParam, transportLabel, tripIcsPath, tripPath, tripRequestHref } from '~/lib/trip-detail'

describe('parseTripParam', () => {
  it('reads the canonical numeric id', () => {
    expect(parseTripParam('12')).toEqual({ kind: 'id', id: 12, canonical: true })
  })

  it('reads an id followed by the slug as a non-canonical spelling', () => {
    expect(parseTripParam('12-gardasee-und-verona')).toEqual({ kind: 'id', id: 12, canonical: false })
  })

  it('reads a bare slug', () => {
    expect(parseTripParam('gardasee-und-verona')).toEqual({ kind: 'slug', slug: 'gardasee-und-verona' })
    expect(parseTripParam('abc')).toEqual({ kind: 'slug', slug: 'abc' })
  })

  it.each(['', '0', '012', '-1', '1.5', '99999999999', '12 13', 'a_b', 'ab--', '../etc', '%3Cscript%3E', 'x'.repeat(201)])(
    'refuses %j',
    (param) => {
      expect(parseTripParam(param)).toBeNull()
    },
  )
})

describe('paths', () => {
  it('builds the canonical trip path, the .ics path and the request form link', () => {
    expect(tripPath(12)).toBe('/reise/12/')
    expect(tripIcsPath(12, 34)).toBe('/reise/12/termin/34.ics')
    expect(tripRequestHref(12, 34)).toBe('/forms/reiseanfrage/?reise=12&termin=34')
  })

  it('reads the date id of an .ics file name', () => {
    expect(parseIcsFileParam('34.ics')).toBe(34)
    expect(parseIcsFileParam('34')).toBeNull()
    expect(parseIcsFileParam('0.ics')).toBeNull()
    expect(parseIcsFileParam('34.ics.exe')).toBeNull()
  })

  it('shows departure times with "Uhr" and nothing for garbage', () => {
    expect(formatDepartureTime('06:30')).toBe('06:30 Uhr')
    expect(formatDepartureTime('25:00')).toBe('')
  })
})

describe('labels and prices', () => {
  it('names the means of transport', () => {
    expect(transportLabel('bus')).toBe('Busreise')
    expect(transportLabel('flug')).toBe('Flugreise')
    expect(transportLabel('rakete')).toBe('Reise')
  })

  it('takes the lowest price of the open dates, else of all', () => {
    const date = (price: number, bookable: 0 | 3) => ({ id: price, dateFrom: '2027-01-01', dateTill: '2027-01-02', price, singleRoomSurcharge: 0, bookable, code: '' })
    const open = (d: { bookable: number }) => d.bookable !== 3
    expect(lowestPrice([date(500, 3), date(900, 0), date(700, 0)], open)).toBe(700)
    expect(lowestPrice([date(500, 3), date(900, 3)], open)).toBe(500)
    expect(lowestPrice([], open)).toBeNull()
  })
})
