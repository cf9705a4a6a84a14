// The process's life: at start-up the database is opened (runtime.server.ts) and, once it is, the
// backup socket, the content version's follower, the facet index's loading ahead and the job
// queue start; the sweepers and the outbox worker run beside. SIGTERM/SIGINT stop them all and
// close the database, so that the process ends cleanly.
import { config } from './config.server'
import { followContentVersion } from './content-version.server'
import { listenForBackups } from './db/control-socket.server'
import type { OpenedDatabase } from './db/client.server'
import { startJobs, stopJobs } from './jobs/runtime.server'
import { errorFields, log } from './log.server'
import { startMailWorker, stopMailWorker } from './mail/worker-runtime.server'
import { closeDatabase, openedDatabase } from './runtime.server'
import { startBookingSweeper } from './services/booking/runtime.server'
import { preloadFacetIndex } from './services/search/preload.server'
import { startFormsSweeper } from './services/forms-runtime.server'
import { siteInfo } from './site.server'

let ready = false
let closeBackupSocket: (() => Promise<void>) | null = null
let stopFollowingVersion: (() => Promise<void>) | null = null
let stopPreloading: (() => void) | null = null
let shuttingDown = false

/** Whether the database is open, migrated and seeded: until then requests get a 503 (server.ts). */
export function isDatabaseReady(): boolean {
  return ready
}

async function whenOpened(opened: OpenedDatabase): Promise<void> {
  if (opened.dump) await openBackupSocket(config().DATA_DIR, opened.dump)
  stopFollowingVersion = await followContentVersion(opened)
  stopPreloading = preloadFacetIndex(opened.db)
  startJobs(opened)
  ready = true
  // For `npm start` (scripts/start.mjs), which then names the address as its last line.
  const processEvents: NodeJS.EventEmitter = process
  processEvents.emit('site-ready')
}

/** `npm run db:backup` reaches the embedded database through this process (control-socket.server.ts). */
async function openBackupSocket(dataDir: string, dump: () => Promise<Blob>): Promise<void> {
  const loggedDump = async () => {
    const started = performance.now()
    const copy = await dump()
    log('info', 'database backed up', { bytes: copy.size, ms: Math.round(performance.now() - started) })
    return copy
  }
  try {
    closeBackupSocket = await listenForBackups(dataDir, loggedDump)
    if (!closeBackupSocket) log('error', 'backup socket in use by another process', {})
  } catch (error) {
    // The site works without it; only `npm run db:backup` will say it cannot reach the site.
    log('error', 'backup socket failed', errorFields(error))
  }
}

async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return
  shuttingDown = true
  log('info', 'shutting down', { signal })
  try {
    await stopJobs()
    await stopMailWorker()
    await closeBackupSocket?.()
    stopPreloading?.()
    await stopFollowingVersion?.()
    await closeDatabase()
  } catch (error) {
    log('error', 'database close failed', errorFields(error))
  }
  process.exit(0)
}

export function startServices(): void {
  if (typeof process === 'undefined' || !process.on) return
  config()
  // Read SITE_CONFIG_FILE now, so that a wrong file stops the start rather than the first page.
  siteInfo()
  openedDatabase()
    .then(whenOpened)
    .catch((error: unknown) => {
      log('error', 'services could not start', errorFields(error))
      process.exit(1)
    })
  startBookingSweeper()
  startFormsSweeper()
  startMailWorker()
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}
