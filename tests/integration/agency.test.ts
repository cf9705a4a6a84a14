// Agency logins and agency bookings against a real database (DESIGN 7): the seeded accounts, the
// throttle per account and address, per address, and per account (which spares the agency's own
// addresses), the token that is the only thing the server believes, a booking attributed to the
// agency with a copy of the confirmation in the same transaction, and the booking API's
// X-Agency-Token header.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAgencyLoginMessage, formatAgencyLoginMessage } from '~/lib/agency-login'
import { hashPassword } from '~/server/auth/password.server'
import { agencies, bookings, mailOutbox } from '~/server/db/schema'
import { DEMO_AGENCY_PASSWORD } from '~/server/db/seed/seed.server'
import { createLoginThrottles } from '~/server/auth/login-throttle.server'
import { checkAgencyToken, loginAgency } from '~/server/services/agency/login.server'
import type { AgencyLoginResult } from '~/server/services/agency/login.server'
import { AGENCY_TOKEN_TTL_MS } from '~/server/services/agency/token.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { confirmationMailWriter } from '~/server/services/booking/confirmation.server'
import { createDraft, saveDraft } from '~/server/services/booking/drafts.server'
import { postBooking } from '~/server/services/booking/api.server'
import { loadBookingSummary } from '~/server/services/booking/summary.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { ACCEPT, completeDraft, datePool, layoutSeats, settings } from '../support/booking'

let t: TestDatabase
let takeDate: ReturnType<typeof datePool>

beforeAll(async () => {
  t = await openTestDatabase()
  takeDate = datePool(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

const SECRET = settings.linkSecret
const ORIGIN = 'http://localhost'

async function tokenOf(result: AgencyLoginResult): Promise<string> {
  if (result.kind !== 'ok') throw new Error(`login failed: ${result.kind}`)
  const token = result.card.vc_card.agency_token
  if (!token) throw new Error('no token on the card')
  return token
}

describe('loginAgency', () => {
  it('the seeded logins with the demo password get a card the parent accepts; the login is case-insensitive', async () => {
    const result = await loginAgency(t.db, SECRET, { login: ' Reisebuero-Sonne ', password: DEMO_AGENCY_PASSWORD }, 'c1', createLoginThrottles())
    expect(result.kind).toBe('ok')
    if (result.kind !== 'ok') return
    const [row] = await t.db.select().from(agencies).where(eq(agencies.login, 'reisebuero-sonne'))
    expect(result.card.vc_card.ratio_agency_id).toBe(row?.ratioAgencyId)
    expect(result.card.vc_card.name).toBe('Reisebüro Sonne')
    const message = parseAgencyLoginMessage(formatAgencyLoginMessage(3, result.card))
    expect(message?.code).toBe(3)
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'c1', createLoginThrottles())).kind).toBe('ok')
  })

  it('a wrong password, an unknown login and an agency without login are refused alike', async () => {
    const throttles = createLoginThrottles()
    expect(await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: 'falsch' }, 'c2', throttles)).toEqual({ kind: 'wrong' })
    expect(await loginAgency(t.db, SECRET, { login: 'gibt-es-nicht', password: DEMO_AGENCY_PASSWORD }, 'c2', throttles)).toEqual({ kind: 'wrong' })
    expect(await loginAgency(t.db, SECRET, { login: 'reisewelt-herford', password: DEMO_AGENCY_PASSWORD }, 'c2', throttles)).toEqual({ kind: 'wrong' })
  })

  it('five wrong passwords from one address lock that address out of the account, not the right password from another address', async () => {
    let now = Date.parse('2026-11-20T08:00:00Z')
    const throttles = createLoginThrottles(() => now)
    for (let i = 0; i < 5; i++) {
      expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: `falsch-${i}` }, 'fremder', throttles, () => now)).kind).toBe('wrong')
    }
    expect(await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'fremder', throttles, () => now)).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 30,
      message: 'Zu viele Fehlversuche. Bitte versuchen Sie es in 30 Sekunden erneut.',
    })
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'buero', throttles, () => now)).kind).toBe('ok')
    expect((await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'fremder', throttles, () => now)).kind).toBe('ok')
    now += 30_000
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'fremder', throttles, () => now)).kind).toBe('ok')
  })

  it('guesses from many addresses reach the account-wide ceiling of 50: it keeps newcomers out, not an address that logged in before', async () => {
    const now = Date.parse('2026-11-20T08:00:00Z')
    const throttles = createLoginThrottles(() => now)
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'buero', throttles, () => now)).kind).toBe('ok')
    for (let i = 0; i < 50; i++) {
      expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: 'x' }, `bot-${i}`, throttles, () => now)).kind).toBe('wrong')
    }
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'neu', throttles, () => now)).kind).toBe('throttled')
    expect((await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'buero', throttles, () => now)).kind).toBe('ok')
    expect((await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'neu', throttles, () => now)).kind).toBe('ok')
  })

  it('per client: 20 failures across accounts lock that client out, not another one', async () => {
    const now = Date.parse('2026-11-20T08:00:00Z')
    const throttles = createLoginThrottles(() => now)
    for (let i = 0; i < 20; i++) {
      expect((await loginAgency(t.db, SECRET, { login: `raten-${i}`, password: 'x' }, 'angreifer', throttles, () => now)).kind).toBe('wrong')
    }
    expect((await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'angreifer', throttles, () => now)).kind).toBe('throttled')
    expect((await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'buero', throttles, () => now)).kind).toBe('ok')
  })
})

