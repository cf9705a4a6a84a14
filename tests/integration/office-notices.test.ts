// The scheduled notices (issue 26, item 4) on PGlite and PostgreSQL, with a moved clock: the job
// queue (pg-boss) started twice on one database stands for two app instances; on each day both ask
// for a run, and a scan runs beside them as well: the reminder before the day, the overdue notice,
// the second notice and the travel documents each reach the outbox exactly once, the office's list
// names the booking still unpaid after its second notice, and every notice is in the audit log.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '~/lib/calendar'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import { auditLog, bookingNotices, bookings, mailOutbox, paymentEntries, payments, tripDates } from '~/server/db/schema'
import { startJobQueue } from '~/server/jobs/queue.server'
import type { JobQueue, NoticeJob } from '~/server/jobs/queue.server'
import { sendDueNotices, travelDocumentsSentOn, unpaidAfterSecondNotice } from '~/server/office/notices.server'
import type { NoticeContext } from '~/server/office/notices.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { siteInfo } from '~/server/site.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const queues: JobQueue[] = []
const numbers: Record<'unpaid' | 'paid', string> = { unpaid: '', paid: '' }
/** The unpaid booking's deposit falls due on this day; the paid booking departs on `departure`. */
const DUE = '2027-03-10'
let departure = ''
let paidId = 0

const context = (today: string): NoticeContext => ({
  today,
  days: DEFAULT_NOTICE_DAYS,
  site: siteInfo(),
  bank: settings.bank,
  summaryOf: async (n) => (await loadBookingSummary(t.db, n, settings, 'http://localhost:3000'))?.summary ?? null,
})

async function book(tag: string): Promise<{ id: number; number: string; tripDateId: number }> {
  const offer = await datePool(t.db)({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `notice-${tag}`, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  const [b] = await t.db.select({ id: bookings.id, tripDateId: bookings.tripDateId }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  return { id: b!.id, number: booked.bookingNumber, tripDateId: b!.tripDateId }
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  // Booked on 2027-02-01, the deposit due on DUE, the balance a month later.
  const unpaid = await book('Offen')
  numbers.unpaid = unpaid.number
  await t.db.update(bookings).set({ createdAt: new Date('2027-02-01T10:00:00+01:00') }).where(eq(bookings.id, unpaid.id))
  await t.db.update(payments).set({ dueDate: DUE }).where(and(eq(payments.bookingId, unpaid.id), eq(payments.kind, 'deposit')))
  await t.db.update(payments).set({ dueDate: addDays(DUE, 30) }).where(and(eq(payments.bookingId, unpaid.id), eq(payments.kind, 'balance')))
  // Paid in full: its travel documents go out before departure.
  const paid = await book('Bezahlt')
  numbers.paid = paid.number
  paidId = paid.id
  const [b] = await t.db.select({ total: bookings.gesamtpreis }).from(bookings).where(eq(bookings.id, paid.id))
  await t.db.insert(paymentEntries).values({ bookingId: paid.id, kind: 'payment', amount: b!.total, bookedOn: '2027-01-15', method: 'ueberweisung', reference: paid.number })
  const [date] = await t.db.select({ dateFrom: tripDates.dateFrom }).from(tripDates).where(eq(tripDates.id, paid.tripDateId))
  departure = date!.dateFrom

  // Two instances of the app: two queues on one database, each with its worker.
  const scan = (job: NoticeJob) => sendDueNotices(t.db, context(job.asOf ?? '')).then(() => undefined)
  const database = t.pglite ? { kind: 'pglite' as const, client: t.pglite } : { kind: 'postgres' as const, url: process.env.DATABASE_URL ?? '' }
  for (let i = 0; i < 2; i++) queues.push(await startJobQueue(database, scan, { schedule: false }))
}, 120_000)
afterAll(async () => {
  for (const q of queues) await q.stop()
  await t?.cleanup()
})

/** Runs the day on both instances (and, unless `queueOnly`, a scan beside them) and waits until the queue is done. */
async function runDay(asOf: string, queueOnly = false): Promise<void> {
  const direct = queueOnly ? Promise.resolve(null) : sendDueNotices(t.db, context(asOf)).then(() => null)
  const ids = await Promise.all([queues[0]!.runNow({ asOf }), queues[1]!.runNow({ asOf }), direct])
  for (const id of ids.filter((i): i is string => typeof i === 'string')) {
    await expect
      .poll(async () => (await queues[0]!.boss.getJobById('benachrichtigungen', id))?.state, { timeout: 60_000, interval: 250 })
      .toBe('completed')
  }
}

async function mailsTo(number: string) {
  const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, number))
  return t.db.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.bookingId, b!.id))
}
const subjects = async (number: string, prefix: string) => (await mailsTo(number)).filter((m) => m.subject.startsWith(prefix))

