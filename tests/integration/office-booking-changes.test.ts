// The office changes bookings (issue 25, items 4 and 7) on PGlite and PostgreSQL: the audit log
// refuses UPDATE, DELETE and TRUNCATE; every staff action writes one entry with before and after;
// a name, seat or add-on change is priced by the one price function, confirmed against the price
// the office saw, mailed to the customer as a new version; a seat someone else has refuses a staff
// change as it refuses a customer's, and leaves everything as it was.
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingOffer } from '~/lib/booking/offer'
import type { BookingChange } from '~/lib/office/booking-changes'
import { NOTHING_CHANGED_MESSAGE, PRICE_MOVED_MESSAGE, STALE_MESSAGE, changeBooking, resendConfirmation } from '~/server/office/booking-changes.server'
import { bookingAuditRows } from '~/server/office/audit.server'
import { auditLog, bookingParticipants, bookings, mailOutbox, payments, seatReservations, staffUsers } from '~/server/db/schema'
import { bookDraft } from '~/server/services/booking/book.server'
import { confirmationMailWriter } from '~/server/services/booking/confirmation.server'
import { createDraft, loadDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { travellers } from '~/lib/booking/draft'
import { PHONE_BOOKING_REFUSED } from '~/lib/office/phone-booking'
import { ZIP_ERROR } from '~/lib/transfer-zones'
import { ACCEPT, completeDraft, datePool, layoutSeats, settings } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>
const staff = { kind: 'staff' as const, id: 'staff-test', name: 'Petra Büro' }
const origin = 'http://localhost:3000'
const options = { settings, origin }

/** The change options on the booking's version as stored now (what the office's page shows). */
async function at(number: string, extra: { expectedTotal?: number } = {}) {
  const [row] = await t.db.select({ version: bookings.documentVersion }).from(bookings).where(eq(bookings.bookingNumber, number))
  return { ...options, version: row?.version ?? 1, ...extra }
}

async function book(offer: BookingOffer, tag: string, seats?: string[]): Promise<string> {
  const row = await createDraft(t.db, offer, settings)
  const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, tag, seats }), settings)
  if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
  const booked = await bookDraft(t.db, row.id, `change-${tag}`, ACCEPT, settings, { onBooked: confirmationMailWriter(settings, origin) })
  if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
  return booked.bookingNumber
}

async function stored(number: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, number))
  if (!booking) throw new Error('no booking')
  const [people, plan, mails, history] = await Promise.all([
    t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, booking.id)).orderBy(asc(bookingParticipants.id)),
    t.db.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(asc(payments.dueDate)),
    t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id)).orderBy(asc(mailOutbox.id)),
    bookingAuditRows(t.db, booking.id),
  ])
  return { booking, people, plan, mails, history }
}

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 40 } })
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

describe('the audit log', () => {
  it('records the booking as made by the customer, and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const number = await book(await takeDate({ seatPlan: false }), 'Audit')
    const { history } = await stored(number)
    expect(history.map((h) => [h.action, h.actorKind])).toEqual([['booking.created', 'customer']])

    // Drizzle wraps the database's error; the database's own message is the cause.
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      )
    for (const [statement, operation] of [
      [sql`update audit_log set action = 'x'`, 'UPDATE'],
      [sql`delete from audit_log`, 'DELETE'],
      [sql`truncate audit_log`, 'TRUNCATE'],
    ] as const) {
      expect(await refusal(t.db.execute(statement))).toBe(`audit_log is append-only: ${operation} refused`)
    }
    expect(await refusal(t.db.update(auditLog).set({ actorName: 'jemand' }).where(eq(auditLog.bookingNumber, number)))).toBe(
      'audit_log is append-only: UPDATE refused',
    )
    expect((await stored(number)).history).toEqual(history)
  })
})