describe('checkAgencyToken', () => {
  it('verifies a fresh token; the AgenturId the browser sends must name the same agency', async () => {
    const token = await tokenOf(await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'c3', createLoginThrottles()))
    const check = await checkAgencyToken(t.db, SECRET, token)
    expect(check).toMatchObject({ kind: 'verified', agency: { name: 'Reisebüro Sonne', email: 'info@reisebuero-sonne.example' } })
    if (check.kind !== 'verified') return
    expect(await checkAgencyToken(t.db, SECRET, token, { agenturId: String(check.agency.ratioAgencyId) })).toEqual(check)
    expect(await checkAgencyToken(t.db, SECRET, token, { agenturId: '470026' })).toEqual({ kind: 'rejected', reason: 'mismatch' })
    expect(await checkAgencyToken(t.db, SECRET, token, { agenturId: null })).toEqual({ kind: 'rejected', reason: 'mismatch' })
  })

  it('no token: nobody, unless the browser claims an AgenturId; a forged, foreign or expired token is refused', async () => {
    expect(await checkAgencyToken(t.db, SECRET, undefined)).toEqual({ kind: 'none' })
    expect(await checkAgencyToken(t.db, SECRET, '', { agenturId: null })).toEqual({ kind: 'none' })
    expect(await checkAgencyToken(t.db, SECRET, undefined, { agenturId: '470013' })).toEqual({ kind: 'rejected', reason: 'invalid' })
    const token = await tokenOf(await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'c4', createLoginThrottles()))
    expect(await checkAgencyToken(t.db, SECRET, `${token}x`)).toEqual({ kind: 'rejected', reason: 'invalid' })
    expect(await checkAgencyToken(t.db, 'y'.repeat(40), token)).toEqual({ kind: 'rejected', reason: 'invalid' })
    expect(await checkAgencyToken(t.db, SECRET, token, { now: Date.now() + AGENCY_TOKEN_TTL_MS + 1000 })).toEqual({ kind: 'rejected', reason: 'expired' })
  })

  it('a new password or a removed login ends every token issued before', async () => {
    const token = await tokenOf(await loginAgency(t.db, SECRET, { login: 'agentur-demo', password: DEMO_AGENCY_PASSWORD }, 'c5', createLoginThrottles()))
    const [before] = await t.db.select().from(agencies).where(eq(agencies.login, 'agentur-demo'))
    try {
      await t.db.update(agencies).set({ passwordHash: await hashPassword('neues-passwort') }).where(eq(agencies.id, before!.id))
      expect(await checkAgencyToken(t.db, SECRET, token)).toEqual({ kind: 'rejected', reason: 'revoked' })
      await t.db.update(agencies).set({ passwordHash: before!.passwordHash, login: null }).where(eq(agencies.id, before!.id))
      expect(await checkAgencyToken(t.db, SECRET, token)).toEqual({ kind: 'rejected', reason: 'revoked' })
    } finally {
      await t.db.update(agencies).set({ passwordHash: before!.passwordHash, login: before!.login }).where(eq(agencies.id, before!.id))
    }
    expect((await checkAgencyToken(t.db, SECRET, token)).kind).toBe('verified')
  })
})