describe('scheduled notices with a moved clock and two instances', () => {
  it('reminds once before the day, and not again on the next run or day', async () => {
    await runDay(addDays(DUE, -8))
    expect(await subjects(numbers.unpaid, 'Erinnerung:')).toHaveLength(0)
    // The queue alone sends it: a job run by one of the two instances.
    await runDay(addDays(DUE, -7), true)
    expect(await subjects(numbers.unpaid, 'Erinnerung:')).toHaveLength(1)
    await runDay(addDays(DUE, -7))
    await runDay(addDays(DUE, -3))
    const reminders = await subjects(numbers.unpaid, 'Erinnerung:')
    expect(reminders).toHaveLength(1)
    expect(reminders[0]?.subject).toBe(`Erinnerung: Anzahlung für Ihre Buchung ${numbers.unpaid} fällig am 10.03.2027`)
    expect(reminders[0]?.text).toContain(`Verwendungszweck`)
  }, 180_000)

  it('sends the overdue notice once, three days after the day', async () => {
    await runDay(addDays(DUE, 2))
    expect(await subjects(numbers.unpaid, 'Zahlungserinnerung')).toHaveLength(0)
    await runDay(addDays(DUE, 3))
    await runDay(addDays(DUE, 5))
    expect(await subjects(numbers.unpaid, 'Zahlungserinnerung')).toHaveLength(1)
  }, 180_000)

  it('sends the second notice once, and then lists the booking for the office', async () => {
    await runDay(addDays(DUE, 14))
    await runDay(addDays(DUE, 15))
    expect(await subjects(numbers.unpaid, 'Zweite Mahnung')).toHaveLength(1)
    expect(await unpaidAfterSecondNotice(t.db, addDays(DUE, 20), DEFAULT_NOTICE_DAYS)).toEqual([])
    const listed = await unpaidAfterSecondNotice(t.db, addDays(DUE, 21), DEFAULT_NOTICE_DAYS)
    expect(listed).toEqual([expect.objectContaining({ bookingNumber: numbers.unpaid, secondNoticeOn: addDays(DUE, 14) })])
    const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, numbers.unpaid))
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.bookingId, b!.id), eq(auditLog.action, 'booking.notice')))
    expect(audited.map((a) => (a.after as { notice: string }).notice)).toEqual(['payment_reminder', 'overdue_notice', 'second_notice'])
  }, 180_000)

  it('sends the travel documents of a paid booking once, some days before departure', async () => {
    await runDay(addDays(departure, -15))
    expect(await subjects(numbers.paid, 'Ihre Reiseunterlagen')).toHaveLength(0)
    expect(await travelDocumentsSentOn(t.db, paidId)).toBeNull()
    await runDay(addDays(departure, -14))
    await runDay(addDays(departure, -2))
    const documents = await subjects(numbers.paid, 'Ihre Reiseunterlagen')
    expect(documents).toHaveLength(1)
    expect(documents[0]?.text).toMatch(/Sitzplatz|Zustieg|Anreise/)
    // Mein Konto shows them from that day on, for this departure only.
    expect(await travelDocumentsSentOn(t.db, paidId)).toBe(addDays(departure, -14))
    const [row] = await t.db.select({ tripDateId: bookings.tripDateId }).from(bookings).where(eq(bookings.id, paidId))
    await t.db.update(bookingNotices).set({ subject: `termin:${row!.tripDateId + 100000}` }).where(eq(bookingNotices.bookingId, paidId))
    expect(await travelDocumentsSentOn(t.db, paidId)).toBeNull()
    await t.db.update(bookingNotices).set({ subject: `termin:${row!.tripDateId}` }).where(eq(bookingNotices.bookingId, paidId))
    // The paid booking never got a payment notice; the unpaid one never its documents.
    expect(await t.db.$count(bookingNotices, like(bookingNotices.subject, 'termin:%'))).toBe(1)
  }, 180_000)
})
