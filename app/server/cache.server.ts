// A small in-process cache for data every page needs (init data, countries). Loads are
// single-flight; clearing is rate-limited so that `/?debug=` and `/api/cache-clear` cannot be used
// to hammer the database. With several app instances each holds its own copy (TTL bounds staleness).
import { createHash, timingSafeEqual } from 'node:crypto'

const DEFAULT_TTL_MS = 5 * 60_000
export const CACHE_CLEAR_COOLDOWN_MS = 30_000

const clearers = new Set<() => void>()
let lastClear = Number.NEGATIVE_INFINITY

/** Wraps a loader so its result is kept for ttlMs; concurrent callers share one load. */
export function cachedLoader<T>(load: () => Promise<T>, ttlMs = DEFAULT_TTL_MS): () => Promise<T> {
  let entry: { value: Promise<T>; expires: number } | undefined
  clearers.add(() => {
    entry = undefined
  })
  return () => {
    const now = Date.now()
    if (entry && entry.expires > now) return entry.value
    const value = load()
    const current = { value, expires: now + ttlMs }
    entry = current
    // A failed load must not stay cached.
    value.catch(() => {
      if (entry === current) entry = undefined
    })
    return value
  }
}

/** Compares in constant time (the digests have one length), so the answer's timing tells nothing of the token. */
function sameSecret(given: string, required: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(required))
}

export type ClearResult = { cleared: true } | { cleared: false; reason: 'token' | 'cooldown'; retryAfterSeconds: number }

/**
 * Clears the cache when the token matches (or none is configured) and the last clear is older
 * than the cooldown. Spec 2: "a debug parameter on the front page clears the server cache".
 */
export function requestCacheClear(givenToken: string | null | undefined, requiredToken: string | undefined, now = Date.now()): ClearResult {
  if (requiredToken && !sameSecret(givenToken ?? '', requiredToken)) return { cleared: false, reason: 'token', retryAfterSeconds: 0 }
  const wait = lastClear + CACHE_CLEAR_COOLDOWN_MS - now
  if (wait > 0) return { cleared: false, reason: 'cooldown', retryAfterSeconds: Math.ceil(wait / 1000) }
  lastClear = now
  clearCaches()
  return { cleared: true }
}

/** Registers what else a cache clear empties (the rendered pages). */
export function onCacheClear(clear: () => void): void {
  clearers.add(clear)
}

/** Empties every cache now: a clear that was asked for, or a new content version. */
export function clearCaches(): void {
  for (const clear of clearers) clear()
}

/** For tests: forget entries and the cooldown. */
export function resetCacheForTests(): void {
  clearCaches()
  lastClear = Number.NEGATIVE_INFINITY
}
