// The per-client limiter behind drafts, saves, bookings and image renders: "at most N in any window".
import { describe, expect, it } from 'vitest'
import { SlidingWindowLimiter } from '~/server/http/client-limits.server'
import { manualClock } from '../support/clock'

describe('SlidingWindowLimiter', () => {
  it('lets the limit through, refuses the next one and says when room comes back', () => {
    const time = manualClock()
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000 }, time.now)
    expect(limiter.take('a')).toEqual({ ok: true })
    time.advance(10_000)
    expect(limiter.take('a')).toEqual({ ok: true })
    expect(limiter.take('a')).toEqual({ ok: true })
    // The first of the three leaves the window 50 s from now.
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 50 })
    time.advance(49_000)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
    time.advance(1_001)
    expect(limiter.take('a')).toEqual({ ok: true })
    expect(limiter.take('a').ok).toBe(false)
  })

  it('counts each client on its own and does not count refused requests', () => {
    const time = manualClock()
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1_000 }, time.now)
    expect(limiter.take('a').ok).toBe(true)
    expect(limiter.take('b').ok).toBe(true)
    for (let i = 0; i < 50; i++) expect(limiter.take('a').ok).toBe(false)
    // Hammering did not push the window on: one second after its one request, a is let in again.
    time.advance(1_001)
    expect(limiter.take('a').ok).toBe(true)
  })

  it('check says what take would, without counting (the limits that count only failures)', () => {
    const time = manualClock()
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 60_000 }, time.now)
    for (let i = 0; i < 10; i++) expect(limiter.check('a')).toEqual({ ok: true })
    limiter.take('a')
    time.advance(30_000)
    limiter.take('a')
    expect(limiter.check('a')).toEqual({ ok: false, retryAfterSeconds: 30 })
    expect(limiter.check('b')).toEqual({ ok: true })
    time.advance(30_001)
    expect(limiter.check('a')).toEqual({ ok: true })
  })

  it('forgets the least recently seen clients beyond 20,000', () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 60_000 }, manualClock().now)
    for (let i = 0; i < 20_100; i++) limiter.take(`client-${i}`)
    expect(limiter.size).toBe(20_000)
    // The oldest client was dropped, so it starts afresh; a recent one is still counted.
    expect(limiter.take('client-0').ok).toBe(true)
    expect(limiter.take('client-20099').ok).toBe(false)
  })
})
