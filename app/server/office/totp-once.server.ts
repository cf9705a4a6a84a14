// A TOTP code signs in once (RFC 6238 § 5.2): Better Auth accepts a code for three 30-second time
// steps and as often as it is sent. Before it verifies, this guard finds the time step the code
// belongs to and claims it for the staff member in one conditional UPDATE: the step must be later
// than the last one accepted. A code seen a second time (a replay, or a double click) and any
// older code are refused, whichever instance of the site receives it, on both databases.
import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import type { Database } from '../db/database.server'
import { staffTwoFactors } from '../db/schema'

/** The TOTP settings, handed to Better Auth's plugin by auth.server.ts, so that both count alike. */
export const TOTP_OPTIONS = { period: 30, digits: 6 } as const
const { period: PERIOD_SECONDS, digits: DIGITS } = TOTP_OPTIONS
/** Steps before and after the current one that Better Auth accepts (its verify's fixed window). */
const WINDOW = 1
/** Better Auth stores a secret imported from another provider as `base32:<secret>`. */
const BASE32_PREFIX = 'base32:'

/** The error code of a refused repeat, told apart from a wrong code by the sign-in page. */
export const TOTP_CODE_USED = 'TOTP_CODE_USED'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The staff member the code is for: the signed-in one (turning two-factor on) or the one halfway through signing in. */
async function userOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx)
  if (session) return session.user.id
  const cookie = ctx.context.createAuthCookie('two_factor')
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier)
  return pending?.value ?? null
}

/** The time step within Better Auth's window whose code is `code`, or null (then Better Auth refuses it itself). */
export async function stepOfCode(secret: string | ArrayBuffer | Uint8Array, code: string, now: number): Promise<number | null> {
  const otp = createOTP(secret, { period: PERIOD_SECONDS, digits: DIGITS })
  const current = Math.floor(now / 1000 / PERIOD_SECONDS)
  let found: number | null = null
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if ((await otp.hotp(step)) === code) found = step
  }
  return found
}

/**
 * Records `step` as the staff member's last accepted one, if it is later than the last; false when
 * it is not (the code or an older one was accepted before). One statement, so two requests with the
 * same code cannot both pass.
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(staffTwoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(staffTwoFactors.userId, userId), or(isNull(staffTwoFactors.lastTotpStep), lt(staffTwoFactors.lastTotpStep, step))))
    .returning({ id: staffTwoFactors.id })
  return claimed.length > 0
}

/** Better Auth's before-hook for its TOTP verification. */
export function totpOnceHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/two-factor/verify-totp') return
    const code = typeof ctx.body?.code === 'string' ? ctx.body.code : ''
    const userId = await userOf(ctx)
    if (!userId || !code) return
    const [row] = await db.select({ secret: staffTwoFactors.secret }).from(staffTwoFactors).where(eq(staffTwoFactors.userId, userId))
    if (!row) return
    const stored = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret })
    const secret = stored.startsWith(BASE32_PREFIX) ? base32.decode(stored.slice(BASE32_PREFIX.length).toUpperCase()) : stored
    const step = await stepOfCode(secret, code, Date.now())
    if (step === null) return
    if (!(await claimTotpStep(db, userId, step))) {
      throw new APIError('UNAUTHORIZED', { message: 'TOTP code already used', code: TOTP_CODE_USED })
    }
  })
}
