// The office's sign-in (DESIGN 11): password, then the TOTP code where two-factor is on; turning
// two-factor on; a new password by mail; signing out. Better Auth does the work (sessions, hashes,
// TOTP); these functions give it the request's cookies, throttle failed logins per account and
// address, and answer in German. Every other office function starts with requireStaff: the
// bookings list here.
import { createServerFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { isAPIError } from 'better-auth/api'
import { throttledLoginMessage } from '~/lib/agency-login'
import { todayInBerlin } from '~/lib/calendar'
import { bookingListSearchSchema } from '~/lib/office/booking-list'
import { STAFF_LOGIN_MESSAGES, backupCodeOf, currentPasswordSchema, newPasswordSchema, passwordResetRequestSchema, secondFactorSchema, staffSignInSchema, totpCodeSchema } from '~/lib/office/login'
import { beginLogin, loginSucceeded, throttledBy } from './auth/login-throttle.server'
import { limitCurrentClient, requestClientAddress } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { errorFields, log } from './log.server'
import { auditStaffAccount } from './office/audit.server'
import { recordSignIn } from './office/staff-accounts.server'
import { PASSWORD_RESET_PATH, staffAuth } from './office/auth.server'
import type { StaffAuth } from './office/auth.server'
import { TOTP_CODE_USED } from './office/totp-once.server'
import { currentStaff, needsTwoFactorSetup, officeNotFound, requireStaff, staffLoginThrottles } from './office/staff.server'
import { bookingListChoices, listBookings } from './office/booking-list.server'
import type { BookingListChoices, BookingListPage } from './office/booking-list.server'
import { getDb } from './runtime.server'
import type { StaffMember } from './office/staff.server'

export type OfficeSession = { staff: StaffMember; mustSetUpTwoFactor: boolean } | null

/** The signed-in staff member (for the office's layout), or null. */
export const fetchOfficeSession = createServerFn({ method: 'GET' }).handler(async (): Promise<OfficeSession> => {
  const staff = await currentStaff()
  return staff ? { staff, mustSetUpTwoFactor: needsTwoFactorSetup(staff) } : null
})

export type CodeResult = { kind: 'signed-in' } | { kind: 'refused'; message: string }
export type SignInResult = CodeResult | { kind: 'two-factor' }

const headers = () => getRequest().headers

/** Better Auth's refusal (wrong password, wrong code …) as opposed to a fault of ours. */
const refusal = (error: unknown) => isAPIError(error) && error.statusCode < 500

export const signInStaff = createServerFn({ method: 'POST' })
  .validator(staffSignInSchema)
  .handler(async ({ data }): Promise<SignInResult> => {
    const client = requestClientAddress()
    const throttles = staffLoginThrottles()
    const throttled = throttledBy(throttles, data.email, client)
    if (throttled) {
      log('info', 'staff login throttled', { scope: throttled.scope })
      const seconds = Math.ceil(throttled.waitMs / 1000)
      setResponseStatus(429)
      setResponseHeader('Retry-After', String(seconds))
      return { kind: 'refused', message: throttledLoginMessage(seconds) }
    }
    beginLogin(throttles, data.email, client)
    try {
      const auth = await staffAuth()
      const result = await auth.api.signInEmail({ body: { email: data.email, password: data.password, rememberMe: false }, headers: headers() })
      loginSucceeded(throttles, data.email, client)
      if ('twoFactorRedirect' in result && result.twoFactorRedirect) return { kind: 'two-factor' }
      log('info', 'staff login')
      if ('user' in result) await bookkeeping(() => recordSignIn(getDb(), result.user.id))
      return { kind: 'signed-in' }
    } catch (error) {
      if (refusal(error)) {
        log('info', 'staff login refused', { reason: 'credentials' })
        return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.wrong }
      }
      log('error', 'staff login failed', errorFields(error))
      return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.unavailable }
    }
  })

export type SecondFactorResult = CodeResult | { kind: 'signed-in-with-backup-code'; left: number }

const SIGN_IN_ENDED = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'])

/** Better Auth's refusal code of the thrown error, if any. */
const refusalCode = (error: unknown) => (isAPIError(error) && typeof error.body?.code === 'string' ? error.body.code : '')

/**
 * What a sign-in or a two-factor change notes besides itself (the last sign-in, an audit entry): it
 * has happened by then, so a failure here is logged and does not turn it into a refusal.
 */
