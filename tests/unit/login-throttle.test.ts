// Failed agency logins are throttled per key: free failures, then doubling locks up to a ceiling;
// a success takes its attempt back; old failures are forgotten. The addresses an account logged in
// from are remembered for a month, a few per account.
import { describe, expect, it } from 'vitest'
import { ACCOUNT_RULE, CLIENT_RULE, KnownAddresses, LoginThrottle, PAIR_RULE } from '~/server/auth/login-throttle.server'
import { manualClock } from '../support/clock'

describe('LoginThrottle', () => {
  it('five failures per account and address, then waits of 30 s, 1, 2, 4, 8 minutes, at most 15', () => {
    const c = manualClock()
    const t = new LoginThrottle(PAIR_RULE, c.now)
    for (let i = 0; i < 4; i++) {
      expect(t.retryAfter('a')).toBe(0)
      t.begin('a')
    }
    t.begin('a')
    expect(t.retryAfter('a')).toBe(30_000)
    const locks: number[] = []
    for (let i = 0; i < 7; i++) {
      c.advance(t.retryAfter('a'))
      expect(t.retryAfter('a')).toBe(0)
      t.begin('a')
      locks.push(t.retryAfter('a'))
    }
    expect(locks).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000])
  })

  it('the account-wide ceiling is ten times that of a pair: 50 failures', () => {
    const c = manualClock()
    const t = new LoginThrottle(ACCOUNT_RULE, c.now)
    for (let i = 0; i < 49; i++) t.begin('a')
    expect(t.retryAfter('a')).toBe(0)
    t.begin('a')
    expect(t.retryAfter('a')).toBe(30_000)
  })

  it('keys are separate', () => {
    const c = manualClock()
    const t = new LoginThrottle(PAIR_RULE, c.now)
    for (let i = 0; i < 5; i++) t.begin('a')
    expect(t.retryAfter('a')).toBeGreaterThan(0)
    expect(t.retryAfter('b')).toBe(0)
  })

  it('a success with reset forgets the account; without reset it takes back only its own attempt', () => {
    const c = manualClock()
    const pairs = new LoginThrottle(PAIR_RULE, c.now)
    for (let i = 0; i < 4; i++) pairs.begin('a')
    pairs.succeeded('a', true)
    expect(pairs.size).toBe(0)
    for (let i = 0; i < 5; i++) pairs.begin('a')
    expect(pairs.retryAfter('a')).toBe(30_000)

    const clients = new LoginThrottle(CLIENT_RULE, c.now)
    for (let i = 0; i < 20; i++) clients.begin('ip')
    expect(clients.retryAfter('ip')).toBe(30_000)
    clients.succeeded('ip', false)
    expect(clients.retryAfter('ip')).toBe(0)
    clients.begin('ip')
    expect(clients.retryAfter('ip')).toBe(30_000)
  })

  it('an attempt counts from its start: a burst cannot outrun the lock', () => {
    const c = manualClock()
    const t = new LoginThrottle(PAIR_RULE, c.now)
    let admitted = 0
    for (let i = 0; i < 50; i++) {
      if (t.retryAfter('a') > 0) continue
      admitted++
      t.begin('a')
    }
    expect(admitted).toBe(PAIR_RULE.freeFailures)
  })

  it('failures are forgotten after an hour without one', () => {
    const c = manualClock()
    const t = new LoginThrottle(PAIR_RULE, c.now)
    for (let i = 0; i < 4; i++) t.begin('a')
    c.advance(PAIR_RULE.forgetMs + 1)
    t.begin('a')
    expect(t.retryAfter('a')).toBe(0)
    expect(t.size).toBe(1)
  })
})

describe('KnownAddresses', () => {
  it('remembers an address per account for 30 days', () => {
    const c = manualClock()
    const known = new KnownAddresses(c.now)
    known.remember('sonne', '192.0.2.1')
    expect(known.has('sonne', '192.0.2.1')).toBe(true)
    expect(known.has('sonne', '192.0.2.2')).toBe(false)
    expect(known.has('demo', '192.0.2.1')).toBe(false)
    c.advance(30 * 24 * 60 * 60_000)
    expect(known.has('sonne', '192.0.2.1')).toBe(true)
    c.advance(1)
    expect(known.has('sonne', '192.0.2.1')).toBe(false)
  })

  it('keeps the 20 most recent addresses of an account', () => {
    const c = manualClock()
    const known = new KnownAddresses(c.now)
    for (let i = 0; i < 21; i++) {
      known.remember('sonne', `192.0.2.${i}`)
      c.advance(1000)
    }
    expect(known.has('sonne', '192.0.2.0')).toBe(false)
    expect(known.has('sonne', '192.0.2.1')).toBe(true)
    expect(known.has('sonne', '192.0.2.20')).toBe(true)
  })
})