describe('changeBooking', () => {
  it('changes a name (Ersatzreisender): priced first, then stored with its audit entry and a new confirmation', async () => {
    const number = await book(await takeDate({ seatPlan: false }), 'Name')
    const before = await stored(number)
    const change = { kind: 'traveller', traveller: 1, firstname: 'Clara', lastname: 'Neumann' } as const

    // The preview writes nothing.
    const preview = await changeBooking(t.db, number, change, staff, await at(number))
    expect(preview).toMatchObject({ kind: 'preview', previous: before.booking.gesamtpreis, gesamtpreis: before.booking.gesamtpreis })
    expect(await stored(number)).toEqual(before)

    const done = await changeBooking(t.db, number, change, staff, await at(number, { expectedTotal: before.booking.gesamtpreis }))
    expect(done).toEqual({ kind: 'changed', previous: before.booking.gesamtpreis, gesamtpreis: before.booking.gesamtpreis, version: 2 })
    const after = await stored(number)
    expect(after.people.map((p) => `${p.firstname} ${p.lastname}`)).toEqual(['Anna BeckerName', 'Clara Neumann'])
    expect(after.booking.documentVersion).toBe(2)
    // The same page in a second tab still shows version 1: its change is refused and writes nothing.
    const second = { kind: 'traveller', traveller: 1, firstname: 'Clara', lastname: 'Neumeier' } as const
    expect(await changeBooking(t.db, number, second, staff, { ...options, version: 1 })).toEqual({ kind: 'stale', message: STALE_MESSAGE, version: 2 })
    expect(await changeBooking(t.db, number, second, staff, { ...options, version: 1, expectedTotal: before.booking.gesamtpreis })).toMatchObject({ kind: 'stale' })
    expect(await stored(number)).toEqual(after)
    const lines = after.booking.priceLines as { traveller: string | null }[]
    expect(lines.some((l) => l.traveller === 'Clara Neumann')).toBe(true)
    expect(lines.some((l) => l.traveller === 'Bernd BeckerName')).toBe(false)
    // One entry, with who, what, before and after.
    const entry = after.history.at(-1)
    expect(after.history).toHaveLength(2)
    expect(entry).toMatchObject({
      action: 'booking.traveller',
      actorKind: 'staff',
      actorName: 'Petra Büro',
      before: { traveller: 1, firstname: 'Bernd', lastname: 'BeckerName' },
      after: { traveller: 1, firstname: 'Clara', lastname: 'Neumann' },
    })
    // The customer is told: the changed confirmation, version 2, with the PDF.
    expect(after.mails).toHaveLength(before.mails.length + 1)
    const mail = after.mails.at(-1)!
    expect(mail.to).toBe('anna.becker@example.de')
    expect(mail.subject).toContain(`Ihre geänderte Buchung ${number}`)
    expect(mail.text).toContain('Buchungsbestätigung (Version 2)')
    expect(mail.text).toContain('Clara Neumann')
    expect(mail.attachments.map((a) => a.kind)).toContain('booking-confirmation')
  })

  it('adds an add-on: the one price function prices it, the open balance takes it, and a price seen earlier is not booked', async () => {
    const offer = await takeDate({ seatPlan: false })
    const service = offer.services.find((s) => s.per === 'person')
    if (!service) throw new Error('the seed offers no add-on per person')
    const number = await book(offer, 'Extra')
    const before = await stored(number)
    const change: BookingChange = { kind: 'services', traveller: 0, services: [service.id] }
    const preview = await changeBooking(t.db, number, change, staff, await at(number))
    expect(preview).toMatchObject({ kind: 'preview', gesamtpreis: before.booking.gesamtpreis + service.price })

    // A total other than the one the price function gives now is refused and changes nothing.
    const stale = await changeBooking(t.db, number, change, staff, await at(number, { expectedTotal: before.booking.gesamtpreis }))
    expect(stale).toEqual({ kind: 'refused', message: PRICE_MOVED_MESSAGE })
    expect(await stored(number)).toEqual(before)

    const done = await changeBooking(t.db, number, change, staff, await at(number, { expectedTotal: before.booking.gesamtpreis + service.price }))
    expect(done).toMatchObject({ kind: 'changed', gesamtpreis: before.booking.gesamtpreis + service.price })
    const after = await stored(number)
    expect(after.people[0]?.services).toEqual([{ id: service.id }])
    expect(after.people[0]?.price).toBe((before.people[0]?.price ?? 0) + service.price)
    // The instalments add up to the new total; the last open one took the difference.
    expect(after.plan.reduce((sum, p) => sum + p.amount, 0)).toBe(after.booking.gesamtpreis)
    expect(after.plan.at(-1)?.amount).toBe((before.plan.at(-1)?.amount ?? 0) + service.price)
    expect(after.history.at(-1)).toMatchObject({
      action: 'booking.services',
      before: { traveller: 0, services: [], gesamtpreis: before.booking.gesamtpreis },
      after: { traveller: 0, services: [service.name], gesamtpreis: after.booking.gesamtpreis },
    })

    // Removing it again gives the booked price back.
    const removed = await changeBooking(t.db, number, { ...change, services: [] }, staff, await at(number, { expectedTotal: before.booking.gesamtpreis }))
    expect(removed).toMatchObject({ kind: 'changed', gesamtpreis: before.booking.gesamtpreis, version: 3 })
    expect((await stored(number)).plan.map((p) => p.amount)).toEqual(before.plan.map((p) => p.amount))
  })

  it('moves a seat to a free one; a seat another booking has refuses the staff change like a customer’s', async () => {
    const offer = await takeDate({ seatPlan: true })
    const seats = layoutSeats(offer)
    const mine = await book(offer, 'SeatA', seats.slice(0, 2))
    await book(offer, 'SeatB', seats.slice(2, 4))
    const before = await stored(mine)

    const taken = await changeBooking(t.db, mine, { kind: 'seat', traveller: 0, seat: seats[2]! }, staff, await at(mine, { expectedTotal: before.booking.gesamtpreis }))
    expect(taken).toEqual({ kind: 'refused', message: `Der Sitzplatz ${seats[2]} ist bereits vergeben. Bitte wählen Sie einen anderen Platz.` })
    expect(await stored(mine)).toEqual(before)

    const free = seats[6]!
    const moved = await changeBooking(t.db, mine, { kind: 'seat', traveller: 0, seat: free }, staff, await at(mine, { expectedTotal: before.booking.gesamtpreis }))
    expect(moved).toMatchObject({ kind: 'changed' })
    const reserved = await t.db
      .select({ seat: seatReservations.seat })
      .from(seatReservations)
      .where(and(eq(seatReservations.tripDateId, offer.tripDateId), eq(seatReservations.bookingId, before.booking.id)))
    expect(reserved.map((r) => r.seat).sort()).toEqual([free, seats[1]!].sort())
    expect((await stored(mine)).people[0]?.seat).toBe(free)
    // A seat that is not in the bus is refused by the step rules.
    const unknown = await changeBooking(t.db, mine, { kind: 'seat', traveller: 0, seat: '99Z' }, staff, await at(mine))
    expect(unknown).toEqual({ kind: 'refused', field: 'seat', message: 'Den Sitzplatz 99Z gibt es in diesem Bus nicht.' })
  })

  it('says what is wrong with a Haustürtransfer at its postcode, the field the form has for it', async () => {
    const offer = await takeDate({ seatPlan: true })
    const number = await book(offer, 'Transfer', layoutSeats(offer).slice(0, 2))
    const refused = await changeBooking(t.db, number, { kind: 'boarding', traveller: 1, boarding: { kind: 'transfer', zip: '336' } }, staff, await at(number))
    expect(refused).toEqual({ kind: 'refused', field: 'zip', message: ZIP_ERROR })
  })

  it('refuses a broken contact and an unknown traveller; a missing booking is null', async () => {
    const number = await book(await takeDate({ seatPlan: false }), 'Contact')
    const contact = { kind: 'contact', street: 'Neue Straße', street_nr: '3', zip: '33602', city: 'Bielefeld', email: 'keine-adresse', tel: '0521 99' } as const
    const refused = await changeBooking(t.db, number, contact, staff, await at(number))
    // Said about the field it concerns, so the office's form marks it there.
    expect(refused).toMatchObject({ kind: 'refused', field: 'email' })
    const before = await stored(number)
    const done = await changeBooking(t.db, number, { ...contact, email: 'anna.neu@example.de' }, staff, await at(number, { expectedTotal: before.booking.gesamtpreis }))
    expect(done?.kind).toBe('changed')
    const after = await stored(number)
    expect(after.booking.contact).toMatchObject({ street: 'Neue Straße', street_nr: '3', email: 'anna.neu@example.de' })
    expect(after.people[0]?.email).toBe('anna.neu@example.de')
    expect(after.mails.at(-1)?.to).toBe('anna.neu@example.de')

    expect(await changeBooking(t.db, number, { kind: 'traveller', traveller: 7, firstname: 'A', lastname: 'B' }, staff, await at(number))).toEqual({
      kind: 'refused',
      message: 'Diese reisende Person gibt es in der Buchung nicht.',
    })
    expect(await changeBooking(t.db, 'XXXX-XXXX-XX', contact, staff, { ...options, version: 1 })).toBeNull()
    // The same values again: nothing to change, nothing stored, no mail.
    const unchanged = await stored(number)
    expect(await changeBooking(t.db, number, { ...contact, email: 'anna.neu@example.de' }, staff, await at(number))).toEqual({ kind: 'refused', message: NOTHING_CHANGED_MESSAGE })
    expect(await stored(number)).toEqual(unchanged)
  })

  it('sends the confirmation again and records it', async () => {
    const number = await book(await takeDate({ seatPlan: false }), 'Again')
    const before = await stored(number)
    expect(await resendConfirmation(t.db, number, staff, options)).toEqual({ to: 'anna.becker@example.de' })
    const after = await stored(number)
    expect(after.mails).toHaveLength(before.mails.length + 1)
    expect(after.mails.at(-1)?.subject).toContain(`Ihre Buchung ${number}`)
    expect(after.history.at(-1)).toMatchObject({ action: 'booking.confirmation', actorName: 'Petra Büro', after: { version: 1 } })
  })
})

