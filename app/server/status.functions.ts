// The /test/ system status page: version, build, database driver and whether the database answers.
import { createServerFn } from '@tanstack/react-start'
import { count, eq } from 'drizzle-orm'
import { trips } from './db/schema'
import { errorFields, log } from './log.server'
import { getDb, getDriver } from './runtime.server'

export const fetchSystemStatus = createServerFn({ method: 'GET' }).handler(async () => {
  const started = performance.now()
  try {
    const db = await getDb()
    const [row] = await db.select({ n: count() }).from(trips).where(eq(trips.published, true))
    return {
      version: import.meta.env.VITE_APP_VERSION,
      node: process.version,
      driver: await getDriver(),
      database: true,
      trips: row?.n ?? 0,
      latencyMs: Math.round(performance.now() - started),
    }
  } catch (error) {
    log('error', 'status check failed', errorFields(error))
    return { version: import.meta.env.VITE_APP_VERSION, node: process.version, driver: null, database: false, trips: 0, latencyMs: 0 }
  }
})
