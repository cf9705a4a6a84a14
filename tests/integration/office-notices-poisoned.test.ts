// One notice that cannot be sent never stops the others (issue 46, defect 5), on PGlite and
// PostgreSQL: 50 bookings whose deposit reminder is due, the 25th with an address the outbox does
// not take ('ß' in its local part, as in imported data). Two job queues on one database (two app
// instances) and a scan beside them run the day at once: the 49 others get their reminder exactly
// once, the 25th is recorded once with the reason the office reads, and the log says so without
// the address.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addDays } from '~/lib/calendar'
import { auditChangeLines, auditActionLabel } from '~/lib/office/audit'
import { formatPrice } from '~/lib/format'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import { auditLog, bookingNotices, bookings, mailOutbox, payments } from '~/server/db/schema'
import { startJobQueue } from '~/server/jobs/queue.server'
import type { JobQueue, NoticeJob } from '~/server/jobs/queue.server'
import { sendDueNotices } from '~/server/office/notices.server'
import type { NoticeContext } from '~/server/office/notices.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { siteInfo } from '~/server/site.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

const COUNT = 50
/** 1-based, in the order the job takes them (due day, then instalment). */
const POISONED_AT = 25
const POISON = 'straße@example.de'
const DUE = '2027-03-10'
const TODAY = addDays(DUE, -7)

let t: TestDatabase
const queues: JobQueue[] = []
const ids: number[] = []
let poisonedId = 0
/** Booking numbers whose summary fails to load, standing for any other failure of one notice. */
const failFor = new Set<string>()

const context = (today: string): NoticeContext => ({
  today,
  days: DEFAULT_NOTICE_DAYS,
  site: siteInfo(),
  bank: settings.bank,
  summaryOf: async (n) => {
    if (failFor.has(n)) throw new Error('summary unavailable')
    return (await loadBookingSummary(t.db, n, settings, 'http://localhost:3000'))?.summary ?? null
  },
})

