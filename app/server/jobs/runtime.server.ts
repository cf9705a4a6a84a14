// The process's job queue: started when the database is ready, stopped before it closes. Each run
// sends the notices due today (app/server/office/notices.server.ts) and wakes the outbox.
import { todayInBerlin } from '~/lib/calendar'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import type { NoticeDays } from '~/lib/office/notices'
import { config } from '../config.server'
import type { OpenedDatabase } from '../db/client.server'
import { errorFields, log } from '../log.server'
import { kickOutbox } from '../mail/worker-runtime.server'
import { NoticeScanError, sendDueNotices } from '../office/notices.server'
import { publicOrigin } from '../origin.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { loadBookingSummary } from '../services/booking/summary.server'
import { siteInfo } from '../site.server'
import { startJobQueue } from './queue.server'
import type { JobDatabase, JobQueue, NoticeJob } from './queue.server'

let queue: Promise<JobQueue | null> | undefined

export const noticeDays = (): NoticeDays => ({ ...DEFAULT_NOTICE_DAYS, documentsBefore: config().TRAVEL_DOCUMENTS_DAYS })

/** One run: the notices due on the job's day (today in Berlin unless it names one). */
export async function runNoticeScan(opened: Pick<OpenedDatabase, 'db'>, job: NoticeJob): Promise<void> {
  const settings = await bookingSettings()
  const origin = publicOrigin()
  const report = await sendDueNotices(opened.db, {
    today: job.asOf ?? todayInBerlin(),
    days: noticeDays(),
    site: siteInfo(),
    bank: settings.bank,
    summaryOf: async (bookingNumber) => (await loadBookingSummary(opened.db, bookingNumber, settings, origin))?.summary ?? null,
  }).catch((error: unknown) => {
    // Some notices failed, the others are in the outbox: send those now, and fail the job for its retry.
    if (error instanceof NoticeScanError && error.report.mailed > 0) kickOutbox()
    throw error
  })
  if (report.sent > 0) log('info', 'notices sent', report)
  if (report.mailed > 0) kickOutbox()
}

export function startJobs(opened: OpenedDatabase): void {
  if (config().SCHEDULED_JOBS === 'off') return
  const database: JobDatabase | null = opened.pglite
    ? { kind: 'pglite', client: opened.pglite }
    : config().DATABASE_URL
      ? { kind: 'postgres', url: config().DATABASE_URL ?? '' }
      : null
  if (!database) return
  queue ??= startJobQueue(database, (job) => runNoticeScan(opened, job)).catch((error: unknown) => {
    // The site works without it; the notices wait for the next start.
    log('error', 'job queue could not start', errorFields(error))
    return null
  })
}

export async function stopJobs(): Promise<void> {
  const running = await queue
  await running?.stop()
}
