// Mails about a booking made through an agency go to the agency too (issue 46, defect 4): the
// cancellation confirmation (office or customer), the departure called off and the scheduled
// notices, like the confirmation and each change, as a copy of the customer's mail to the agency.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '~/lib/calendar'
import type { BookingOffer } from '~/lib/booking/offer'
import { bookingDetail } from '~/server/office/booking-detail.server'
import { cancelBooking, cancelDeparture, previewCancellation } from '~/server/office/cancellation.server'
import { DEFAULT_NOTICE_DAYS } from '~/lib/office/notices'
import { agencies, bookings, mailOutbox, payments, staffUsers } from '~/server/db/schema'
import { sendDueNotices } from '~/server/office/notices.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { siteInfo } from '~/server/site.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { ACCEPT, completeDraft, datePool, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>
let agency: { id: number; email: string }
const staff = { kind: 'staff' as const, id: 'staff-agentur-storno', name: 'Petra Büro' }
const CUSTOMER = 'anna.becker@example.de'

async function book(offer: BookingOffer, tag: string, agencyId?: number): Promise<{ number: string; id: number }> {
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `agentur-storno-${tag}`, ACCEPT, settings, agencyId === undefined ? {} : { agencyId })
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  const [b] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.bookingNumber, booked.bookingNumber))
  return { number: booked.bookingNumber, id: b!.id }
}

const mailsOf = (bookingId: number) =>
  t.db.select({ to: mailOutbox.to, cc: mailOutbox.cc, subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId)).orderBy(mailOutbox.id)

const context = (today: string) => ({ today, site: siteInfo(), bank: settings.bank, notify: true })

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 20 } })
  takeDate = datePool(t.db)
  await t.db.insert(staffUsers).values({ id: staff.id, email: 'agentur-storno@buero.example', name: staff.name, role: 'buero', emailVerified: true })
  const [sonne] = await t.db.select({ id: agencies.id, email: agencies.email }).from(agencies).where(eq(agencies.login, 'reisebuero-sonne'))
  agency = { id: sonne!.id, email: sonne!.email ?? '' }
  expect(agency.email).toBe('info@reisebuero-sonne.example')
})
afterAll(async () => {
  await t?.cleanup()
})

describe('mails about an agency booking', () => {
  it('the office’s cancellation: the Stornobestätigung to the customer and a copy to the agency', async () => {
    const offer = await takeDate({ seatPlan: false })
    const { number, id } = await book(offer, 'Storno', agency.id)
    const today = addDays(offer.dateFrom, -45)
    const preview = await previewCancellation(t.db, number, today)
    if (preview?.kind !== 'quote') throw new Error('no quote')
    const { version } = (await bookingDetail(t.db, number))!
    const result = await cancelBooking(t.db, number, { version, expectedFee: preview.quote.fee, expectedPaid: 0 }, staff, context(today))
    expect(result).toMatchObject({ kind: 'cancelled', mailedTo: CUSTOMER })

    const storno = (await mailsOf(id)).filter((m) => m.subject.includes(`Stornobestätigung für Ihre Buchung ${number}`))
    expect(storno.map((m) => m.to).sort()).toEqual([CUSTOMER, agency.email])
    const copy = storno.find((m) => m.to === agency.email)
    expect(copy?.subject).toBe(`Kopie für Ihr Reisebüro: Stornobestätigung für Ihre Buchung ${number}`)
    expect(copy?.text).toBe(storno.find((m) => m.to === CUSTOMER)?.text)
  })

  it('the departure called off: each booking person told, and the agency of the agency booking', async () => {
    const offer = await takeDate({ seatPlan: false })
    const viaAgency = await book(offer, 'AbsageAgentur', agency.id)
    const direct = await book(offer, 'AbsageDirekt')
    const today = addDays(offer.dateFrom, -40)
    const result = await cancelDeparture(t.db, offer.tripDateId, { reason: 'unavoidable', expectedBookings: 2 }, staff, context(today))
    expect(result).toEqual({ kind: 'cancelled', bookings: 2, mailed: 2, refunds: 0 })

    const agencyMails = (await mailsOf(viaAgency.id)).filter((m) => m.subject.includes('Absage Ihrer Reise'))
    expect(agencyMails.map((m) => m.to).sort()).toEqual([CUSTOMER, agency.email])
    expect(agencyMails.find((m) => m.to === agency.email)?.subject).toMatch(/^Kopie für Ihr Reisebüro: Absage Ihrer Reise/)
    // The booking made without an agency: its customer alone.
    expect((await mailsOf(direct.id)).filter((m) => m.subject.includes('Absage Ihrer Reise')).map((m) => m.to)).toEqual([CUSTOMER])
  })

  it('the scheduled notices: each reminder to the customer and a copy to the agency', async () => {
    const offer = await takeDate({ seatPlan: false })
    const { id } = await book(offer, 'Mahnung', agency.id)
    const [first] = await t.db.select({ dueDate: payments.dueDate }).from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.dueDate)).limit(1)
    await sendDueNotices(t.db, {
      today: addDays(first!.dueDate, DEFAULT_NOTICE_DAYS.overdueAfter),
      days: DEFAULT_NOTICE_DAYS,
      site: siteInfo(),
      bank: settings.bank,
      summaryOf: async (n) => (await loadBookingSummary(t.db, n, settings, 'http://localhost'))?.summary ?? null,
    })
    // Booked without a confirmation writer: every mail of the booking is a notice.
    const notices = await mailsOf(id)
    const toCustomer = notices.filter((m) => m.to === CUSTOMER)
    expect(toCustomer.length).toBeGreaterThan(0)
    expect(notices.filter((m) => m.to === agency.email).map((m) => m.subject)).toEqual(toCustomer.map((m) => `Kopie für Ihr Reisebüro: ${m.subject}`))
  })
})
