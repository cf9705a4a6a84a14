// The rest of a cancellation fee as an instalment with a due day (issue 26, "cancellations";
// migration 0022) on PGlite and PostgreSQL: cancelled for more than was paid, the booking owes an
// instalment of kind 'fee' due 14 days later; it is "offen", then "überfällig"; the scheduled
// notices remind and warn about it exactly once each with a moved clock, in words for a
// cancellation fee, and the office's list names it; a bank credit pays it. Cancelled for less than
// was paid, or called off by the operator, nothing is owed: no instalment, the refund due. Paid by
// direct debit, the fee goes into the office's debit run instead of the transfer notices.
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentMethod } from '~/lib/booking/draft'
import { addDays } from '~/lib/calendar'
import { formatDate, formatPrice } from '~/lib/format'
import type { CancellationQuote } from '~/lib/office/cancellation'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import { auditLog, bookings, invoices, mailOutbox, paymentEntries, payments, staffUsers } from '~/server/db/schema'
import { importStatement } from '~/server/office/bank-statements.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { cancelBooking, cancelDeparture, previewCancellation } from '~/server/office/cancellation.server'
import { recordLedgerEntry } from '~/server/office/ledger.server'
import { dueNotices, sendDueNotices, unpaidAfterSecondNotice } from '~/server/office/notices.server'
import type { NoticeContext } from '~/server/office/notices.server'
import { announceDebits, debitsPage, exportDebits, exportFile, markExportCollected } from '~/server/office/sepa-debits.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { siteInfo } from '~/server/site.server'
import { bookTwo, datePool, settings } from '../support/booking'
import type { BookedTwo } from '../support/booking'
import { camtStatement } from '../support/camt'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { pain008Problems } from '../support/pain008'
import { plain } from '../support/pdf-text'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>
const staff = { kind: 'staff' as const, id: 'staff-gebuehr', name: 'Frieda Gebühr' }
const euros = (amount: number) => (amount / 1_000_000).toFixed(2)

type Booked = BookedTwo

const book = async (tag: string, payment: PaymentMethod = 'ueberweisung'): Promise<Booked> => bookTwo(t.db, await takeDate({ seatPlan: false }), 'gebuehr', tag, payment)

const instalments = (bookingId: number) => t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.dueDate), asc(payments.id))

/** Pays the deposit by transfer on `day`; its amount. */
async function payDeposit(b: Booked, day: string): Promise<number> {
  const [deposit] = (await instalments(b.id)).filter((p) => p.kind === 'deposit')
  await t.db.insert(paymentEntries).values({ bookingId: b.id, kind: 'payment', amount: deposit!.amount, bookedOn: day, method: 'ueberweisung', reference: b.number })
  return deposit!.amount
}

/** Cancels on `today` at the fee the office is shown; the quote and the Stornorechnung's number. */
async function cancel(b: Booked, today: string): Promise<{ quote: CancellationQuote; invoiceNumber: string | null }> {
  const preview = await previewCancellation(t.db, b.number, today)
  if (preview?.kind !== 'quote') throw new Error(JSON.stringify(preview))
  const { version } = (await bookingDetail(t.db, b.number))!
  const done = await cancelBooking(t.db, b.number, { version, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, { today, site: siteInfo(), bank: settings.bank, notify: true })
  if (done?.kind !== 'cancelled') throw new Error(JSON.stringify(done))
  return { quote: done.quote, invoiceNumber: done.invoiceNumber }
}

const mailsOf = (bookingId: number) =>
  t.db.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId)).orderBy(asc(mailOutbox.id))
const stateOf = async (bookingId: number) =>
  (await t.db.select({ state: bookings.paymentState, openDue: bookings.openDue, paid: bookings.paidAmount }).from(bookings).where(eq(bookings.id, bookingId)))[0]
const noon = (day: string) => new Date(`${day}T12:00:00+01:00`)