async function bookkeeping(note: () => Promise<unknown>): Promise<void> {
  await note().catch((error: unknown) => log('error', 'staff sign-in bookkeeping failed', errorFields(error)))
}

/** An entry of the audit log about the staff member's own two factors (the actor is the member). */
async function auditOwnTwoFactor(member: { id: string; name: string; email: string }, action: 'staff.two_factor_enabled' | 'staff.backup_code_used' | 'staff.backup_codes_renewed', after: Record<string, unknown> = {}) {
  await auditStaffAccount(await getDb(), { kind: 'staff', id: member.id, name: member.name }, { action, staffMember: member, after })
}

/** How many of the staff member's backup codes are still unused. */
async function backupCodesLeft(auth: StaffAuth, userId: string): Promise<number> {
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } })
  return backupCodes.length
}

/** The second step, after the password: the code from the authenticator app, or one of the backup codes (then spent). */
export const verifyStaffCode = createServerFn({ method: 'POST' })
  .validator(secondFactorSchema)
  .handler(async ({ data }): Promise<SecondFactorResult> => {
    const backupCode = backupCodeOf(data.code)
    try {
      const auth = await staffAuth()
      if (backupCode) {
        const result = await auth.api.verifyBackupCode({ body: { code: backupCode, trustDevice: false }, headers: headers() })
        log('info', 'staff login', { secondFactor: true, backupCode: true })
        const left = await backupCodesLeft(auth, result.user.id)
        await bookkeeping(() => recordSignIn(getDb(), result.user.id))
        await bookkeeping(() => auditOwnTwoFactor(result.user, 'staff.backup_code_used', { backupCodesLeft: left }))
        return { kind: 'signed-in-with-backup-code', left }
      }
      const result = await auth.api.verifyTOTP({ body: { code: data.code, trustDevice: false }, headers: headers() })
      log('info', 'staff login', { secondFactor: true })
      await bookkeeping(() => recordSignIn(getDb(), result.user.id))
      return { kind: 'signed-in' }
    } catch (error) {
      if (refusal(error)) {
        const code = refusalCode(error)
        log('info', 'staff login refused', { reason: code === TOTP_CODE_USED ? 'code used before' : 'second factor' })
        if (code === TOTP_CODE_USED) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.codeUsed }
        // The sign-in halfway through has ended (too late, too many tries, or locked for a while).
        if (SIGN_IN_ENDED.has(code)) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.codeExpired }
        if (code === 'ACCOUNT_TEMPORARILY_LOCKED') return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.locked }
        return { kind: 'refused', message: backupCode ? STAFF_LOGIN_MESSAGES.wrongBackupCode : STAFF_LOGIN_MESSAGES.wrongCode }
      }
      log('error', 'staff second factor failed', errorFields(error))
      return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.unavailable }
    }
  })

export const signOutStaff = createServerFn({ method: 'POST' }).handler(async (): Promise<{ kind: 'signed-out' }> => {
  const auth = await staffAuth()
  await auth.api.signOut({ headers: headers() }).catch((error: unknown) => {
    if (!refusal(error)) throw error
  })
  return { kind: 'signed-out' }
})

export type TwoFactorSetup = { kind: 'setup'; totpUri: string; backupCodes: string[] } | { kind: 'refused'; message: string }

/** Turning two-factor on, first step: the password again, then the secret for the app and backup codes. */
export const startTwoFactorSetup = createServerFn({ method: 'POST' })
  .validator(currentPasswordSchema)
  .handler(async ({ data }): Promise<TwoFactorSetup> => {
    if (!(await currentStaff())) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.codeExpired }
    try {
      const auth = await staffAuth()
      const result = await auth.api.enableTwoFactor({ body: { password: data.password, method: 'totp' }, headers: headers() })
      if (result.method !== 'totp') throw new Error('two-factor: no TOTP secret')
      return { kind: 'setup', totpUri: result.totpURI, backupCodes: result.backupCodes }
    } catch (error) {
      if (refusal(error)) return { kind: 'refused', message: 'Das Passwort stimmt nicht.' }
      throw error
    }
  })

