// The scheduled jobs (issue 26, item 4; DESIGN 12): pg-boss on the app's own database, the
// embedded PGlite (its adapter, in this process) or PostgreSQL (its own small pool). It is only the
// trigger: a cron schedule every hour, kept in the database so that a restart misses nothing and
// however many instances run, one of them starts each run (a singleton queue). That each notice
// goes once is the database's (app/server/office/notices.server.ts), not the queue's.
import { PgBoss, fromPglite } from 'pg-boss'
import type { PGlite } from '@electric-sql/pglite'
import type { Clock } from 'pg-boss'
import { errorFields, log } from '../log.server'

/** The hourly scan for notices due (reminders, overdue notices, travel documents). */
export const NOTICE_QUEUE = 'benachrichtigungen'
/** Every hour on the hour, Berlin time. */
const NOTICE_CRON = '0 * * * *'
/** Attempts after a failed run. */
export const NOTICE_RETRY_LIMIT = 3

export type JobDatabase = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string }

/** What a run is asked to do: the day it runs for (tests move it), else today in Berlin. */
export type NoticeJob = { asOf?: string }

export type JobQueue = { boss: PgBoss; runNow: (job?: NoticeJob) => Promise<string | null>; stop: () => Promise<void> }

/**
 * Starts the queue: its schema (made or migrated by pg-boss), the hourly schedule and this
 * instance's worker, which calls `scan` for each run; one run right after the start catches up.
 */
export async function startJobQueue(database: JobDatabase, scan: (job: NoticeJob) => Promise<void>, options: { clock?: Clock; schedule?: boolean } = {}): Promise<JobQueue> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.client), backend: 'pglite', clock: options.clock })
      : new PgBoss({ connectionString: database.url, max: 3, clock: options.clock, application_name: 'reisen-jobs' })
  boss.on('error', (error) => log('error', 'job queue error', { message: error.message }))
  await boss.start()
  // One run at a time across all instances; a run waiting makes a second request a no-op. A failed
  // run is tried again three times, about 1, 2 and 4 minutes later; the next hour's run starts afresh.
  await boss.createQueue(NOTICE_QUEUE, { policy: 'singleton', retryLimit: NOTICE_RETRY_LIMIT, retryDelay: 60, retryBackoff: true })
  await boss.work<NoticeJob>(NOTICE_QUEUE, async ([job]) => {
    try {
      await scan(job?.data ?? {})
    } catch (error) {
      // pg-boss keeps the error on the job row only: the log says so, and whether it is retried.
      const retry = job ? job.retryCount < NOTICE_RETRY_LIMIT : false
      log('error', 'notice job failed', { jobId: job?.id, retryCount: job?.retryCount, retry, ...errorFields(error) })
      throw error
    }
  })
  if (options.schedule !== false) await boss.schedule(NOTICE_QUEUE, NOTICE_CRON, {}, { tz: 'Europe/Berlin' })
  const runNow = (job: NoticeJob = {}) => boss.send(NOTICE_QUEUE, job)
  if (options.schedule !== false) await runNow()
  return { boss, runNow, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) }
}
