// Agency accounts (DESIGN 7): the login behind the project's own login frame, with failed attempts
// throttled per account and address together, per address, and per account with a high ceiling
// that never holds back an address the account logged in from before, and the check of the agency token that a booking carries.
// Nothing from the browser's localStorage is believed here: only a token whose signature, expiry
// and password version hold, for an agency that can still log in.
import { eq } from 'drizzle-orm'
import { agencyLoginInputSchema, throttledLoginMessage } from '~/lib/agency-login'
import type { AgencyCardInput, AgencyLoginInput } from '~/lib/agency-login'
import { hashPassword, verifyPassword } from '../../auth/password.server'
import type { Database } from '../../db/database.server'
import { agencies } from '../../db/schema'
import { log } from '../../log.server'
import { beginLogin, loginSucceeded, throttledBy } from '../../auth/login-throttle.server'
import type { LoginThrottles } from '../../auth/login-throttle.server'
import { issueAgencyToken, passwordVersion, readAgencyToken } from './token.server'

export type AgencyLoginResult =
  { kind: 'ok'; card: AgencyCardInput } | { kind: 'wrong' } | { kind: 'throttled'; retryAfterSeconds: number; message: string }

// An unknown login is checked against this hash, so that it takes as long as a wrong password.
let dummyHash: Promise<string> | undefined

/**
 * Checks a login. `client` identifies the caller (its address); it is only a throttle key and is
 * never logged. A refused attempt says nothing about whether the login exists.
 */
export async function loginAgency(
  db: Pick<Database, 'select'>,
  secret: string,
  input: AgencyLoginInput,
  client: string,
  throttles: LoginThrottles,
  now: () => number = () => Date.now(),
): Promise<AgencyLoginResult> {
  const { login, password } = agencyLoginInputSchema.parse(input)
  const account = login.toLowerCase()
  const throttled = throttledBy(throttles, account, client)
  if (throttled) {
    log('info', 'agency login throttled', { scope: throttled.scope })
    const retryAfterSeconds = Math.ceil(throttled.waitMs / 1000)
    return { kind: 'throttled', retryAfterSeconds, message: throttledLoginMessage(retryAfterSeconds) }
  }
  beginLogin(throttles, account, client)

  const [row] = await db
    .select({ id: agencies.id, ratioAgencyId: agencies.ratioAgencyId, name: agencies.name, passwordHash: agencies.passwordHash })
    .from(agencies)
    .where(eq(agencies.login, account))
    .limit(1)
  const stored = row?.passwordHash ?? null
  dummyHash ??= hashPassword('kein-konto-vorhanden')
  const valid = await verifyPassword(password, stored ?? (await dummyHash))
  if (!row || !stored || !valid) {
    log('info', 'agency login refused', { reason: 'credentials' })
    return { kind: 'wrong' }
  }
  loginSucceeded(throttles, account, client)
  const { token, expires } = issueAgencyToken(secret, { id: row.id, ratioAgencyId: row.ratioAgencyId, passwordHash: stored }, now())
  log('info', 'agency login', { agencyId: row.id })
  return {
    kind: 'ok',
    card: { vc_card: { ratio_agency_id: row.ratioAgencyId, name: row.name, agency_token: token, token_expires: expires.toISOString() } },
  }
}

export type VerifiedAgency = { id: number; ratioAgencyId: number; name: string; email: string | null }

export type AgencyCheck =
  | { kind: 'none' }
  | { kind: 'verified'; agency: VerifiedAgency }
  | { kind: 'rejected'; reason: 'invalid' | 'expired' | 'mismatch' | 'revoked' }

/**
 * Who books: the agency of a valid token, or nobody. `agenturId` is what the browser stored as
 * AgenturId (the booking pages send it with the token); when given, it must name the token's
 * agency, so a session whose parts were changed does not count. The API sends a token only.
 */
export async function checkAgencyToken(
  db: Pick<Database, 'select'>,
  secret: string,
  token: string | null | undefined,
  options: { agenturId?: string | null; now?: number } = {},
): Promise<AgencyCheck> {
  if (!token) return options.agenturId ? { kind: 'rejected', reason: 'invalid' } : { kind: 'none' }
  const claims = readAgencyToken(secret, token, options.now ?? Date.now())
  if (claims === 'invalid' || claims === 'expired') return { kind: 'rejected', reason: claims }
  if (options.agenturId !== undefined && options.agenturId !== String(claims.ratioAgencyId)) return { kind: 'rejected', reason: 'mismatch' }
  const [row] = await db
    .select({
      id: agencies.id,
      ratioAgencyId: agencies.ratioAgencyId,
      name: agencies.name,
      email: agencies.email,
      login: agencies.login,
      passwordHash: agencies.passwordHash,
    })
    .from(agencies)
    .where(eq(agencies.id, claims.agencyId))
    .limit(1)
  if (!row || !row.login || !row.passwordHash || row.ratioAgencyId !== claims.ratioAgencyId || passwordVersion(row.passwordHash) !== claims.passwordVersion) {
    return { kind: 'rejected', reason: 'revoked' }
  }
  return { kind: 'verified', agency: { id: row.id, ratioAgencyId: row.ratioAgencyId, name: row.name, email: row.email } }
}

/** The notice for a booking whose agency token did not hold: it was booked as an ordinary customer's. */
export function agencyRejectedNotice(reason: Extract<AgencyCheck, { kind: 'rejected' }>['reason']): string {
  const why = reason === 'expired' ? 'Ihre Agentur-Anmeldung ist abgelaufen.' : 'Ihre Agentur-Anmeldung ließ sich nicht bestätigen.'
  return `${why} Die Buchung wurde deshalb ohne Agentur als Kundenbuchung angelegt. Bitte melden Sie sich für weitere Buchungen erneut als Agentur an.`
}

/** Resolves a check for a booking: the agency id to store, and the notice when a token was refused. */
export function agencyForBooking(check: AgencyCheck): { agencyId: number | null; notice: string | null } {
  if (check.kind === 'verified') return { agencyId: check.agency.id, notice: null }
  if (check.kind === 'rejected') {
    log('info', 'agency token refused', { reason: check.reason })
    return { agencyId: null, notice: agencyRejectedNotice(check.reason) }
  }
  return { agencyId: null, notice: null }
}
