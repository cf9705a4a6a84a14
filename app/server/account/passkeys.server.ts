// Passkeys for customer accounts (DESIGN 13, "passkeys as an option"), with SimpleWebAuthn: a
// signed-in customer registers one in Meine Daten; on the sign-in page it signs them in without
// e-mail or password (a discoverable credential names its account). Each ceremony's challenge is
// kept for five minutes under a random id in an HttpOnly cookie of this browser, and used once.
// The session is made by Better Auth, through the `customerPasskeySession` plugin below.
import { randomBytes } from 'node:crypto'
import { getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { APIError, createAuthEndpoint } from 'better-auth/api'
import type { BetterAuthPlugin } from 'better-auth'
import { setSessionCookie } from 'better-auth/cookies'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { browserLabel } from '~/lib/account/profile'
import type { Database } from '../db/database.server'
import { customerPasskeys, customerUsers, customerVerifications } from '../db/schema'
import { requestOverHttps } from '../http/https.server'
import { publicOrigin } from '../origin.server'
import { siteInfo } from '../site.server'
import type { Customer } from '~/lib/account/auth'

const CHALLENGE_COOKIE = 'konto_passkey'
const CHALLENGE_MINUTES = 5

const relyingParty = () => ({ origin: publicOrigin(), id: new URL(publicOrigin()).hostname })

/** Keeps a ceremony's challenge for this browser. */
async function keepChallenge(db: Database, challenge: string): Promise<void> {
  const id = randomBytes(18).toString('base64url')
  await db.insert(customerVerifications).values({
    id: `passkey-${id}`,
    identifier: `passkey-challenge:${id}`,
    value: challenge,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  })
  setCookie(CHALLENGE_COOKIE, id, { httpOnly: true, sameSite: 'strict', secure: requestOverHttps(getRequest()), path: '/', maxAge: CHALLENGE_MINUTES * 60 })
}

/** This browser's challenge, used up by the reading; null when there is none or it expired. */
async function takeChallenge(db: Database): Promise<string | null> {
  const id = getCookie(CHALLENGE_COOKIE)
  if (!id || !/^[\w-]{10,40}$/.test(id)) return null
  const [row] = await db
    .delete(customerVerifications)
    .where(and(eq(customerVerifications.identifier, `passkey-challenge:${id}`), gt(customerVerifications.expiresAt, new Date())))
    .returning({ value: customerVerifications.value })
  return row?.value ?? null
}

export type PasskeyView = { id: number; name: string; createdAt: string; lastUsedAt: string | null }

export async function listPasskeys(db: Database, customer: Customer): Promise<PasskeyView[]> {
  const rows = await db
    .select({ id: customerPasskeys.id, name: customerPasskeys.name, createdAt: customerPasskeys.createdAt, lastUsedAt: customerPasskeys.lastUsedAt })
    .from(customerPasskeys)
    .where(eq(customerPasskeys.userId, customer.id))
    .orderBy(asc(customerPasskeys.id))
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }))
}

export async function deletePasskey(db: Database, customer: Customer, id: number): Promise<boolean> {
  const deleted = await db
    .delete(customerPasskeys)
    .where(and(eq(customerPasskeys.id, id), eq(customerPasskeys.userId, customer.id)))
    .returning({ id: customerPasskeys.id })
  return deleted.length > 0
}

/** What the browser needs to make a passkey for the account. */
export async function registrationOptions(db: Database, customer: Customer) {
  const existing = await db.select({ id: customerPasskeys.credentialId, transports: customerPasskeys.transports }).from(customerPasskeys).where(eq(customerPasskeys.userId, customer.id))
  const rp = relyingParty()
  const options = await generateRegistrationOptions({
    rpName: siteInfo().name,
    rpID: rp.id,
    userName: customer.email,
    userDisplayName: customer.name,
    userID: new TextEncoder().encode(customer.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
    // Discoverable: the sign-in page asks for no address.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  await keepChallenge(db, options.challenge)
  return options
}

const transportsOf = (text: string) => (text ? (text.split(',') as AuthenticatorTransportFuture[]) : undefined)
type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number]

/** Stores the passkey the browser made, once its attestation checks out against this browser's challenge. */
export async function finishRegistration(db: Database, customer: Customer, response: RegistrationResponseJSON): Promise<boolean> {
  const challenge = await takeChallenge(db)
  if (!challenge) return false
  const rp = relyingParty()
  const verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false }).catch(
    () => null,
  )
  if (!verification?.verified) return false
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  await db
    .insert(customerPasskeys)
    .values({
      userId: customer.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: browserLabel(getRequest().headers.get('user-agent')),
    })
    .onConflictDoNothing()
  return true
}

/** What the browser needs to sign in with any passkey of this site. */
export async function authenticationOptions(db: Database) {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: 'preferred' })
  await keepChallenge(db, options.challenge)
  return options
}

/** The account whose passkey signed this browser's challenge; null when anything does not check out. */
export async function verifyAuthentication(db: Database, response: AuthenticationResponseJSON): Promise<string | null> {
  const challenge = await takeChallenge(db)
  if (!challenge) return null
  const [passkey] = await db
    .select()
    .from(customerPasskeys)
    .innerJoin(customerUsers, eq(customerUsers.id, customerPasskeys.userId))
    .where(and(eq(customerPasskeys.credentialId, response.id), eq(customerUsers.emailVerified, true)))
  if (!passkey) return null
  const rp = relyingParty()
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    credential: {
      id: passkey.customer_passkeys.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.customer_passkeys.publicKey),
      counter: passkey.customer_passkeys.counter,
      transports: transportsOf(passkey.customer_passkeys.transports),
    },
  }).catch(() => null)
  if (!verification?.verified) return null
  await db
    .update(customerPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(customerPasskeys.id, passkey.customer_passkeys.id))
  return passkey.customer_passkeys.userId
}

/**
 * A Better Auth plugin with one endpoint, `signInWithCustomerPasskey`: it checks the passkey's
 * answer (`verify`) and makes the session with Better Auth's own cookie. Better Auth's endpoints
 * are not mounted over HTTP; this one is called by the sign-in page's server function only.
 */
export function customerPasskeySession(verify: (response: AuthenticationResponseJSON) => Promise<string | null>) {
  return {
    id: 'customer-passkey-session',
    endpoints: {
      signInWithCustomerPasskey: createAuthEndpoint(
        '/sign-in/customer-passkey',
        { method: 'POST', body: z.object({ response: z.custom<AuthenticationResponseJSON>((v) => typeof v === 'object' && v !== null) }) },
        async (ctx) => {
          const userId = await verify(ctx.body.response)
          if (!userId) throw new APIError('UNAUTHORIZED', { message: 'passkey not verified' })
          const user = await ctx.context.internalAdapter.findUserById(userId)
          if (!user) throw new APIError('UNAUTHORIZED', { message: 'passkey not verified' })
          const session = await ctx.context.internalAdapter.createSession(user.id)
          if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'no session' })
          await setSessionCookie(ctx, { session, user })
          return ctx.json({ ok: true })
        },
      ),
    },
  } satisfies BetterAuthPlugin
}
