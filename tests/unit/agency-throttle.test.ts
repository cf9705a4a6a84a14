// Failed agency logins are throttled per key: free failures, then doubling locks up to a ceiling;
// a success takes its attempt back; old failures are forgotten.
import { describe, expect, it } from 'vitest'
import { ACCOUNT_RULE, CLIENT_RULE, LoginThrottle } from '~/server/services/agency/throttle.server'
import { manualClock } from '../support/clock'

describe('LoginThrottle', () => {
  it('five failures per account, then waits of 30 s, 1, 2, 4, 8 minutes, at most 15', () => {
    const c = manualClock()
    const t = new LoginThrottle(ACCOUNT_RULE, c.now)
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

  it('keys are separate', () => {
    const c = manualClock()
    const t = new LoginThrottle(ACCOUNT_RULE, c.now)
    for (let i = 0; i < 5; i++) t.begin('a')
    expect(t.retryAfter('a')).toBeGreaterThan(0)
    expect(t.retryAfter('b')).toBe(0)
  })

  it('a success with reset forgets the account; without reset it takes back only its own attempt', () => {
    const c = manualClock()
    const accounts = new LoginThrottle(ACCOUNT_RULE, c.now)
    for (let i = 0; i < 4; i++) accounts.begin('a')
    accounts.succeeded('a', true)
    expect(accounts.size).toBe(0)
    for (let i = 0; i < 5; i++) accounts.begin('a')
    expect(accounts.retryAfter('a')).toBe(30_000)

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
    const t = new LoginThrottle(ACCOUNT_RULE, c.now)
    let admitted = 0
    for (let i = 0; i < 50; i++) {
      if (t.retryAfter('a') > 0) continue
      admitted++
      t.begin('a')
    }
    expect(admitted).toBe(ACCOUNT_RULE.freeFailures)
  })

  it('failures are forgotten after an hour without one', () => {
    const c = manualClock()
    const t = new LoginThrottle(ACCOUNT_RULE, c.now)
    for (let i = 0; i < 4; i++) t.begin('a')
    c.advance(ACCOUNT_RULE.forgetMs + 1)
    t.begin('a')
    expect(t.retryAfter('a')).toBe(0)
    expect(t.size).toBe(1)
  })
})
