// Spec 2: "a debug parameter on the front page clears the server cache and reloads data". Done
// here, before the page is rendered, with the parameter exactly as sent (a router would read a
// digits-only token as a number and lose it), and only on a real request for the page: never
// from a client-side navigation or a preload.
import { requestCacheClear } from '../cache.server'
import { config } from '../config.server'
import { log } from '../log.server'

export function clearCacheOnDebug(request: Request, url: URL): void {
  if (url.pathname !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return
  const token = url.searchParams.get('debug')
  if (token === null) return
  const result = requestCacheClear(token.slice(0, 200), config().CACHE_CLEAR_TOKEN)
  log('info', result.cleared ? 'cache cleared' : 'cache clear refused', result.cleared ? {} : { reason: result.reason })
}
