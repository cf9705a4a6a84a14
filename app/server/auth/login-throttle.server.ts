// Failed-login throttling (the agency login and the office's staff login, each with its own set),
// kept in the memory of one app instance. Each key (an account with an
// address, an address, an account) may fail a few times freely; the last free failure locks it briefly, and every further
// failure locks it for twice as long as the one before, up to a ceiling. An attempt counts as a failure from the moment it
// starts, so a burst of parallel guesses cannot slip in before the first one is judged; a success
// takes its own count back. Keys forget their failures after an hour without one.

import { LRUCache } from 'lru-cache'

export type ThrottleRule = {
  /** Failures before the first wait. */
  freeFailures: number
  /** The lock after the first failure beyond the free ones; it doubles with each further failure. */
  baseLockMs: number
  maxLockMs: number
  /** A key without a failure for this long starts afresh. */
  forgetMs: number
}

type Entry = { failures: number; lockedUntil: number; lastFailure: number }

/** Enough for a busy day of agencies; beyond it the oldest entries go first. */
const MAX_ENTRIES = 10_000

export class LoginThrottle {
  /** In the order of their last failure (begin sets, the rest only peeks): the least recently failed go first. */
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES })

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Milliseconds until the key may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const entry = this.current(key)
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0
  }

  /** Starts an attempt: counted as a failure until `succeeded` takes it back. */
  begin(key: string): void {
    const now = this.now()
    const entry = this.current(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now }
    entry.failures += 1
    entry.lastFailure = now
    const beyond = entry.failures - this.rule.freeFailures
    if (beyond >= 0) entry.lockedUntil = now + Math.min(this.rule.baseLockMs * 2 ** Math.min(beyond, 30), this.rule.maxLockMs)
    this.entries.set(key, entry)
  }

  /** The attempt succeeded: it was no failure after all. `reset` forgets the key's earlier failures too. */
  succeeded(key: string, reset: boolean): void {
    const entry = this.current(key)
    if (!entry) return
    if (reset) {
      this.entries.delete(key)
      return
    }
    entry.failures = Math.max(0, entry.failures - 1)
    if (entry.failures < this.rule.freeFailures) entry.lockedUntil = 0
  }

  get size(): number {
    return this.entries.size
  }

  private current(key: string): Entry | null {
    const entry = this.entries.peek(key)
    if (!entry) return null
    if (this.now() - entry.lastFailure > this.rule.forgetMs && entry.lockedUntil <= this.now()) {
      this.entries.delete(key)
      return null
    }
    return entry
  }
}

/**
 * Per account and address together: after 5 failures a wait of 30 s, then 1, 2, 4, 8 minutes, at
 * most 15. A stranger's guesses lock only the stranger's own pair, never the agency's office.
 */
export const PAIR_RULE: ThrottleRule = { freeFailures: 5, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 }
/** Per client address across accounts: 20 failures (several staff behind one office router), then the same steps. */
export const CLIENT_RULE: ThrottleRule = { freeFailures: 20, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 }
/**
 * Per account from every address together: the ceiling against guesses spread over many addresses
 * (50 failures, then the same steps). It does not hold back an address that logged in to the
 * account before (`KnownAddresses`), so a lock reached this way keeps out only newcomers.
 */
export const ACCOUNT_RULE: ThrottleRule = { freeFailures: 50, baseLockMs: 30_000, maxLockMs: 15 * 60_000, forgetMs: 60 * 60_000 }

/** How long an address that logged in to an account is remembered as the account's own. */
const KNOWN_FOR_MS = 30 * 24 * 60 * 60_000
/** Addresses kept per account (an agency's offices, home offices, mobile staff); the oldest go first. */
const KNOWN_PER_ACCOUNT = 20

/** The addresses each account logged in from, remembered in this instance's memory. */
export class KnownAddresses {
  /** Accounts in the order they last logged in; each with its addresses in the same order. */
  private readonly accounts = new LRUCache<string, LRUCache<string, number>>({ max: MAX_ENTRIES })

  constructor(private readonly now: () => number = () => Date.now()) {}

  has(account: string, address: string): boolean {
    const seen = this.accounts.peek(account)?.peek(address)
    return seen !== undefined && this.now() - seen <= KNOWN_FOR_MS
  }

  remember(account: string, address: string): void {
    const addresses = this.accounts.get(account) ?? new LRUCache<string, number>({ max: KNOWN_PER_ACCOUNT })
    addresses.set(address, this.now())
    this.accounts.set(account, addresses)
  }
}

/** The three counters and the known addresses of one login (agencies, office staff). */
export type LoginThrottles = { pairs: LoginThrottle; clients: LoginThrottle; accounts: LoginThrottle; known: KnownAddresses }

export function createLoginThrottles(now?: () => number): LoginThrottles {
  return {
    pairs: new LoginThrottle(PAIR_RULE, now),
    clients: new LoginThrottle(CLIENT_RULE, now),
    accounts: new LoginThrottle(ACCOUNT_RULE, now),
    known: new KnownAddresses(now),
  }
}

const pairKey = (account: string, client: string) => `${account}\n${client}`

/** Which throttle holds an attempt back, if any (the log names it), and for how long. */
export function throttledBy(throttles: LoginThrottles, account: string, client: string): { scope: string; waitMs: number } | null {
  const waits = [
    { scope: 'pair', waitMs: throttles.pairs.retryAfter(pairKey(account, client)) },
    { scope: 'client', waitMs: throttles.clients.retryAfter(client) },
    // The account-wide ceiling keeps out newcomers only: the account's own addresses still get in.
    { scope: 'account', waitMs: throttles.known.has(account, client) ? 0 : throttles.accounts.retryAfter(account) },
  ]
  const longest = waits.reduce((a, b) => (b.waitMs > a.waitMs ? b : a))
  return longest.waitMs > 0 ? longest : null
}

/** An attempt starts: it counts as a failure on all three until `loginSucceeded`. */
export function beginLogin(throttles: LoginThrottles, account: string, client: string): void {
  throttles.pairs.begin(pairKey(account, client))
  throttles.clients.begin(client)
  throttles.accounts.begin(account)
}

/**
 * The attempt succeeded. The pair starts afresh; the address's and the account's counts are only
 * taken back, not reset: one good account must not buy guesses at others, and the account's own
 * logins must not wipe out a stranger's failures.
 */
export function loginSucceeded(throttles: LoginThrottles, account: string, client: string): void {
  throttles.pairs.succeeded(pairKey(account, client), true)
  throttles.clients.succeeded(client, false)
  throttles.accounts.succeeded(account, false)
  throttles.known.remember(account, client)
}