const noticeContext = (today: string): NoticeContext => ({
  today,
  days: DEFAULT_NOTICE_DAYS,
  site: siteInfo(),
  bank: settings.bank,
  summaryOf: async (n) => (await loadBookingSummary(t.db, n, settings, 'http://localhost:3000'))?.summary ?? null,
})
/** A run of the notices on `day`, twice (a second instance, a retried job): each notice goes once. */
async function runDay(day: string): Promise<void> {
  await Promise.all([sendDueNotices(t.db, noticeContext(day)), sendDueNotices(t.db, noticeContext(day))])
  await sendDueNotices(t.db, noticeContext(day))
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  takeDate = datePool(t.db)
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'frieda.gebuehr@buero.example', name: staff.name, role: 'buero', emailVerified: true })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('a cancellation fee larger than what was paid', () => {
  let b: Booked
  let quote: CancellationQuote
  let invoiceNumber = ''
  let deposit = 0
  let due = ''

  it('becomes an instalment of what is still owed, due 14 days after the cancellation; the booking is "offen", then "überfällig"', async () => {
    b = await book('Offen')
    const today = addDays(b.offer.dateFrom, -6)
    deposit = await payDeposit(b, addDays(today, -10))
    ;({ quote, invoiceNumber } = (await cancel(b, today)) as { quote: CancellationQuote; invoiceNumber: string })
    due = addDays(today, 14)
    expect(quote.owed).toBe(quote.fee - deposit)
    expect(quote.owed).toBeGreaterThan(0)
    expect(quote.owedBy).toBe(due)

    // The deposit stays paid, the balance ends, the rest of the fee is owed on its own day.
    const plan = await instalments(b.id)
    expect(plan.map((p) => [p.kind, p.status])).toEqual([
      ['deposit', 'paid'],
      ['balance', 'cancelled'],
      ['fee', 'open'],
    ])
    expect(plan.find((p) => p.kind === 'fee')).toMatchObject({ amount: quote.fee - deposit, dueDate: due })
    expect(await stateOf(b.id)).toEqual({ state: 'open', openDue: due, paid: deposit })

    // "offen" until its day, "überfällig" after it, never "Anzahlung bezahlt".
    expect((await bookingDetail(t.db, b.number, noon(due)))?.ledger).toMatchObject({ owed: quote.fee, paid: deposit, state: 'open' })
    expect((await bookingDetail(t.db, b.number, noon(addDays(due, 1))))?.ledger.state).toBe('overdue')
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.bookingId, b.id), eq(auditLog.action, 'booking.cancelled')))
    expect(entry?.after).toMatchObject({ cancellationFee: quote.fee, owed: quote.owed, owedBy: due })
  })

  it('is reminded before its day, then warned twice, each exactly once, in words for a cancellation fee; then the office lists it', async () => {
    const before = (await mailsOf(b.id)).length
    for (const day of [addDays(due, -8), addDays(due, -7), addDays(due, -7), addDays(due, 2), addDays(due, 3), addDays(due, 5), addDays(due, 14), addDays(due, 15)]) await runDay(day)
    const notices = (await mailsOf(b.id)).slice(before)
    expect(notices.map((m) => m.subject)).toEqual([
      `Erinnerung: Stornogebühr für Ihre Buchung ${b.number} fällig am ${formatDate(due)}`,
      `Zahlungserinnerung: Stornogebühr für Ihre Buchung ${b.number}`,
      `Zweite Mahnung: Stornogebühr für Ihre Buchung ${b.number}`,
    ])
    const [reminder, overdue, second] = notices.map((m) => plain(m.text))
    expect(reminder).toContain(`wird am ${formatDate(due)} der offene Betrag der Stornogebühr von ${plain(formatPrice(quote.owed))} fällig`)
    expect(reminder).toContain(`Stornorechnung Nr. ${invoiceNumber}`)
    expect(overdue).toContain(`Bitte überweisen Sie den Betrag bis zum ${formatDate(addDays(due, 10))}`)
    expect(second).toContain('gerichtlich geltend zu machen')
    for (const text of [reminder, overdue, second]) {
      expect(text).toContain(`Verwendungszweck ${b.number}`)
      // No contract left to withdraw from, no payment page for a trip that does not take place.
      expect(text).not.toContain('Reisevertrag')
      expect(text).not.toContain('/payment/')
    }

    expect(await unpaidAfterSecondNotice(t.db, addDays(due, 20), DEFAULT_NOTICE_DAYS)).not.toContainEqual(expect.objectContaining({ bookingNumber: b.number }))
    expect(await unpaidAfterSecondNotice(t.db, addDays(due, 21), DEFAULT_NOTICE_DAYS)).toContainEqual({
      bookingNumber: b.number,
      customer: expect.stringContaining('Becker'),
      open: quote.owed,
      secondNoticeOn: addDays(due, 14),
      owedFor: 'fee',
    })
  })

  it('is paid by a bank credit that names the booking: the instalment is paid, nothing more is sent, the list forgets it', async () => {
    const statement = camtStatement([{ amount: euros(quote.owed), ref: `FEE-${b.number}`, bookedOn: addDays(due, 16), txs: [{ ustrd: [`Stornogebuehr ${b.number}`], payer: 'Anna Becker' }] }], { id: `FEE-${b.number}` })
    expect(await importStatement(t.db, statement, 'auszug-gebuehr.xml', staff, settings.bank.iban)).toMatchObject({ kind: 'imported', counts: { matched: 1 } })
    expect((await instalments(b.id)).find((p) => p.kind === 'fee')?.status).toBe('paid')
    expect(await stateOf(b.id)).toEqual({ state: 'paid', openDue: null, paid: quote.fee })
    const before = (await mailsOf(b.id)).length
    await runDay(addDays(due, 30))
    expect(await mailsOf(b.id)).toHaveLength(before)
    expect(await unpaidAfterSecondNotice(t.db, addDays(due, 30), DEFAULT_NOTICE_DAYS)).not.toContainEqual(expect.objectContaining({ bookingNumber: b.number }))
  })

  it('with a part paid beyond the deposit, is owed only the rest, and a recorded payment of that rest pays it', async () => {
    const c = await book('Teil')
    const today = addDays(c.offer.dateFrom, -6)
    const paidBefore = (await payDeposit(c, addDays(today, -10))) + 50_000_000
    await t.db.insert(paymentEntries).values({ bookingId: c.id, kind: 'payment', amount: 50_000_000, bookedOn: addDays(today, -5), method: 'bar', reference: 'Kasse' })
    const { quote: q } = await cancel(c, today)
    expect(q.owed).toBe(q.fee - paidBefore)
    // The instalment makes up the fee with the paid deposit; what the notices find open of it is what is owed.
    expect((await instalments(c.id)).find((p) => p.kind === 'fee')?.amount).toBe(q.fee - (paidBefore - 50_000_000))
    const reminder = (await dueNotices(t.db, addDays(q.owedBy, -7), DEFAULT_NOTICE_DAYS)).find((n) => n.bookingId === c.id)
    expect(reminder).toMatchObject({ kind: 'payment_reminder', instalment: { kind: 'fee', open: q.owed, dueDate: q.owedBy } })
    const rest = euros(q.owed).replace('.', ',')
    const recorded = await recordLedgerEntry(t.db, c.number, { kind: 'payment', amount: rest, bookedOn: today, method: 'ueberweisung', reference: c.number }, 2, staff, today)
    expect(recorded?.kind).toBe('recorded')
    expect((await instalments(c.id)).find((p) => p.kind === 'fee')?.status).toBe('paid')
    expect((await stateOf(c.id))?.state).toBe('paid')
  })
})

