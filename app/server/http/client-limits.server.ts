// Per-client limits for what writes or costs and is not a form (the forms count in the database,
// see form-limits.server.ts): new booking drafts, draft saves, bookings and image renders, and
// failures that only a guesser has many of (newsletter tokens, cache tokens, voucher codes). They
// are counted in this process's memory, per client address, over a sliding window; with several
// app instances each counts its own share (docs/SECURITY.md). A refused request is not counted.
import { getRequestHeader, getRequestIP, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { LRUCache } from 'lru-cache'
import { VOUCHER_GUESSES_MESSAGE } from '~/lib/booking/vouchers'
import { config } from '../config.server'
import { log } from '../log.server'
import { clientAddress, configuredTrustedProxies, limitedClient } from './client-address.server'

export type RateRule = { limit: number; windowMs: number }
export type Attempt = { ok: true } | { ok: false; retryAfterSeconds: number }

/** The rules, per client address (docs/SECURITY.md lists them). */
export const CLIENT_LIMITS = {
  /** New booking drafts: the first visit of a date's booking, or POST /api/booking-drafts. */
  draft: { limit: 20, windowMs: 10 * 60_000 },
  /** Saves of a draft (every autosave while typing, holds extended). */
  save: { limit: 300, windowMs: 10 * 60_000 },
  /** "zahlungspflichtig buchen" and SEPA mandates given later on the payment page. */
  book: { limit: 10, windowMs: 10 * 60_000 },
  /** Images the proxy has to make (cache hits are free). */
  imageRender: { limit: 60, windowMs: 60_000 },
  /** Newsletter links (confirm, unsubscribe) with a token nobody was given: guesses, not customers. */
  newsletterLink: { limit: 20, windowMs: 10 * 60_000 },
  /** Cache clears with a wrong CACHE_CLEAR_TOKEN: guesses. */
  cacheClearToken: { limit: 10, windowMs: 10 * 60_000 },
  /** Wrong voucher codes entered from one client (issue 24): a customer mistypes a few times, a guesser thousands. */
  voucherGuess: { limit: 10, windowMs: 60 * 60_000 },
  /** Wrong voucher codes entered in one draft, from whatever address (the key is the draft's id). */
  voucherGuessDraft: { limit: 5, windowMs: 60 * 60_000 },
  /** Mails asked for on the account pages (registration, sign-in link, new password), whatever the address (DESIGN 13). */
  accountMail: { limit: 10, windowMs: 10 * 60_000 },
  /** Account links (sign-in link, confirmation, new password) with a token that is wrong or used: guesses. */
  accountToken: { limit: 20, windowMs: 10 * 60_000 },
  /** Passkey sign-ins begun (each keeps a challenge for five minutes). */
  passkey: { limit: 30, windowMs: 10 * 60_000 },
  /** Guest bookings that were not found when linking one to an account: a customer mistypes a few times. */
  bookingLink: { limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>

export type LimitScope = keyof typeof CLIENT_LIMITS

/**
 * The booking limits of a signed-in clerk (issue 46, defect 8), counted per staff member instead
 * of per address: the office books for callers all day from one address, and a phone booking is
 * a draft, its saves and a booking. Anonymous visitors from the same address keep CLIENT_LIMITS.
 */
export const STAFF_LIMITS = {
  draft: { limit: 200, windowMs: 10 * 60_000 },
  save: { limit: 3000, windowMs: 10 * 60_000 },
  book: { limit: 100, windowMs: 10 * 60_000 },
} as const satisfies Partial<Record<LimitScope, RateRule>>

export type StaffLimitScope = keyof typeof STAFF_LIMITS

/** Who a booking limit counts: the signed-in clerk (by id) or else the client address. */
export type Requester = { address: string; staffId: string | null }

/** The German answer to a client over a limit (HTTP 429). */
export const TOO_MANY_REQUESTS_MESSAGE: Record<LimitScope, string> = {
  draft:
    'Von Ihrem Anschluss wurden in kurzer Zeit sehr viele Buchungen begonnen. Bitte warten Sie einige Minuten – oder rufen Sie uns an.',
  save: 'Ihre Angaben wurden in kurzer Zeit sehr oft gespeichert. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  book: 'Von Ihrem Anschluss wurde in kurzer Zeit sehr oft gebucht. Bitte warten Sie einige Minuten – oder rufen Sie uns an.',
  imageRender: 'Zu viele Bildanfragen in kurzer Zeit. Bitte versuchen Sie es gleich noch einmal.',
  newsletterLink: 'Von Ihrem Anschluss kamen sehr viele ungültige Newsletter-Links. Bitte warten Sie einige Minuten.',
  cacheClearToken: 'Zu viele falsche Zugangsschlüssel. Bitte warten Sie einige Minuten.',
  voucherGuess: VOUCHER_GUESSES_MESSAGE,
  voucherGuessDraft: VOUCHER_GUESSES_MESSAGE,
  accountMail: 'Von Ihrem Anschluss wurden in kurzer Zeit sehr viele E-Mails angefordert. Bitte warten Sie einige Minuten.',
  accountToken: 'Von Ihrem Anschluss kamen sehr viele ungültige Links. Bitte warten Sie einige Minuten.',
  passkey: 'Von Ihrem Anschluss wurden in kurzer Zeit sehr viele Anmeldungen mit Passkey begonnen. Bitte warten Sie einige Minuten.',
  bookingLink:
    'Sie haben sehr oft Angaben zu einer Buchung eingegeben, die wir nicht gefunden haben. Bitte warten Sie eine Stunde – oder rufen Sie uns an.',
}

/** Enough clients for a busy day; beyond it the least recently seen go first. */
const MAX_CLIENTS = 20_000

/** "At most `limit` in any `windowMs`" per key, remembering only the times still inside the window. */
export class SlidingWindowLimiter {
  private readonly times = new LRUCache<string, number[]>({ max: MAX_CLIENTS })

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Whether `key` is within the limit now, without counting anything. */
  check(key: string): Attempt {
    const now = this.now()
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - this.rule.windowMs)
    if (recent.length < this.rule.limit) return { ok: true }
    // Room comes back when the oldest counted request leaves the window.
    const oldest = recent[recent.length - this.rule.limit] ?? now
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.rule.windowMs - now) / 1000)) }
  }

  take(key: string): Attempt {
    const attempt = this.check(key)
    if (!attempt.ok) return attempt
    const now = this.now()
    const recent = (this.times.get(key) ?? []).filter((t) => t > now - this.rule.windowMs)
    recent.push(now)
    this.times.set(key, recent)
    return { ok: true }
  }

  get size(): number {
    return this.times.size
  }
}