describe('a phone booking', () => {
  it('is marked by the server only, booked by a clerk only, and may go without e-mail: then nothing is mailed', async () => {
    await t.db.insert(staffUsers).values({ id: staff.id, email: 'petra@buero.example', name: staff.name, role: 'buero', emailVerified: true }).onConflictDoNothing()
    const offer = await takeDate({ seatPlan: false })
    const row = await createDraft(t.db, offer, settings)
    const draft = completeDraft(offer, row.draft, { travellers: 2, tag: 'Telefon' })
    travellers(draft)[0]!.p.email = ''

    // A client cannot mark its own draft as the office's: the stored mark stays.
    const forged = await saveDraft(t.db, row, offer, { ...draft, telefon: true }, settings)
    expect(forged.kind === 'saved' && forged.draft.telefon).toBe(false)
    expect(forged.kind === 'saved' && forged.incompleteStep).toBe(2)

    // The office opened it for a caller (openBooking with a staff session marks the stored draft).
    const current = await loadDraft(t.db, row.id)
    const saved = await saveDraft(t.db, { ...current!, draft: { ...current!.draft, telefon: true } }, offer, draft, settings)
    if (saved.kind !== 'saved') throw new Error(JSON.stringify(saved))
    expect(saved.draft.telefon).toBe(true)
    expect(saved.incompleteStep).toBeNull()

    // Without the clerk it is not booked.
    expect(await bookDraft(t.db, row.id, 'phone-anonymous', ACCEPT, settings)).toEqual({
      kind: 'invalid',
      issues: [{ path: 'telefon', message: PHONE_BOOKING_REFUSED }],
    })
    const booked = await bookDraft(t.db, row.id, 'phone-clerk', ACCEPT, settings, { onBooked: confirmationMailWriter(settings, origin), staff })
    if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked))
    const after = await stored(booked.bookingNumber)
    expect(after.booking).toMatchObject({ channel: 'phone', bookedByStaff: staff.id })
    expect(after.booking.contact).toMatchObject({ email: '' })
    // No address, no mail: the office prints the confirmation; sending it again sends nothing and records nothing.
    expect(after.mails).toEqual([])
    expect(await resendConfirmation(t.db, booked.bookingNumber, staff, options)).toEqual({ to: '' })
    expect((await stored(booked.bookingNumber)).history.map((h) => h.action)).toEqual(['booking.created'])

    // A clerk's own booking of a draft the office did not mark is an ordinary online one.
    const own = await createDraft(t.db, offer, settings)
    const ownSaved = await saveDraft(t.db, own, offer, completeDraft(offer, own.draft, { travellers: 1, tag: 'Privat' }), settings)
    if (ownSaved.kind !== 'saved') throw new Error(JSON.stringify(ownSaved))
    const ordinary = await bookDraft(t.db, own.id, 'phone-own', ACCEPT, settings, { staff })
    if (ordinary.kind !== 'booked') throw new Error(JSON.stringify(ordinary))
    expect((await stored(ordinary.bookingNumber)).booking).toMatchObject({ channel: 'online', bookedByStaff: null })
  })
})
