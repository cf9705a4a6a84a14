// The office records money for a booking (issue 26, item 1) on PGlite and PostgreSQL: a payment
// pays the instalments in due order and changes the booking's state, a refund cannot exceed what
// came in, a record made on an older view (a second click, a second tab) is refused, and each
// record writes the audit log in its transaction.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInBerlin } from '~/lib/calendar'
import type { LedgerEntryForm } from '~/lib/office/ledger'
import { bookingAuditRows } from '~/server/office/audit.server'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { recordLedgerEntry } from '~/server/office/ledger.server'
import { bookings, paymentEntries, staffUsers } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const today = todayInBerlin()
const staff = { id: 'staff-ledger', name: 'Petra Büro' }
let number = ''

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'petra.ledger@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  const offer = await datePool(t.db)({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag: 'Geld' }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, 'ledger-1', ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  number = booked.bookingNumber
})
afterAll(async () => {
  await t?.cleanup()
})

const entry = (over: Partial<LedgerEntryForm>): LedgerEntryForm => ({ kind: 'payment', amount: '100,00', bookedOn: today, method: 'ueberweisung', reference: 'Auszug 1', ...over })

describe('recordLedgerEntry', () => {
  it('records a payment that pays the first instalment, and says so in the state and the audit log', async () => {
    const before = (await bookingDetail(t.db, number))!
    expect(before.ledger).toMatchObject({ paid: 0, refunded: 0, state: 'open', entries: [] })
    const first = before.payments[0]!
    const euros = (first.amount / 1_000_000).toFixed(2).replace('.', ',')
    expect(await recordLedgerEntry(t.db, number, entry({ amount: euros }), 0, staff, today)).toEqual({ kind: 'recorded', entries: 1 })
    const after = (await bookingDetail(t.db, number))!
    expect(after.ledger.paid).toBe(first.amount)
    expect(after.ledger.state).toBe(first.kind === 'deposit' ? 'partly' : 'paid')
    expect(after.payments[0]?.status).toBe('paid')
    expect(after.ledger.entries).toEqual([
      expect.objectContaining({ kind: 'payment', amount: first.amount, bookedOn: today, method: 'ueberweisung', reference: 'Auszug 1', recordedBy: staff.name }),
    ])
    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, number))
    const audited = (await bookingAuditRows(t.db, booking!.id)).filter((r) => r.action === 'booking.payment')
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({ actorName: staff.name, after: { amount: first.amount, method: 'ueberweisung' } })
  })

  it('refuses a record made on an older view: a second click or a second tab books nothing twice', async () => {
    expect((await recordLedgerEntry(t.db, number, entry({}), 0, staff, today))?.kind).toBe('stale')
    expect(await t.db.$count(paymentEntries)).toBe(1)
  })

  it('refuses a wrong amount or day at its field, and a refund above what came in', async () => {
    expect(await recordLedgerEntry(t.db, number, entry({ amount: '0' }), 1, staff, today)).toMatchObject({ kind: 'refused', field: 'amount' })
    expect(await recordLedgerEntry(t.db, number, entry({ bookedOn: '2999-01-01' }), 1, staff, today)).toMatchObject({ kind: 'refused', field: 'bookedOn' })
    const refused = await recordLedgerEntry(t.db, number, entry({ kind: 'refund', amount: '100.000' }), 1, staff, today)
    expect(refused).toMatchObject({ kind: 'refused', field: 'amount' })
    expect(refused?.kind === 'refused' && refused.message).toContain('höchstens')
    expect(await t.db.$count(paymentEntries)).toBe(1)
    expect(await recordLedgerEntry(t.db, 'XXXX-0000', entry({}), 0, staff, today)).toBeNull()
  })

  it('pays the rest, then a refund of a surplus ends as refunded', async () => {
    const now = (await bookingDetail(t.db, number))!
    const rest = now.ledger.owed - now.ledger.paid + 20_000_000
    expect((await recordLedgerEntry(t.db, number, entry({ amount: (rest / 1_000_000).toFixed(2).replace('.', ','), method: 'bar' }), 1, staff, today))?.kind).toBe('recorded')
    expect((await bookingDetail(t.db, number))!.ledger.state).toBe('refund_due')
    expect((await recordLedgerEntry(t.db, number, entry({ kind: 'refund', amount: '20' }), 2, staff, today))?.kind).toBe('recorded')
    const done = (await bookingDetail(t.db, number))!
    expect(done.ledger).toMatchObject({ paid: done.ledger.owed, refunded: 20_000_000, state: 'refunded' })
    expect(done.payments.every((p) => p.status === 'paid')).toBe(true)
  })
})
