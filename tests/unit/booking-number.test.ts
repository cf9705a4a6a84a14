import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BOOKING_NUMBER_ALPHABET, BOOKING_NUMBER_PATTERN, formatBookingNumber } from '~/lib/booking/booking-number'

describe('booking numbers', () => {
  it('are eight characters of the alphabet in two groups of four', () => {
    const indices = [0, 1, 2, 3, 28, 29, 30, 31]
    expect(formatBookingNumber(() => indices.shift() ?? 0)).toBe('0123-WXYZ')
  })

  it('match the pattern the links and the success page accept', () => {
    for (let i = 0; i < 200; i++) expect(formatBookingNumber(randomInt)).toMatch(BOOKING_NUMBER_PATTERN)
  })

  it('never use the letters that are misread (I, L, O, U), and the pattern refuses them', () => {
    expect(BOOKING_NUMBER_ALPHABET).toHaveLength(32)
    expect(BOOKING_NUMBER_ALPHABET).not.toMatch(/[ILOU]/)
    for (const wrong of ['ABCD-EFGI', 'L234-5678', 'O234-5678', 'U234-5678', 'abcd-efgh', '1234-567', '1234_5678'])
      expect(wrong).not.toMatch(BOOKING_NUMBER_PATTERN)
  })
})
