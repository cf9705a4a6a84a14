// Staff accounts of the office on Better Auth (issue 25, item 1), on PGlite and PostgreSQL: the demo
// seed's accounts sign in with the library's hash, sessions live in the database and end when
// revoked, TOTP two-factor turns a sign-in into two steps, and a reset token sets a new password.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '~/server/db/seed/seed.server'
import { mailOutbox, staffSessions, staffUsers } from '~/server/db/schema'
import { staffAuthFor } from '~/server/office/auth.server'
import type { StaffAuth } from '~/server/office/auth.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'
import { totpCode } from '../support/totp'

let t: TestDatabase
let auth: StaffAuth

beforeAll(async () => {
  t = await openTestDatabase({ seed: { trips: 5 } })
  auth = await staffAuthFor(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

/** The Cookie header a browser would send back after `response`. */
function cookiesOf(response: Response): Headers {
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  return new Headers({ cookie: cookies })
}

async function signIn(email: string, password: string): Promise<Response> {
  return auth.api.signInEmail({ body: { email, password }, asResponse: true })
}

describe('staff sign-in', () => {
  it('the demo office account signs in; the session is a database row that ends when revoked', async () => {
    const office = DEMO_STAFF[0]
    const response = await signIn(office.email, DEMO_STAFF_PASSWORD)
    expect(response.status).toBe(200)
    const headers = cookiesOf(response)
    const session = await auth.api.getSession({ headers })
    expect(session?.user.email).toBe(office.email)
    expect(session?.user.role).toBe('buero')
    const [row] = await t.db.select().from(staffSessions).where(eq(staffSessions.token, session?.session.token ?? ''))
    expect(row?.ipAddress ?? '').toBe('')

    await auth.api.signOut({ headers })
    expect(await auth.api.getSession({ headers })).toBeNull()
  })

  it('a wrong password and an unknown address are refused alike', async () => {
    const wrong = await signIn(DEMO_STAFF[0].email, 'falsches-passwort-123')
    const unknown = await signIn('niemand@sonnenland-reisen.example', 'falsches-passwort-123')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it('nobody can sign up', async () => {
    const response = await auth.api.signUpEmail({ body: { email: 'neu@example.com', password: 'ein-langes-passwort', name: 'Neu' }, asResponse: true })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(await t.db.select().from(staffUsers).where(eq(staffUsers.email, 'neu@example.com'))).toEqual([])
  })
})

describe('two-factor', () => {
  it('once turned on, the password alone gives no session; the code from the app does', async () => {
    const admin = DEMO_STAFF[1]
    const first = cookiesOf(await signIn(admin.email, DEMO_STAFF_PASSWORD))
    const enabled = await auth.api.enableTwoFactor({ body: { password: DEMO_STAFF_PASSWORD, method: 'totp' }, headers: first })
    if (enabled.method !== 'totp') throw new Error('no TOTP')
    expect(enabled.backupCodes.length).toBeGreaterThan(5)
    // Confirming with a code from the app turns it on.
    await auth.api.verifyTOTP({ body: { code: totpCode(enabled.totpURI) }, headers: first })
    const [user] = await t.db.select().from(staffUsers).where(eq(staffUsers.email, admin.email))
    expect(user?.twoFactorEnabled).toBe(true)

    const step1 = await signIn(admin.email, DEMO_STAFF_PASSWORD)
    expect(await step1.json()).toMatchObject({ twoFactorRedirect: true })
    const pending = cookiesOf(step1)
    expect(await auth.api.getSession({ headers: pending })).toBeNull()

    const wrongCode = String((Number(totpCode(enabled.totpURI)) + 1) % 1_000_000).padStart(6, '0')
    const refused = await auth.api.verifyTOTP({ body: { code: wrongCode }, headers: pending, asResponse: true })
    expect(refused.status).toBe(401)

    const step2 = await auth.api.verifyTOTP({ body: { code: totpCode(enabled.totpURI) }, headers: pending, asResponse: true })
    expect(step2.status).toBe(200)
    const session = await auth.api.getSession({ headers: cookiesOf(step2) })
    expect(session?.user.email).toBe(admin.email)
  })
})

describe('password reset', () => {
  it('sends a link through the outbox; its token sets a new password and ends every session', async () => {
    const office = DEMO_STAFF[0]
    const before = cookiesOf(await signIn(office.email, DEMO_STAFF_PASSWORD))
    await auth.api.requestPasswordReset({ body: { email: office.email, redirectTo: '/buero/passwort-neu/' } })
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, office.email))
    const token = /\/buero\/passwort-neu\/\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1]
    expect(token).toBeDefined()

    await auth.api.resetPassword({ body: { token: token ?? '', newPassword: 'ein-neues-langes-passwort' } })
    expect(await auth.api.getSession({ headers: before })).toBeNull()
    expect((await signIn(office.email, DEMO_STAFF_PASSWORD)).status).toBe(401)
    expect((await signIn(office.email, 'ein-neues-langes-passwort')).status).toBe(200)
    // A token works once.
    const again = await auth.api.resetPassword({ body: { token: token ?? '', newPassword: 'noch-ein-anderes-passwort' }, asResponse: true })
    expect(again.status).toBe(400)
  })
})