/** Second step: a code from the app proves it has the secret; from now on every login asks for one. */
export const confirmTwoFactorSetup = createServerFn({ method: 'POST' })
  .validator(totpCodeSchema)
  .handler(async ({ data }): Promise<CodeResult> => {
    const staff = await currentStaff()
    if (!staff) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.codeExpired }
    try {
      const auth = await staffAuth()
      await auth.api.verifyTOTP({ body: { code: data.code }, headers: headers() })
      log('info', 'staff two-factor enabled')
      await bookkeeping(() => auditOwnTwoFactor(staff, 'staff.two_factor_enabled'))
      return { kind: 'signed-in' }
    } catch (error) {
      if (refusal(error)) return { kind: 'refused', message: refusalCode(error) === TOTP_CODE_USED ? STAFF_LOGIN_MESSAGES.codeUsed : STAFF_LOGIN_MESSAGES.wrongCode }
      throw error
    }
  })

export type TwoFactorState = { enabled: false } | { enabled: true; backupCodesLeft: number }

/** Whether the signed-in staff member has two-factor on, and how many backup codes are left. */
export const fetchTwoFactorState = createServerFn({ method: 'GET' }).handler(async (): Promise<TwoFactorState> => {
  setResponseHeader('Cache-Control', 'no-store')
  const staff = await currentStaff()
  if (!staff) throw officeNotFound()
  if (!staff.twoFactorEnabled) return { enabled: false }
  return { enabled: true, backupCodesLeft: await backupCodesLeft(await staffAuth(), staff.id) }
})

export type NewBackupCodes = { kind: 'codes'; backupCodes: string[] } | { kind: 'refused'; message: string }

/** New backup codes for the signed-in staff member (the old ones stop working); the password again first. */
export const renewBackupCodes = createServerFn({ method: 'POST' })
  .validator(currentPasswordSchema)
  .handler(async ({ data }): Promise<NewBackupCodes> => {
    const staff = await currentStaff()
    if (!staff) throw officeNotFound()
    if (!staff.twoFactorEnabled) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.codeExpired }
    try {
      const auth = await staffAuth()
      const result = await auth.api.generateBackupCodes({ body: { password: data.password }, headers: headers() })
      log('info', 'staff backup codes renewed')
      await bookkeeping(() => auditOwnTwoFactor(staff, 'staff.backup_codes_renewed'))
      return { kind: 'codes', backupCodes: result.backupCodes }
    } catch (error) {
      if (refusal(error)) return { kind: 'refused', message: 'Das Passwort stimmt nicht.' }
      throw error
    }
  })

/**
 * The same answer whether or not the address has an account. Capped like the customer account's
 * mails: per client (429 with a German message) and per mailbox (nothing more is sent, same answer).
 */
export const requestStaffPasswordReset = createServerFn({ method: 'POST' })
  .validator(passwordResetRequestSchema)
  .handler(async ({ data }): Promise<{ kind: 'sent'; message: string } | Limited> => {
    const limited = limitCurrentClient('accountMail')
    if (limited) return limited
    const auth = await staffAuth()
    await auth.api.requestPasswordReset({ body: { email: data.email, redirectTo: PASSWORD_RESET_PATH } }).catch((error: unknown) => {
      if (!refusal(error)) log('error', 'staff password reset failed', errorFields(error))
    })
    return { kind: 'sent', message: STAFF_LOGIN_MESSAGES.resetSent }
  })

export const resetStaffPassword = createServerFn({ method: 'POST' })
  .validator(newPasswordSchema)
  .handler(async ({ data }): Promise<{ kind: 'reset' } | { kind: 'refused'; message: string }> => {
    try {
      const auth = await staffAuth()
      await auth.api.resetPassword({ body: { token: data.token, newPassword: data.password } })
      log('info', 'staff password reset')
      return { kind: 'reset' }
    } catch (error) {
      if (refusal(error)) return { kind: 'refused', message: STAFF_LOGIN_MESSAGES.resetInvalid }
      throw error
    }
  })

/** The bookings list of the office: one page of the filter, newest first unless sorted otherwise. */
export const fetchOfficeBookings = createServerFn({ method: 'GET' })
  .validator(bookingListSearchSchema)
  .handler(async ({ data }): Promise<BookingListPage> => {
    await requireStaff()
    return listBookings(await getDb(), data, todayInBerlin())
  })

/** The choices of the list's trip and agency filters. */
export const fetchBookingListChoices = createServerFn({ method: 'GET' }).handler(async (): Promise<BookingListChoices> => {
  await requireStaff()
  return bookingListChoices(await getDb())
})
