// Clearing the server cache on request: spec 2's debug parameter on the front page and
// /api/cache-clear. With CACHE_CLEAR_TOKEN set, a wrong token counts against the client's limit
// of guesses (docs/SECURITY.md); the right one clears at most once per cooldown.
import { requestCacheClear } from '../cache.server'
import type { ClearResult } from '../cache.server'
import { config } from '../config.server'
import { log } from '../log.server'
import { clientAddressOf, clientFailures, TOO_MANY_REQUESTS_MESSAGE } from './client-limits.server'

export type CacheClearAnswer = ClearResult | { cleared: false; reason: 'limited'; retryAfterSeconds: number; message: string }

/** One request to clear the cache, from `request`'s client. */
export function askCacheClear(request: Request, token: string | null): CacheClearAnswer {
  const required = config().CACHE_CLEAR_TOKEN
  const guesses = required ? clientFailures('cacheClearToken', clientAddressOf(request)) : null
  if (guesses && !guesses.blocked.ok) {
    return {
      cleared: false,
      reason: 'limited',
      retryAfterSeconds: guesses.blocked.retryAfterSeconds,
      message: TOO_MANY_REQUESTS_MESSAGE.cacheClearToken,
    }
  }
  const result = requestCacheClear(token === null ? null : token.slice(0, 200), required)
  if (!result.cleared && result.reason === 'token') guesses?.failed()
  log('info', result.cleared ? 'cache cleared' : 'cache clear refused', result.cleared ? {} : { reason: result.reason })
  return result
}

// Spec 2: "a debug parameter on the front page clears the server cache and reloads data". Done
// in the server entry, before the page is rendered, with the parameter exactly as sent (a router
// would read a digits-only token as a number and lose it), and only on a real request for the
// page: never from a client-side navigation or a preload. The page is shown either way.
export function clearCacheOnDebug(request: Request, url: URL): void {
  if (url.pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return
  const token = url.searchParams.get('debug')
  if (token !== null) askCacheClear(request, token)
}
