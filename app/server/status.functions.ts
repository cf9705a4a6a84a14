// The /test/ system status page: version, build and whether the database answers. Nothing a
// stranger could use to pick an attack (no Node version, database driver or timings): the page is
// public.
import { createServerFn } from '@tanstack/react-start'
import { errorFields, log } from './log.server'
import { getDb } from './runtime.server'
import { publishedTripCount } from './services/status.server'

export const fetchSystemStatus = createServerFn({ method: 'GET' }).handler(async () => {
  try {
    const tripCount = await publishedTripCount(await getDb())
    return { version: import.meta.env.VITE_APP_VERSION, database: true, trips: tripCount }
  } catch (error) {
    log('error', 'status check failed', errorFields(error))
    return { version: import.meta.env.VITE_APP_VERSION, database: false, trips: 0 }
  }
})
