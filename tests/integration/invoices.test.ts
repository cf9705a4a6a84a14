// The confirmation is also the invoice (issue 26, item 6) on PGlite and PostgreSQL: every booking
// gets an invoice number of the year's sequence at commit, without gaps even when bookings commit
// at once or a change rolls back; a changed booking gets a new version with a new number and the
// old one stays; a cancellation with a fee gets a cancellation invoice; invoices never change.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInBerlin } from '~/lib/calendar'
import { bookings, invoiceCounters, invoices, staffUsers } from '~/server/db/schema'
import { cancelBooking, previewCancellation } from '~/server/office/cancellation.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { siteInfo } from '~/server/site.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
const staff = { kind: 'staff' as const, id: 'staff-invoice', name: 'Ina Rechnung' }
const year = Number(todayInBerlin().slice(0, 4))

async function prepare(tag: string) {
  const offer = await datePool(t.db)({ seatPlan: false })
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 1, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  return row.id
}

async function book(draftId: string, key: string): Promise<string> {
  const booked = await bookDraft(t.db, draftId, key, ACCEPT, settings)
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

const invoicesOf = async (number: string) => {
  const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, number))
  return t.db.select().from(invoices).where(eq(invoices.bookingId, b!.id)).orderBy(asc(invoices.seq))
}
const allSeqs = async () => (await t.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.year, year)).orderBy(asc(invoices.seq))).map((r) => r.seq)
const contiguous = (seqs: number[]) => seqs.every((s, i) => s === i + 1)

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'ina.rechnung@buero.example', name: staff.name, role: 'buero', emailVerified: true })
})
afterAll(async () => {
  await t?.cleanup()
})

describe('invoices', () => {
  let first = ''
  it('numbers every booking at commit, without gaps, when bookings commit at once', async () => {
    const drafts = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((tag) => prepare(`Rechnung${tag}`)))
    const numbers = await Promise.all(drafts.map((d, i) => book(d, `invoice-${i}`)))
    first = numbers[0]!
    const seqs = await allSeqs()
    expect(seqs.length).toBeGreaterThanOrEqual(5)
    expect(contiguous(seqs)).toBe(true)
    const [invoice] = await invoicesOf(first)
    expect(invoice).toMatchObject({ kind: 'invoice', version: 1, year })
    expect(invoice?.number).toMatch(new RegExp(`^${year}-\\d{6}$`))
    const [booking] = await t.db.select({ total: bookings.gesamtpreis, lines: bookings.priceLines }).from(bookings).where(eq(bookings.bookingNumber, first))
    expect(invoice?.amount).toBe(booking?.total)
    expect(invoice?.priceLines).toEqual(booking?.lines)
    const [counter] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.year, year))
    expect(counter?.last).toBe(seqs.at(-1))
  })

  it('takes no number for a change that rolls back, and a new one for each committed version', async () => {
    const before = await allSeqs()
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(bookings).set({ documentVersion: 2 }).where(eq(bookings.bookingNumber, first))
        throw new Error('abgebrochen')
      }),
    ).rejects.toThrow('abgebrochen')
    expect(await allSeqs()).toEqual(before)
    // Two changes in one transaction: one new invoice, of the version committed.
    await t.db.transaction(async (tx) => {
      await tx.update(bookings).set({ documentVersion: 2, gesamtpreis: 123_000_000 }).where(eq(bookings.bookingNumber, first))
      await tx.update(bookings).set({ documentVersion: 3, gesamtpreis: 456_000_000 }).where(eq(bookings.bookingNumber, first))
    })
    const issued = await invoicesOf(first)
    expect(issued.map((i) => [i.kind, i.version, i.amount])).toEqual([
      ['invoice', 1, issued[0]!.amount],
      ['invoice', 3, 456_000_000],
    ])
    expect(contiguous(await allSeqs())).toBe(true)
  })

  it('issues a cancellation invoice for a fee, and keeps the invoices before it', async () => {
    const [b] = await t.db.select({ version: bookings.documentVersion }).from(bookings).where(eq(bookings.bookingNumber, first))
    const preview = await previewCancellation(t.db, first, todayInBerlin())
    if (preview?.kind !== 'quote') throw new Error(JSON.stringify(preview))
    const done = await cancelBooking(t.db, first, { version: b!.version, expectedFee: preview.quote.fee, expectedPaid: preview.quote.paid }, staff, { today: todayInBerlin(), site: siteInfo(), bank: settings.bank, notify: false })
    expect(done?.kind).toBe('cancelled')
    const issued = await invoicesOf(first)
    expect(issued.map((i) => i.kind)).toEqual(['invoice', 'invoice', 'cancellation'])
    expect(issued.at(-1)).toMatchObject({ kind: 'cancellation', version: b!.version + 1, amount: preview.quote.fee })
    expect(contiguous(await allSeqs())).toBe(true)
  })

  it('never changes or deletes an invoice', async () => {
    const [invoice] = await invoicesOf(first)
    await expect(t.db.update(invoices).set({ amount: 1 }).where(eq(invoices.id, invoice!.id))).rejects.toThrow()
    await expect(t.db.delete(invoices).where(eq(invoices.id, invoice!.id))).rejects.toThrow()
    await expect(t.db.delete(bookings).where(eq(bookings.bookingNumber, first))).rejects.toThrow()
  })
})
