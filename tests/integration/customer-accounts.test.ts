// Customer accounts (issue 27) on PGlite and PostgreSQL: registration with the address confirmed by
// the mailed link, no answer that tells whether an address has an account, the sign-in link used
// once, a new password by mail, and which bookings an account sees (its address, or linked by
// number, surname and departure day; never another customer's).
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_LINK_PATHS, customerAuthFor } from '~/server/account/auth.server'
import { ACCOUNT_MAILS_PER_HOUR } from '~/server/mail/recipient-limit.server'
import type { CustomerAuth } from '~/server/account/auth.server'
import { customerBookingId, customerOfSession, linkGuestBooking, listCustomerBookings } from '~/server/account/customer.server'
import type { Customer } from '~/lib/account/auth'
import { syncWishlist } from '~/server/account/wishlist.server'
import { bookings, customerAccounts, customerSessions, customerUsers, mailOutbox, tripDates } from '~/server/db/schema'
import { bookTwo, datePool } from '../support/booking'
import type { BookedTwo } from '../support/booking'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let t: TestDatabase
let auth: CustomerAuth
let takeDate: ReturnType<typeof datePool>
const PASSWORD = 'Sommer-an-der-See-2027'

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 5 } })
  auth = await customerAuthFor(t.db)
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

/** The Cookie header a browser would send back after `response`. */
function cookiesOf(response: Response): Headers {
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  return new Headers({ cookie: cookies })
}

