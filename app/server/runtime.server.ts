// Process-wide services: the database is opened (migrated, seeded when new) once at start-up
// and closed on SIGTERM/SIGINT so that the process ends cleanly.
import { config, demoSeed } from './config.server'
import { followContentVersion } from './content-version.server'
import { openDatabase } from './db/client.server'
import { listenForBackups } from './db/control-socket.server'
import type { Database } from './db/client.server'
import { errorFields, log } from './log.server'
import { startJobs, stopJobs } from './jobs/runtime.server'
import { startMailWorker, stopMailWorker } from './mail/worker-runtime.server'
import { startBookingSweeper } from './services/booking/runtime.server'
import { startFormsSweeper } from './services/forms-runtime.server'
import { siteInfo } from './site.server'

type Opened = Awaited<ReturnType<typeof openDatabase>>

let opening: Promise<Opened> | undefined
let ready = false
let closeBackupSocket: (() => Promise<void>) | null = null
let stopFollowingVersion: (() => Promise<void>) | null = null
let shuttingDown = false

function open(): Promise<Opened> {
  if (!opening) {
    const cfg = config()
    const started = performance.now()
    opening = openDatabase({
      databaseUrl: cfg.DATABASE_URL,
      dataDir: cfg.DATA_DIR,
      poolSize: cfg.DATABASE_POOL_SIZE,
      seed: demoSeed(cfg),
      log: (msg) => log('info', msg),
    }).then(async (opened) => {
      log('info', 'database ready', { driver: opened.driver, ms: Math.round(performance.now() - started) })
      if (opened.dump) await openBackupSocket(cfg.DATA_DIR, opened.dump)
      stopFollowingVersion = await followContentVersion(opened)
      startJobs(opened)
      ready = true
      // For `npm start` (scripts/start.mjs), which then names the address as its last line.
      const processEvents: NodeJS.EventEmitter = process
      processEvents.emit('site-ready')
      return opened
    })
    opening.catch((error: unknown) => {
      log('error', 'database could not be opened', errorFields(error))
      process.exit(1)
    })
  }
  return opening
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

/** Whether the database is open, migrated and seeded: until then requests get a 503 (server.ts). */
export function isDatabaseReady(): boolean {
  return ready
}

export async function getDb(): Promise<Database> {
  return (await open()).db
}

async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return
  shuttingDown = true
  log('info', 'shutting down', { signal })
  try {
    await stopJobs()
    await stopMailWorker()
    await closeBackupSocket?.()
    await stopFollowingVersion?.()
    if (opening) await (await opening).close()
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
  void open()
  startBookingSweeper()
  startFormsSweeper()
  startMailWorker()
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}
