// Staff accounts of the office on Better Auth (issue 25, item 1), on PGlite and PostgreSQL: the demo
// seed's accounts sign in with the library's hash, sessions live in the database and end when
// revoked, TOTP two-factor turns a sign-in into two steps, and a reset token sets a new password.
import { eq } from 'drizzle-orm'
import { isAPIError } from 'better-auth/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '~/server/db/seed/seed.server'
import { mailOutbox, staffSessions, staffTwoFactors, staffUsers } from '~/server/db/schema'
import { staffAuthFor } from '~/server/office/auth.server'
import type { StaffAuth } from '~/server/office/auth.server'
import { TOTP_CODE_USED } from '~/server/office/totp-once.server'
import { ACCOUNT_MAILS_PER_HOUR } from '~/server/mail/recipient-limit.server'
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

/**
 * A TOTP code sent for a sign-in halfway: the status, Better Auth's error code and, when it signed
 * in, the response (a refusal of the once-only guard is thrown, the plugin's own is an answer).
 */
async function sendCode(code: string, headers: Headers, via: StaffAuth = auth): Promise<{ status: number; code?: string; response?: Response }> {
  try {
    const response = await via.api.verifyTOTP({ body: { code }, headers, asResponse: true })
    if (response.status === 200) return { status: 200, response }
    return { status: response.status, code: ((await response.json()) as { code?: string }).code }
  } catch (error) {
    if (!isAPIError(error)) throw error
    return { status: error.statusCode, code: error.body?.code }
  }
}

/** Turns two-factor on for the account (signed in with the password) and returns its otpauth:// address. */
async function withTwoFactor(email: string): Promise<string> {
  const headers = cookiesOf(await signIn(email, DEMO_STAFF_PASSWORD))
  const enabled = await auth.api.enableTwoFactor({ body: { password: DEMO_STAFF_PASSWORD, method: 'totp' }, headers })
  if (enabled.method !== 'totp') throw new Error('no TOTP')
  await auth.api.verifyTOTP({ body: { code: totpCode(enabled.totpURI) }, headers })
  return enabled.totpURI
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

    // The code that turned it on was accepted once (RFC 6238 § 5.2); the app's next code signs in.
    expect(await sendCode(totpCode(enabled.totpURI), pending)).toEqual({ status: 401, code: TOTP_CODE_USED })
    const step2 = await sendCode(totpCode(enabled.totpURI, Date.now() + 30_000), pending)
    expect(step2.status).toBe(200)
    const session = await auth.api.getSession({ headers: cookiesOf(step2.response ?? new Response()) })
    expect(session?.user.email).toBe(admin.email)
  })

  it('accepts a code once: the same code again, also sent twice at once, and an older one are refused (issue 42, finding 4)', async () => {
    const [user] = await t.db.select().from(staffUsers).where(eq(staffUsers.email, DEMO_STAFF[0].email))
    const uri = await withTwoFactor(DEMO_STAFF[0].email)
    // Two sign-ins halfway, e.g. an attacker who saw the code and the staff member, or two instances.
    const first = cookiesOf(await signIn(DEMO_STAFF[0].email, DEMO_STAFF_PASSWORD))
    const second = cookiesOf(await signIn(DEMO_STAFF[0].email, DEMO_STAFF_PASSWORD))
    // The app's next code (Better Auth accepts the steps before and after the current one).
    const later = Date.now() + 30_000
    const code = totpCode(uri, later)
    // Through two instances of the site's auth (as two app processes on one database would) at once.
    const instances = [auth, await staffAuthFor(t.db)]
    const answers = await Promise.all([first, second].map((headers, i) => sendCode(code, headers, instances[i])))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401])
    expect(answers.find((a) => a.status === 401)?.code).toBe(TOTP_CODE_USED)
    const [row] = await t.db.select().from(staffTwoFactors).where(eq(staffTwoFactors.userId, user?.id ?? ''))
    expect(row?.lastTotpStep).toBe(Math.floor(later / 30_000))

    // The same code on a new sign-in, and the code before it: refused; nothing signs in.
    const third = cookiesOf(await signIn(DEMO_STAFF[0].email, DEMO_STAFF_PASSWORD))
    expect(await sendCode(code, third)).toEqual({ status: 401, code: TOTP_CODE_USED })
    expect(await sendCode(totpCode(uri, later - 30_000), third)).toEqual({ status: 401, code: TOTP_CODE_USED })
    expect(await auth.api.getSession({ headers: third })).toBeNull()
  })

  it('a backup code signs in once; new ones replace the old (issue 42, finding 8)', async () => {
    const email = DEMO_STAFF[0].email
    const [user] = await t.db.select().from(staffUsers).where(eq(staffUsers.email, email))
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user?.id ?? '' } })
    const [code] = backupCodes
    const pending = cookiesOf(await signIn(email, DEMO_STAFF_PASSWORD))
    const signedIn = await auth.api.verifyBackupCode({ body: { code: code ?? '' }, headers: pending, asResponse: true })
    expect(signedIn.status).toBe(200)
    const headers = cookiesOf(signedIn)
    expect((await auth.api.getSession({ headers }))?.user.email).toBe(email)
    expect((await auth.api.viewBackupCodes({ body: { userId: user?.id ?? '' } })).backupCodes).toHaveLength(backupCodes.length - 1)

    const again = await auth.api.verifyBackupCode({ body: { code: code ?? '' }, headers: cookiesOf(await signIn(email, DEMO_STAFF_PASSWORD)), asResponse: true })
    expect(again.status).toBe(401)

    const renewed = await auth.api.generateBackupCodes({ body: { password: DEMO_STAFF_PASSWORD }, headers })
    expect(renewed.backupCodes).toHaveLength(10)
    const old = await auth.api.verifyBackupCode({ body: { code: backupCodes[1] ?? '' }, headers: cookiesOf(await signIn(email, DEMO_STAFF_PASSWORD)), asResponse: true })
    expect(old.status).toBe(401)
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

  it(`sends at most ${ACCOUNT_MAILS_PER_HOUR} reset mails an hour to one mailbox, however often asked (issue 42, finding 3)`, async () => {
    const admin = DEMO_STAFF[1]
    const count = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email))).length
    const before = await count()
    for (let i = 0; i < 15; i++) await auth.api.requestPasswordReset({ body: { email: admin.email, redirectTo: '/buero/passwort-neu/' } })
    expect((await count()) - before).toBe(ACCOUNT_MAILS_PER_HOUR)
  })
})
