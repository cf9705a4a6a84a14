import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BOOKING_NUMBER_ALPHABET, BOOKING_NUMBER_PATTERN, formatBookingNumber, typedBookingNumber } from '~/lib/booking/booking-number'
import { bookingLinkSchema } from '~/lib/account/bookings'

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

  it('are read as a person types them: without the hyphen, with spaces, small letters, O, I and L for 0, 1, 1', () => {
    for (const typed of ['7K4P-9XQ2', '7k4p9xq2', ' 7K4P 9XQ2 ', '7k4p – 9xq2', '7K4P.9XQ2']) expect(typedBookingNumber(typed)).toBe('7K4P-9XQ2')
    expect(typedBookingNumber('oi1l-abcd')).toBe('0111-ABCD')
    // Not eight characters: left as typed, for the pattern to refuse.
    expect(typedBookingNumber(' 7k4p-9xq ')).toBe('7K4P-9XQ')
    expect(typedBookingNumber('7K4P-9XQ')).not.toMatch(BOOKING_NUMBER_PATTERN)
    expect(typedBookingNumber('7K4U-9XQ2')).not.toMatch(BOOKING_NUMBER_PATTERN)
  })

  it('linking a booking in Mein Konto takes the number without its hyphen', () => {
    const parsed = bookingLinkSchema.safeParse({ bookingNumber: '7k4p9xq2', lastname: 'Muster', departure: '2027-05-01' })
    expect(parsed.success && parsed.data.bookingNumber).toBe('7K4P-9XQ2')
    expect(bookingLinkSchema.safeParse({ bookingNumber: '7k4p9xq', lastname: 'Muster', departure: '2027-05-01' }).success).toBe(false)
  })
})