describe('agency bookings', () => {
  async function completeDraftId(seatIndex = 0) {
    const offer = await takeDate({ seatPlan: true, roomTypes: 'DZ' })
    const row = await createDraft(t.db, offer, settings)
    const seats = layoutSeats(offer).slice(seatIndex, seatIndex + 2)
    const saved = await saveDraft(t.db, row, offer, completeDraft(offer, row.draft, { travellers: 2, seats }), settings)
    if (saved.kind !== 'saved') throw new Error(`save failed: ${saved.kind}`)
    return row.id
  }

  const mailsOf = (bookingNumber: string) =>
    t.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .then((rows) => rows.filter((r) => r.subject.includes(bookingNumber)))

  it('stores the agency; the customer is the booking person; the agency gets a copy in the same transaction', async () => {
    const [sonne] = await t.db.select().from(agencies).where(eq(agencies.login, 'reisebuero-sonne'))
    const draftId = await completeDraftId()
    const result = await bookDraft(t.db, draftId, `agentur-${Date.now()}`, ACCEPT, settings, {
      agencyId: sonne!.id,
      onBooked: confirmationMailWriter(settings, ORIGIN),
    })
    expect(result.kind).toBe('booked')
    if (result.kind !== 'booked') return
    const [row] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, result.bookingNumber))
    expect(row?.agencyId).toBe(sonne!.id)
    expect(row?.contact).toMatchObject({ firstname: 'Anna', email: 'anna.becker@example.de' })

    const summary = await loadBookingSummary(t.db, result.bookingNumber, settings, ORIGIN)
    expect(summary?.summary.agency).toEqual({ name: 'Reisebüro Sonne' })
    const mails = await mailsOf(result.bookingNumber)
    expect(mails.map((m) => m.to).sort()).toEqual(['anna.becker@example.de', 'info@reisebuero-sonne.example'])
    const copy = mails.find((m) => m.to === 'info@reisebuero-sonne.example')
    expect(copy?.subject).toMatch(/^Kopie für Ihr Reisebüro: Buchung /)
    expect(copy?.text).toContain('Gebucht über Ihr Reisebüro: Reisebüro Sonne')
    expect(copy?.text).toContain('für Anna Becker')
    expect(mails.find((m) => m.to === 'anna.becker@example.de')?.text).toContain('Gebucht über Ihr Reisebüro: Reisebüro Sonne')
  })

  it('without an agency: one mail, no agency', async () => {
    const draftId = await completeDraftId()
    const result = await bookDraft(t.db, draftId, `kunde-${Date.now()}`, ACCEPT, settings, { onBooked: confirmationMailWriter(settings, ORIGIN) })
    if (result.kind !== 'booked') throw new Error(result.kind)
    const [row] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, result.bookingNumber))
    expect(row?.agencyId).toBeNull()
    expect((await mailsOf(result.bookingNumber)).map((m) => m.to)).toEqual(['anna.becker@example.de'])
  })

  const book = (draftId: string, headers: Record<string, string>) =>
    postBooking(
      { db: t.db, settings, onBooked: confirmationMailWriter(settings, ORIGIN) },
      draftId,
      new Request(`${ORIGIN}/api/booking-drafts/${draftId}/book`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `api-${draftId.slice(0, 12)}`, ...headers },
        // The draft was made (revision 1) and saved complete (2).
        body: JSON.stringify({ ...ACCEPT, revision: 2 }),
      }),
    )

  it('API: a valid X-Agency-Token attributes the booking (and a replay answers the same)', async () => {
    const token = await tokenOf(await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'c6', createLoginThrottles()))
    const draftId = await completeDraftId()
    const response = await book(draftId, { 'X-Agency-Token': token })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { bookingNumber: string; agency?: { name: string }; agencyNotice?: string }
    expect(body.agency).toEqual({ name: 'Reisebüro Sonne' })
    expect(body.agencyNotice).toBeUndefined()
    const [row] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, body.bookingNumber))
    expect(row?.agencyId).not.toBeNull()
    expect((await mailsOf(body.bookingNumber)).length).toBe(2)

    const replay = await book(draftId, {})
    expect(replay.status).toBe(201)
    expect(await replay.json()).toEqual(body)
  })

  it('API: a forged token books as an ordinary customer, with a notice', async () => {
    const token = await tokenOf(await loginAgency(t.db, SECRET, { login: 'reisebuero-sonne', password: DEMO_AGENCY_PASSWORD }, 'c7', createLoginThrottles()))
    const [payload, signature] = token.split('.') as [string, string]
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), a: 2 })).toString('base64url')
    const draftId = await completeDraftId()
    const response = await book(draftId, { 'X-Agency-Token': `${forgedPayload}.${signature}` })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { bookingNumber: string; agency?: unknown; agencyNotice?: string }
    expect(body.agency).toBeUndefined()
    expect(body.agencyNotice).toMatch(/ohne Agentur als Kundenbuchung/)
    const [row] = await t.db.select().from(bookings).where(eq(bookings.bookingNumber, body.bookingNumber))
    expect(row?.agencyId).toBeNull()
    expect((await mailsOf(body.bookingNumber)).map((m) => m.to)).toEqual(['anna.becker@example.de'])
  })
})
