// The agency token (DESIGN 7): what the login card carries next to vc_card.ratio_agency_id, and the
// only thing the server believes about an agency login. base64url JSON { a: agency row id,
// r: ratio_agency_id, e: expiry in unix seconds, v: password version } and an HMAC-SHA256 with
// the booking link secret under its own purpose, so a payment or success signature never passes
// as a token. The password version makes a password change (or a removed login) end every token.
import { createHash } from 'node:crypto'
import * as z from 'zod/mini'
import { openJson, sealJson } from '../../signed.server'

const PURPOSE = 'agency-token'

/** One working day: a token is good for 12 hours after the login. */
export const AGENCY_TOKEN_TTL_MS = 12 * 60 * 60 * 1000

/** Longer input is refused before any work. */
export const MAX_TOKEN_LENGTH = 512

const payloadSchema = z.object({
  a: z.number().check(z.int(), z.positive()),
  r: z.number().check(z.int(), z.positive()),
  e: z.number().check(z.int(), z.positive()),
  v: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/)),
})

export type AgencyTokenClaims = { agencyId: number; ratioAgencyId: number; expires: number; passwordVersion: string }

/** A short fingerprint of the stored password hash: changes with every new password. */
export function passwordVersion(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16)
}

export function issueAgencyToken(
  secret: string,
  agency: { id: number; ratioAgencyId: number; passwordHash: string },
  now = Date.now(),
): { token: string; expires: Date } {
  const expires = Math.floor((now + AGENCY_TOKEN_TTL_MS) / 1000)
  const token = sealJson(secret, PURPOSE, { a: agency.id, r: agency.ratioAgencyId, e: expires, v: passwordVersion(agency.passwordHash) })
  return { token, expires: new Date(expires * 1000) }
}

/** The token's claims when its signature holds and it has not expired; else why not. */
export function readAgencyToken(secret: string, token: string, now = Date.now()): AgencyTokenClaims | 'invalid' | 'expired' {
  const json = openJson(secret, PURPOSE, token, MAX_TOKEN_LENGTH)
  if (json === null) return 'invalid'
  const parsed = payloadSchema.safeParse(json)
  if (!parsed.success) return 'invalid'
  if (parsed.data.e * 1000 <= now) return 'expired'
  return { agencyId: parsed.data.a, ratioAgencyId: parsed.data.r, expires: parsed.data.e, passwordVersion: parsed.data.v }
}