describe('a cancellation fee smaller than what was paid', () => {
  it('makes no instalment: the rest is to be refunded within 14 days, and once refunded the booking is "erstattet"', async () => {
    const b = await book('Erstattung')
    const today = addDays(b.offer.dateFrom, -45)
    await t.db.insert(paymentEntries).values({ bookingId: b.id, kind: 'payment', amount: b.price, bookedOn: addDays(today, -3), method: 'ueberweisung', reference: b.number })
    const { quote } = await cancel(b, today)
    expect(quote).toMatchObject({ owed: 0, refund: b.price - quote.fee, refundBy: addDays(today, 14) })
    expect((await instalments(b.id)).filter((p) => p.kind === 'fee')).toEqual([])
    expect((await stateOf(b.id))?.state).toBe('refund_due')
    const mail = (await mailsOf(b.id)).at(-1)
    expect(plain(mail?.text ?? '')).toContain(`Wir erstatten Ihnen ${plain(formatPrice(quote.refund))} bis zum ${formatDate(quote.refundBy)}`)
    const refund = euros(quote.refund).replace('.', ',')
    expect((await recordLedgerEntry(t.db, b.number, { kind: 'refund', amount: refund, bookedOn: today, method: 'ueberweisung', reference: b.number }, 1, staff, today))?.kind).toBe('recorded')
    expect((await stateOf(b.id))?.state).toBe('refunded')
  })
})