async function book(tag: string): Promise<number> {
  const offer = await datePool(t.db)({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `poison-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  return b!.id
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  for (let i = 0; i < COUNT; i++) ids.push(await book(`P${i}`))
  await t.db.update(bookings).set({ createdAt: new Date('2027-02-01T10:00:00+01:00') }).where(inArray(bookings.id, ids))
  // Every deposit due on DUE, every balance long after: the job takes the deposits in booking order.
  await t.db.update(payments).set({ dueDate: DUE }).where(and(inArray(payments.bookingId, ids), eq(payments.kind, 'deposit')))
  await t.db.update(payments).set({ dueDate: addDays(DUE, 60) }).where(and(inArray(payments.bookingId, ids), eq(payments.kind, 'balance')))
  const deposits = await t.db
    .select({ bookingId: payments.bookingId })
    .from(payments)
    .where(and(inArray(payments.bookingId, ids), eq(payments.kind, 'deposit')))
    .orderBy(asc(payments.id))
  poisonedId = deposits[POISONED_AT - 1]!.bookingId
  await t.db
    .update(bookings)
    .set({ contact: sql`jsonb_set(${bookings.contact}, '{email}', to_jsonb(${POISON}::text))` })
    .where(eq(bookings.id, poisonedId))

  const scan = (job: NoticeJob) => sendDueNotices(t.db, context(job.asOf ?? '')).then(() => undefined)
  const database = t.pglite ? { kind: 'pglite' as const, client: t.pglite } : { kind: 'postgres' as const, url: process.env.DATABASE_URL ?? '' }
  for (let i = 0; i < 2; i++) queues.push(await startJobQueue(database, scan, { schedule: false }))
}, 300_000)
afterAll(async () => {
  for (const q of queues) await q.stop()
  await t?.cleanup()
})

describe('a notice that cannot be sent among 50', () => {
  it('reminds the 49 others exactly once and records the 25th once with its reason, on two instances at once', async () => {
    const logged: string[] = []
    const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '))
    const errors = vi.spyOn(console, 'error').mockImplementation(keep)
    const infos = vi.spyOn(console, 'log').mockImplementation(keep)
    try {
      const direct = sendDueNotices(t.db, context(TODAY)).then(() => null)
      const jobIds = await Promise.all([queues[0]!.runNow({ asOf: TODAY }), queues[1]!.runNow({ asOf: TODAY }), direct])
      for (const id of jobIds.filter((i): i is string => typeof i === 'string')) {
        await expect
          .poll(async () => (await queues[0]!.boss.getJobById('benachrichtigungen', id))?.state, { timeout: 120_000, interval: 250 })
          .toBe('completed')
      }
      // A run on the next day finds nothing left to do: the poisoned notice does not block it.
      await expect(sendDueNotices(t.db, context(addDays(TODAY, 1)))).resolves.toMatchObject({ failed: 0, undeliverable: 0 })
    } finally {
      errors.mockRestore()
      infos.mockRestore()
    }

    const mails = await t.db.select({ bookingId: mailOutbox.bookingId, subject: mailOutbox.subject, to: mailOutbox.to }).from(mailOutbox).where(inArray(mailOutbox.bookingId, ids))
    const reminders = mails.filter((m) => m.subject.startsWith('Erinnerung:'))
    const others = ids.filter((id) => id !== poisonedId).sort((a, b) => a - b)
    expect(reminders.map((m) => m.bookingId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(others)
    expect(reminders.some((m) => m.to.includes('ß'))).toBe(false)

    const notices = await t.db.select().from(bookingNotices).where(inArray(bookingNotices.bookingId, ids))
    expect(notices).toHaveLength(COUNT)
    expect(notices.every((n) => n.kind === 'payment_reminder' && n.sentOn === TODAY)).toBe(true)

    const failed = await t.db.select().from(auditLog).where(and(eq(auditLog.bookingId, poisonedId), eq(auditLog.action, 'booking.notice_failed')))
    expect(failed).toHaveLength(1)
    expect(auditActionLabel(failed[0]!.action)).toBe('Benachrichtigung nicht versendet')
    expect(auditChangeLines(failed[0]!.before, failed[0]!.after, formatPrice)).toEqual(['Benachrichtigung: Zahlungserinnerung vor Fälligkeit', 'Grund: E-Mail-Adresse ungültig'])
    const sentEntries = await t.db.select({ bookingId: auditLog.bookingId }).from(auditLog).where(and(inArray(auditLog.bookingId, ids), eq(auditLog.action, 'booking.notice')))
    expect(sentEntries.map((e) => e.bookingId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(others)

    const lines = logged.filter((l) => l.includes('notice not sent: invalid e-mail address')).map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'error', bookingId: poisonedId, notice: 'payment_reminder' })
    expect(logged.some((l) => l.includes(POISON) || l.includes('straße'))).toBe(false)
  }, 300_000)

  it('leaves a notice that fails otherwise for the next run, sends the rest, and logs the failed job for its retry', async () => {
    const day = addDays(DUE, 3)
    const [broken] = await t.db.select({ id: bookings.id, number: bookings.bookingNumber }).from(bookings).where(eq(bookings.id, ids[9]!))
    failFor.add(broken!.number)
    const logged: string[] = []
    const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '))
    const errors = vi.spyOn(console, 'error').mockImplementation(keep)
    const infos = vi.spyOn(console, 'log').mockImplementation(keep)
    let jobId: string | null = null
    try {
      jobId = await queues[0]!.runNow({ asOf: day })
      await expect.poll(() => logged.some((l) => l.includes('"notice job failed"')), { timeout: 60_000, interval: 250 }).toBe(true)
    } finally {
      errors.mockRestore()
      infos.mockRestore()
    }
    const overdue = async () =>
      (await t.db.select({ bookingId: mailOutbox.bookingId, subject: mailOutbox.subject }).from(mailOutbox).where(inArray(mailOutbox.bookingId, ids))).filter((m) =>
        m.subject.startsWith('Zahlungserinnerung'),
      )
    // All but the broken one and the poisoned one (recorded again, for this notice).
    expect((await overdue()).map((m) => m.bookingId)).not.toContain(broken!.id)
    expect(await overdue()).toHaveLength(COUNT - 2)
    const parsed = logged.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(parsed.find((l) => l.msg === 'notice failed')).toMatchObject({ level: 'error', bookingId: broken!.id, notice: 'overdue_notice', error: 'summary unavailable' })
    expect(parsed.find((l) => l.msg === 'notice job failed')).toMatchObject({ level: 'error', jobId, retryCount: 0, retry: true, error: `1 of ${COUNT} notices failed` })
    expect(logged.some((l) => l.includes('straße'))).toBe(false)
    await expect.poll(async () => (await queues[0]!.boss.getJobById('benachrichtigungen', jobId!))?.state, { timeout: 30_000, interval: 250 }).toBe('retry')

    // The next run (here, one beside the queue's retry) sends it.
    failFor.clear()
    await expect(sendDueNotices(t.db, context(day))).resolves.toMatchObject({ sent: 1, mailed: 1, failed: 0 })
    expect(await overdue()).toHaveLength(COUNT - 1)
  }, 300_000)
})
