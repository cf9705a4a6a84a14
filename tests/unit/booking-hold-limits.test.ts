// Issue 24: a client may hold a booking's maximum of seats at once (times the per-client scale,
// never fewer), and at most half of a date's seats.
import { describe, expect, it } from 'vitest'
import { clientSeatCap, dateSeatShare, holdLimitMessage } from '~/lib/booking/hold-limits'

describe('seat hold limits', () => {
  it('the cap is a booking’s maximum, scaled like the other per-client limits, never below one booking', () => {
    expect(clientSeatCap(1)).toBe(9)
    expect(clientSeatCap(5)).toBe(45)
    expect(clientSeatCap(0.1)).toBe(9)
  })

  it('a date’s share is half of its seats, rounded up, so two clients can fill it', () => {
    expect(dateSeatShare(49)).toBe(25)
    expect(dateSeatShare(36)).toBe(18)
    expect(dateSeatShare(19)).toBe(10)
    for (const seats of [1, 2, 19, 36, 49]) expect(2 * dateSeatShare(seats)).toBeGreaterThanOrEqual(seats)
  })

  it('says in German which limit was reached', () => {
    expect(holdLimitMessage({ kind: 'client', cap: 9 })).toContain('so viele Sitzplätze gehalten, wie eine Buchung höchstens hat (9)')
    expect(holdLimitMessage({ kind: 'date', share: 10, seats: 19 })).toContain('(10 von 19)')
  })
})