describe('a departure called off by the operator', () => {
  it('refunds everything and makes neither a fee instalment nor an invoice; the mail says the invoice no longer stands', async () => {
    const b = await book('Absage')
    const today = addDays(b.offer.dateFrom, -40)
    const deposit = await payDeposit(b, addDays(today, -5))
    const result = await cancelDeparture(t.db, b.offer.tripDateId, { reason: 'unavoidable', expectedBookings: 1 }, staff, { today, site: siteInfo() })
    expect(result).toMatchObject({ kind: 'cancelled', bookings: 1, refunds: 1 })
    expect((await instalments(b.id)).filter((p) => p.kind === 'fee')).toEqual([])
    expect(await stateOf(b.id)).toEqual({ state: 'refund_due', openDue: null, paid: deposit })
    const issued = await t.db.select({ kind: invoices.kind, number: invoices.number }).from(invoices).where(eq(invoices.bookingId, b.id))
    expect(issued.map((i) => i.kind)).toEqual(['invoice'])
    expect(plain((await mailsOf(b.id)).at(-1)?.text ?? '')).toContain(`Unsere Rechnung Nr. ${issued[0]?.number} über den Reisepreis ist damit gegenstandslos`)
  })
})

describe('a booking paid by direct debit', () => {
  it('pays the rest of its fee in the office’s debit run: announced in words for the fee, put in the file, collected; no transfer notice', async () => {
    const b = await book('Lastschrift', 'lastschrift')
    const today = addDays(b.offer.dateFrom, -6)
    const { quote } = await cancel(b, today)
    const due = addDays(today, 14)
    expect(plain((await mailsOf(b.id)).at(-1)?.text ?? '')).toContain(`Den offenen Betrag von ${plain(formatPrice(quote.fee))} ziehen wir per SEPA-Lastschrift von Ihrem Konto ein (Mandatsreferenz`)

    // The transfer notices leave it to the office.
    const mails = (await mailsOf(b.id)).length
    for (const day of [addDays(due, -7), addDays(due, 3)]) await runDay(day)
    expect(await mailsOf(b.id)).toHaveLength(mails)

    const period = { from: today, till: due, query: b.number }
    const page = await debitsPage(t.db, period, today)
    expect(page.due).toEqual([expect.objectContaining({ kind: 'fee', amount: quote.fee, dueDate: due, bookingNumber: b.number })])
    const announced = await announceDebits(t.db, { period, paymentIds: page.due.map((d) => d.paymentId) }, staff, { today, bank: settings.bank, site: siteInfo() })
    expect(announced).toMatchObject({ kind: 'done', count: 1, total: quote.fee })
    const notice = (await mailsOf(b.id)).at(-1)
    expect(notice?.subject).toMatch(/^Vorabankündigung: SEPA-Lastschrift am /)
    expect(plain(notice?.text ?? '')).toContain(`ziehen wir den offenen Betrag der Stornogebühr von ${plain(formatPrice(quote.fee))}`)
    expect(plain(notice?.text ?? '')).toContain(`Verwendungszweck ${b.number} Stornogebühr`)

    const waiting = (await debitsPage(t.db, period, today)).announced
    expect(waiting).toEqual([expect.objectContaining({ kind: 'fee', endToEndId: `${b.number}-S1` })])
    const file = await exportDebits(t.db, waiting.map((d) => d.id), staff, { now: noon(today), bank: settings.bank })
    if (file.kind !== 'done' || !file.exportId) throw new Error(JSON.stringify(file))
    const collected = waiting[0]!.collectionDate
    expect(await markExportCollected(t.db, file.exportId, collected, staff, collected)).toMatchObject({ kind: 'done', count: 1 })
    expect((await instalments(b.id)).find((p) => p.kind === 'fee')?.status).toBe('paid')
    expect((await stateOf(b.id))?.state).toBe('paid')
  })
})

describe('the debit file of a fee', () => {
  it('is a valid pain.008 with the fee in the remittance text', async () => {
    const b = await book('Datei', 'lastschrift')
    const today = addDays(b.offer.dateFrom, -6)
    await cancel(b, today)
    const period = { from: today, till: addDays(today, 14), query: b.number }
    const page = await debitsPage(t.db, period, today)
    await announceDebits(t.db, { period, paymentIds: page.due.map((d) => d.paymentId) }, staff, { today, bank: settings.bank, site: siteInfo() })
    const waiting = (await debitsPage(t.db, period, today)).announced
    const file = await exportDebits(t.db, waiting.map((d) => d.id), staff, { now: noon(today), bank: settings.bank })
    if (file.kind !== 'done' || !file.messageId) throw new Error(JSON.stringify(file))
    const xml = (await exportFile(t.db, file.messageId))?.xml ?? ''
    expect(pain008Problems(xml)).toEqual([])
    expect(xml).toContain(`<EndToEndId>${b.number}-S1</EndToEndId>`)
    // In the SEPA character set, as German banks write it (issue 46).
    expect(xml).toContain(`<Ustrd>${b.number} Stornogebuehr</Ustrd>`)
  })
})