/** The mails to `to`, newest first: subject and the token of the link to `path`. */
async function mailsTo(to: string, path?: string): Promise<{ subject: string; token: string | null }[]> {
  const rows = await t.db.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id))
  return rows.map((row) => {
    const match = path ? new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([^\\s]+)`).exec(row.text ?? '') : null
    return { subject: row.subject, token: match?.[1] ? decodeURIComponent(match[1]) : null }
  })
}

const register = (email: string, firstname = 'Anna', lastname = 'Becker') =>
  auth.api.signUpEmail({ body: { email, password: PASSWORD, name: `${firstname} ${lastname}`, firstname, lastname }, asResponse: true })

const signIn = (email: string, password = PASSWORD) => auth.api.signInEmail({ body: { email, password }, asResponse: true })

/** Registers and confirms `email`; the signed-in customer and their cookies. */
async function confirmedCustomer(email: string, lastname = 'Becker'): Promise<{ customer: Customer; headers: Headers }> {
  await register(email, 'Anna', lastname)
  const [mail] = await mailsTo(email, ACCOUNT_LINK_PATHS.confirm)
  const verified = await auth.api.verifyEmail({ query: { token: mail?.token ?? '' }, asResponse: true })
  expect(verified.status).toBe(200)
  const headers = cookiesOf(verified)
  const customer = await customerOfSession(auth, headers)
  if (!customer) throw new Error('not signed in after confirming')
  return { customer, headers }
}

describe('registration', () => {
  it('a new account signs in only after the mailed link confirmed the address; the link signs it in', async () => {
    const email = 'erna.schulte@example.de'
    expect((await register(email, 'Erna', 'Schulte')).status).toBe(200)
    const [first] = await mailsTo(email, ACCOUNT_LINK_PATHS.confirm)
    expect(first?.subject).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse')
    expect(first?.token).toBeTruthy()

    // Before confirming: refused with 403 (the right password), and the link comes again.
    expect((await signIn(email)).status).toBe(403)
    expect((await mailsTo(email, ACCOUNT_LINK_PATHS.confirm)).length).toBe(2)

    const verified = await auth.api.verifyEmail({ query: { token: first?.token ?? '' }, asResponse: true })
    expect(verified.status).toBe(200)
    const customer = await customerOfSession(auth, cookiesOf(verified))
    expect(customer).toMatchObject({ email, firstname: 'Erna', lastname: 'Schulte', name: 'Erna Schulte' })

    expect((await signIn(email)).status).toBe(200)
    expect((await signIn(email, 'ein-falsches-passwort')).status).toBe(401)
  })

  it('registering an address that has an account answers alike; the owner gets a note, the account stays as it was', async () => {
    const email = 'karl.owner@example.de'
    await confirmedCustomer(email)
    const [before] = await t.db.select().from(customerAccounts).innerJoin(customerUsers, eq(customerUsers.id, customerAccounts.userId)).where(eq(customerUsers.email, email))

    const fresh = await register('noch.niemand@example.de', 'Noch', 'Niemand')
    const again = await register(email, 'Mallory', 'Fremd')
    expect(again.status).toBe(fresh.status)
    const [freshBody, againBody] = [await fresh.json(), await again.json()]
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort())
    expect(againBody.token).toBeNull()

    const [note] = await mailsTo(email)
    expect(note?.subject).toContain('Sie haben bereits ein Kundenkonto')
    const [after] = await t.db.select().from(customerAccounts).innerJoin(customerUsers, eq(customerUsers.id, customerAccounts.userId)).where(eq(customerUsers.email, email))
    expect(after?.customer_accounts.password).toBe(before?.customer_accounts.password)
    expect(after?.customer_users.name).toBe('Anna Becker')
  })

  it('a wrong password and an unknown address are refused alike', async () => {
    await confirmedCustomer('gleich.antwort@example.de')
    const wrong = await signIn('gleich.antwort@example.de', 'falsches-passwort-123')
    const unknown = await signIn('gibt.es.nicht@example.de', 'falsches-passwort-123')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })
})

describe('sign-in link and new password', () => {
  it('a sign-in link signs in once; an address without an account gets no mail and the same answer', async () => {
    const email = 'link.nutzer@example.de'
    await confirmedCustomer(email)
    const known = await auth.api.signInMagicLink({ body: { email }, headers: new Headers(), asResponse: true })
    const unknown = await auth.api.signInMagicLink({ body: { email: 'kein.konto@example.de' }, headers: new Headers(), asResponse: true })
    expect(known.status).toBe(unknown.status)
    expect(await known.json()).toEqual(await unknown.json())
    expect(await mailsTo('kein.konto@example.de')).toEqual([])

    const [mail] = await mailsTo(email, ACCOUNT_LINK_PATHS.signInLink)
    expect(mail?.subject).toContain('Ihr Anmeldelink')
    const used = await auth.api.magicLinkVerify({ query: { token: mail?.token ?? '' }, headers: new Headers(), asResponse: true })
    expect(used.status).toBe(200)
    expect((await customerOfSession(auth, cookiesOf(used)))?.email).toBe(email)
    // The same link a second time: refused (Better Auth answers with its error redirect).
    const again = await auth.api.magicLinkVerify({ query: { token: mail?.token ?? '' }, headers: new Headers(), asResponse: true })
    expect(again.status).not.toBe(200)
    expect(again.headers.getSetCookie().join('')).not.toContain('session_token=')
  })

  it('a new password by mail replaces the old one and ends every session', async () => {
    const email = 'neues.passwort@example.de'
    const { headers } = await confirmedCustomer(email)
    await auth.api.requestPasswordReset({ body: { email, redirectTo: ACCOUNT_LINK_PATHS.newPassword } })
    const [mail] = await mailsTo(email, ACCOUNT_LINK_PATHS.newPassword)
    expect(mail?.subject).toContain('neues Passwort')
    await auth.api.resetPassword({ body: { token: mail?.token ?? '', newPassword: 'Herbst-in-den-Bergen-2027' } })
    expect(await customerOfSession(auth, headers)).toBeNull()
    expect((await signIn(email)).status).toBe(401)
    expect((await signIn(email, 'Herbst-in-den-Bergen-2027')).status).toBe(200)
  })

  it(`one address receives at most ${ACCOUNT_MAILS_PER_HOUR} account mails an hour, whoever asks`, async () => {
    const email = 'postfach.voll@example.de'
    await confirmedCustomer(email)
    const before = (await mailsTo(email)).length
    for (let i = 0; i < ACCOUNT_MAILS_PER_HOUR + 3; i++) await auth.api.signInMagicLink({ body: { email }, headers: new Headers() })
    // The registration's confirmation took one of the hour's mails.
    expect((await mailsTo(email)).length - before).toBe(ACCOUNT_MAILS_PER_HOUR - before)
  })

  it('name+1@, name+2@ … are one mailbox for that limit (issue 42, finding 7)', async () => {
    const spellings = Array.from({ length: ACCOUNT_MAILS_PER_HOUR + 2 }, (_, i) => `Tag.Box+${i + 1}@example.de`)
    for (const email of spellings) await register(email)
    const rows = await t.db.select({ to: mailOutbox.to }).from(mailOutbox).where(sql`lower(${mailOutbox.to}) like 'tag.box+%@example.de'`)
    expect(rows.length).toBe(ACCOUNT_MAILS_PER_HOUR)
  })
})

/** A booking's departure day, 'YYYY-MM-DD'. */
async function departureOf(bookingId: number): Promise<string> {
  const [row] = await t.db.select({ dateFrom: tripDates.dateFrom }).from(bookings).innerJoin(tripDates, eq(tripDates.id, bookings.tripDateId)).where(eq(bookings.id, bookingId))
  if (!row) throw new Error('no booking')
  return row.dateFrom
}

describe('Meine Buchungen', () => {
  let own: BookedTwo
  let other: BookedTwo

  beforeAll(async () => {
    own = await bookTwo(t.db, await takeDate({ seatPlan: false }), 'konto', 'eigen')
    other = await bookTwo(t.db, await takeDate({ seatPlan: false }), 'konto', 'fremd')
    await t.db.execute(sql`update bookings set contact = jsonb_set(contact, '{email}', '"Gast.Buchung@Example.de"') where id = ${other.id}`)
  })

  it('the account sees the bookings of its confirmed address, whatever the case, and not another customer’s', async () => {
    const { customer } = await confirmedCustomer('anna.becker@example.de')
    const rows = await listCustomerBookings(t.db, customer, '2026-01-01')
    expect(rows.map((r) => r.bookingNumber)).toContain(own.number)
    expect(rows.map((r) => r.bookingNumber)).not.toContain(other.number)
    expect(await customerBookingId(t.db, customer, own.number)).toBe(own.id)
    expect(await customerBookingId(t.db, customer, other.number)).toBeNull()
  })

  it('a guest booking is linked with number, surname and departure day; a wrong one finds nothing', async () => {
    const { customer } = await confirmedCustomer('zweites.konto@example.de', 'Beckerfremd')
    const departure = await departureOf(other.id)
    const wrongName = await linkGuestBooking(t.db, customer, { bookingNumber: other.number, lastname: 'Müller', departure })
    const wrongDay = await linkGuestBooking(t.db, customer, { bookingNumber: other.number, lastname: 'Beckerfremd', departure: '2030-01-01' })
    expect([wrongName.kind, wrongDay.kind]).toEqual(['not-found', 'not-found'])
    expect(await customerBookingId(t.db, customer, other.number)).toBeNull()

    expect((await linkGuestBooking(t.db, customer, { bookingNumber: other.number, lastname: '  beckerFREMD ', departure })).kind).toBe('linked')
    expect(await customerBookingId(t.db, customer, other.number)).toBe(other.id)
    expect((await linkGuestBooking(t.db, customer, { bookingNumber: other.number, lastname: 'Beckerfremd', departure })).kind).toBe('already')
  })

  it('deleting the account keeps the bookings and removes the links and sessions', async () => {
    const { customer, headers } = await confirmedCustomer('wird.geloescht@example.de', 'Beckereigen')
    expect((await linkGuestBooking(t.db, customer, { bookingNumber: own.number, lastname: 'Beckereigen', departure: await departureOf(own.id) })).kind).toBe('linked')
    await auth.api.deleteUser({ body: { password: PASSWORD }, headers })
    expect(await t.db.select().from(customerUsers).where(eq(customerUsers.id, customer.id))).toEqual([])
    expect(await t.db.select().from(customerSessions).where(eq(customerSessions.userId, customer.id))).toEqual([])
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, own.id))).toHaveLength(1)
  })
})

describe('the Merkliste in the account', () => {
  it('merges the browser’s list at the first sign-in, is read on other devices, and takes each change whole', async () => {
    const { customer } = await confirmedCustomer('merkliste@example.de')
    // The phone's list at its first sign-in: the account's is empty.
    expect(await syncWishlist(t.db, customer.id, [3, 1], 'merge')).toEqual([3, 1])
    // The computer's first sign-in: its own trips first, then the account's it did not have.
    expect(await syncWishlist(t.db, customer.id, [7, 1], 'merge')).toEqual([7, 1, 3])
    // The phone on its next visit reads the account's list.
    expect(await syncWishlist(t.db, customer.id, [3, 1], 'pull')).toEqual([7, 1, 3])
    // A trip removed on the phone is gone everywhere (a merge would bring it back; a change replaces).
    expect(await syncWishlist(t.db, customer.id, [7, 3], 'replace')).toEqual([7, 3])
    expect(await syncWishlist(t.db, customer.id, [], 'pull')).toEqual([7, 3])
  })
})