const limiters = new Map<string, SlidingWindowLimiter>()

function scaledLimiter(name: string, rule: RateRule): SlidingWindowLimiter {
  let limiter = limiters.get(name)
  if (!limiter) {
    limiter = new SlidingWindowLimiter({ ...rule, limit: Math.max(1, Math.round(rule.limit * config().CLIENT_LIMIT_SCALE)) })
    limiters.set(name, limiter)
  }
  return limiter
}

const limiterOf = (scope: LimitScope) => scaledLimiter(scope, CLIENT_LIMITS[scope])
const staffLimiterOf = (scope: StaffLimitScope) => scaledLimiter(`staff:${scope}`, STAFF_LIMITS[scope])

/** Counts one request of `address` against the scope's limit. */
export function takeClientBudget(scope: LimitScope, address: string): Attempt {
  const attempt = limiterOf(scope).take(address)
  if (!attempt.ok) log('info', 'client limit reached', { scope })
  return attempt
}

/** Counts one booking request: a clerk's against STAFF_LIMITS under their id, anyone else's per address. */
export function takeRequesterBudget(scope: StaffLimitScope, requester: Requester): Attempt {
  const attempt = requester.staffId === null ? limiterOf(scope).take(requester.address) : staffLimiterOf(scope).take(requester.staffId)
  if (!attempt.ok) log('info', 'client limit reached', { scope, staff: requester.staffId !== null })
  return attempt
}

/** Whether the requester has nothing left in the scope, without counting anything. */
export function checkRequesterBudget(scope: StaffLimitScope, requester: Requester): Attempt {
  const attempt = requester.staffId === null ? limiterOf(scope).check(requester.address) : staffLimiterOf(scope).check(requester.staffId)
  if (!attempt.ok) log('info', 'client limit reached', { scope, staff: requester.staffId !== null })
  return attempt
}

/**
 * For what only costs when it fails (a guessed token): `blocked` says whether the client is over
 * the scope's limit already, `failed` counts one failure.
 */
export function clientFailures(scope: LimitScope, address: string): { blocked: Attempt; failed: () => void } {
  const limiter = limiterOf(scope)
  const blocked = limiter.check(address)
  if (!blocked.ok) log('info', 'client limit reached', { scope })
  return { blocked, failed: () => void limiter.take(address) }
}

/**
 * The current request's client as the limits count it: its address (TRUSTED_PROXY decides whether
 * X-Forwarded-For counts), an IPv6 address as its /64 network (limitedClient).
 */
export function requestClientAddress(): string {
  return limitedClient(clientAddress(getRequestIP(), getRequestHeader('x-forwarded-for') ?? null, configuredTrustedProxies()))
}

/** The same for a request the server entry holds (before the framework has one). */
export function clientAddressOf(request: Request): string {
  return limitedClient(clientAddress((request as Request & { ip?: string }).ip, request.headers.get('x-forwarded-for'), configuredTrustedProxies()))
}

/** What a server function answers a client over its limit (the page shows the message). */
export type Limited = { kind: 'limited'; message: string }

/**
 * For server functions: counts the current request; over the limit the response becomes 429 with
 * Retry-After (also for a page rendered on the server) and the answer is returned.
 */
export function limitCurrentClient(scope: LimitScope): Limited | null {
  return refused(scope, takeClientBudget(scope, requestClientAddress()))
}

/**
 * For a page whose next request would count against the scope (the booking page opens a draft):
 * the same 429 now if the client has nothing left, without counting anything.
 */
export function currentClientOverLimit(scope: LimitScope): Limited | null {
  const attempt = limiterOf(scope).check(requestClientAddress())
  if (!attempt.ok) log('info', 'client limit reached', { scope })
  return refused(scope, attempt)
}

/**
 * For the booking's server functions: like limitCurrentClient, but a signed-in clerk (`staffId`,
 * looked up by the caller only where a limit applies) counts under STAFF_LIMITS.
 */
export function limitCurrentRequester(scope: StaffLimitScope, staffId: string | null): Limited | null {
  return refused(scope, takeRequesterBudget(scope, { address: requestClientAddress(), staffId }))
}

/** currentClientOverLimit for the booking's scopes, a clerk's budget their own. */
export function currentRequesterOverLimit(scope: StaffLimitScope, staffId: string | null): Limited | null {
  return refused(scope, checkRequesterBudget(scope, { address: requestClientAddress(), staffId }))
}

function refused(scope: LimitScope, attempt: Attempt): Limited | null {
  if (attempt.ok) return null
  setResponseStatus(429)
  setResponseHeader('Retry-After', String(attempt.retryAfterSeconds))
  return { kind: 'limited', message: TOO_MANY_REQUESTS_MESSAGE[scope] }
}
