// Server functions behind the app shell: init data, the operator's identity, and the debug cache clear.
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { EMPTY_INIT_DATA } from '~/lib/api'
import { requestCacheClear } from './cache.server'
import { config } from './config.server'
import { errorFields, log } from './log.server'
import { getInitData } from './services/catalog.server'
import { siteInfo } from './site.server'

/** Spec 8: a failure loading init data is only logged; the page renders without it. */
export const fetchInitData = createServerFn({ method: 'GET' }).handler(async () => {
  try {
    return await getInitData()
  } catch (error) {
    log('error', 'init data failed', errorFields(error))
    return EMPTY_INIT_DATA
  }
})

export const fetchSiteInfo = createServerFn({ method: 'GET' }).handler(() => siteInfo())

/** Spec 2: "a debug parameter on the front page clears the server cache and reloads data". */
export const clearServerCache = createServerFn({ method: 'POST' })
  .validator(z.object({ token: z.string().max(200) }))
  .handler(({ data }) => {
    const result = requestCacheClear(data.token, config().CACHE_CLEAR_TOKEN)
    if (!result.cleared) log('info', 'cache clear refused', { reason: result.reason })
    return { cleared: result.cleared }
  })
