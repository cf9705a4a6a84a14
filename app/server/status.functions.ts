// The /test/ system status page: version, build, database driver and whether the database answers.
import { createServerFn } from '@tanstack/react-start'
import { errorFields, log } from './log.server'
import { getDb, getDriver } from './runtime.server'
import { publishedTripCount } from './services/status.server'

export const fetchSystemStatus = createServerFn({ method: 'GET' }).handler(async () => {
  const started = performance.now()
  try {
    const tripCount = await publishedTripCount(await getDb())
    return {
      version: import.meta.env.VITE_APP_VERSION,
      node: process.version,
      driver: await getDriver(),
      database: true,
      trips: tripCount,
      latencyMs: Math.round(performance.now() - started),
    }
  } catch (error) {
    log('error', 'status check failed', errorFields(error))
    return { version: import.meta.env.VITE_APP_VERSION, node: process.version, driver: null, database: false, trips: 0, latencyMs: 0 }
  }
})
