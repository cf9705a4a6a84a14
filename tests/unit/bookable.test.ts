// Spec 4 booking status labels and spec 5 "bookable is parsed as an integer or null".
import { describe, expect, it } from 'vitest'
import {
  BOOKABLE_OPTIONS,
  BOOKABLE_STATUSES,
  bookableAction,
  bookableLabel,
  bookableSchema,
  bookableTone,
  isBookableStatus,
  parseBookable,
} from '~/lib/bookable'

describe('spec 4: "Booking status (bookable): 0 Buchbar, 1 Anfrage, 2 Nicht Buchbar, 3 Ausgebucht, 4 Durchführungsgarantie, 5 Nur noch wenige Plätze"', () => {
  it('labels every status in German', () => {
    expect(BOOKABLE_STATUSES.map(bookableLabel)).toEqual([
      'Buchbar',
      'Anfrage',
      'Nicht Buchbar',
      'Ausgebucht',
      'Durchführungsgarantie',
      'Nur noch wenige Plätze',
    ])
  })

  it('offers the statuses as select options in order', () => {
    expect(BOOKABLE_OPTIONS[3]).toEqual({ value: 3, label: 'Ausgebucht' })
    expect(BOOKABLE_OPTIONS).toHaveLength(6)
  })

  it('has a schema that accepts exactly 0 to 5', () => {
    expect(bookableSchema.parse(5)).toBe(5)
    expect(bookableSchema.safeParse(6).success).toBe(false)
    expect(bookableSchema.safeParse('1').success).toBe(false)
    expect(isBookableStatus(0)).toBe(true)
    expect(isBookableStatus(-1)).toBe(false)
  })

  it('lets the customer book on 0, 4 and 5, request on 1, and nothing on 2 and 3', () => {
    expect(BOOKABLE_STATUSES.map(bookableAction)).toEqual(['book', 'request', 'none', 'none', 'book', 'book'])
  })

  it('gives sold out the error tone and few seats left the warning tone', () => {
    expect(BOOKABLE_STATUSES.map(bookableTone)).toEqual(['success', 'info', 'neutral', 'error', 'success', 'warning'])
  })
})

describe('spec 5: "bookable is parsed as an integer or null"', () => {
  it('parses integers and integer strings of known statuses', () => {
    expect(parseBookable(0)).toBe(0)
    expect(parseBookable(4)).toBe(4)
    expect(parseBookable('3')).toBe(3)
    expect(parseBookable(' 5 ')).toBe(5)
    expect(parseBookable('03')).toBe(3)
  })

  it('gives null for a non-integer instead of truncating it', () => {
    expect(parseBookable('3.7')).toBeNull()
    expect(parseBookable(3.7)).toBeNull()
    expect(parseBookable('3.0')).toBeNull()
  })

  it('gives null for unknown statuses and non-numbers', () => {
    for (const v of [9, -1, '9', 'x', '', ' ', null, undefined, Number.NaN, true, [1], { bookable: 1 }]) {
      expect(parseBookable(v), String(v)).toBeNull()
    }
  })
})
