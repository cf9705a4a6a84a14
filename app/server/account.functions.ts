// Signing customers in and out (DESIGN 13): registration with the address confirmed by a link,
// password, sign-in link, new password. Better Auth does the work (app/server/account/auth.server.ts);
// these functions give it the request's cookies, throttle failed sign-ins per account and address,
// limit the mails a client may ask for, and answer in German without ever saying whether an
// address has an account.
import { createServerFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { APIError, isAPIError } from 'better-auth/api'
import * as z from 'zod/mini'
import {
  ACCOUNT_MESSAGES,
  accountEmailSchema,
  customerSignInSchema,
  linkTokenSchema,
  newCustomerPasswordSchema,
  PASSKEY_MESSAGES,
  registrationSchema,
  webAuthnResponseSchema,
} from '~/lib/account/auth'
import { throttledLoginMessage } from '~/lib/agency-login'
import { ACCOUNT_LINK_PATHS, customerAuth, newPasswordLinkAccount } from './account/auth.server'
import type { CustomerAuth } from './account/auth.server'
import { clearSignedInHint, currentCustomer, customerLoginThrottles, markSignedIn } from './account/customer.server'
import { authenticationOptions } from './account/passkeys.server'
import { beginLogin, loginSucceeded, throttledBy } from './auth/login-throttle.server'
import { TOO_MANY_REQUESTS_MESSAGE, clientFailures, limitCurrentClient, requestClientAddress } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { errorFields, log } from './log.server'
import { getDb } from './runtime.server'

/** What the header and the booking need to know: signed in, and as whom. */
/** `id` is the account's opaque id (the browser's Merkliste remembers which account it was merged with). */
export type AccountState = { signedIn: false } | { signedIn: true; id: string; firstname: string; name: string; email: string }

export const fetchAccountState = createServerFn({ method: 'GET' }).handler(async (): Promise<AccountState> => {
  setResponseHeader('Cache-Control', 'no-store')
  // A read only (a hover may preload it): a hint left from an ended session is dropped by the page.
  const customer = await currentCustomer()
  return customer ? { signedIn: true, id: customer.id, firstname: customer.firstname, name: customer.name, email: customer.email } : { signedIn: false }
})

export type Refused = { kind: 'refused'; message: string }
export type Sent = { kind: 'sent'; message: string }

const headers = () => getRequest().headers

/** Better Auth's refusal (wrong password, used token …) as opposed to a fault of ours. */
const refusal = (error: unknown) => isAPIError(error) && error.statusCode < 500

function unavailable(what: string, error: unknown): Refused {
  log('error', what, errorFields(error))
  return { kind: 'refused', message: ACCOUNT_MESSAGES.unavailable }
}

/**
 * A request that sends an account mail: counted against the client's mail budget, and answered the
 * same whatever the address (a refusal of Better Auth's included); only a fault of ours says so.
 */
async function mailRequest(what: string, message: string, send: (auth: CustomerAuth) => Promise<unknown>): Promise<Sent | Refused | Limited> {
  const limited = limitCurrentClient('accountMail')
  if (limited) return limited
  try {
    await send(await customerAuth())
  } catch (error) {
    if (!refusal(error)) return unavailable(`${what} failed`, error)
  }
  log('info', what)
  return { kind: 'sent', message }
}

/** The same answer for a new address and one that has an account (which gets a note instead). */
export const registerCustomer = createServerFn({ method: 'POST' })
  .validator(registrationSchema)
  .handler(async ({ data }) =>
    mailRequest('customer registration', ACCOUNT_MESSAGES.registered, (auth) =>
      auth.api.signUpEmail({
        body: { email: data.email, password: data.password, name: `${data.firstname} ${data.lastname}`, firstname: data.firstname, lastname: data.lastname },
        headers: headers(),
      }),
    ),
  )

export type SignedIn = { kind: 'signed-in' }

export const signInCustomer = createServerFn({ method: 'POST' })
  .validator(customerSignInSchema)
  .handler(async ({ data }): Promise<SignedIn | Refused> => {
    const client = requestClientAddress()
    const throttles = customerLoginThrottles()
    const throttled = throttledBy(throttles, data.email, client)
    if (throttled) {
      log('info', 'customer login throttled', { scope: throttled.scope })
      const seconds = Math.ceil(throttled.waitMs / 1000)
      setResponseStatus(429)
      setResponseHeader('Retry-After', String(seconds))
      return { kind: 'refused', message: `${throttledLoginMessage(seconds)} Oder lassen Sie sich einen Anmeldelink schicken.` }
    }
    beginLogin(throttles, data.email, client)
    try {
      const auth = await customerAuth()
      await auth.api.signInEmail({ body: { email: data.email, password: data.password, rememberMe: data.remember }, headers: headers() })
      loginSucceeded(throttles, data.email, client)
      markSignedIn()
      log('info', 'customer login')
      return { kind: 'signed-in' }
    } catch (error) {
      // The password was right; only the address is not confirmed yet (the link has been sent again).
      if (isAPIError(error) && error.statusCode === 403) {
        loginSucceeded(throttles, data.email, client)
        return { kind: 'refused', message: ACCOUNT_MESSAGES.unconfirmed }
      }
      if (refusal(error)) {
        log('info', 'customer login refused', { reason: 'credentials' })
        return { kind: 'refused', message: ACCOUNT_MESSAGES.wrong }
      }
      return unavailable('customer login failed', error)
    }
  })

/** A sign-in link by mail; the same answer whether or not the address has an account. */
export const requestSignInLink = createServerFn({ method: 'POST' })
  .validator(accountEmailSchema)
  .handler(async ({ data }) =>
    mailRequest('sign-in link', ACCOUNT_MESSAGES.linkSent, (auth) => auth.api.signInMagicLink({ body: { email: data.email }, headers: headers() })),
  )

/** A link with a token: wrong or used ones are counted, and a client with many gets 429 without a look-up. */
async function withLinkToken<T>(use: () => Promise<T>, what: string): Promise<T | Refused | Limited> {
  const failures = clientFailures('accountToken', requestClientAddress())
  if (!failures.blocked.ok) {
    setResponseStatus(429)
    setResponseHeader('Retry-After', String(failures.blocked.retryAfterSeconds))
    return { kind: 'limited', message: TOO_MANY_REQUESTS_MESSAGE.accountToken }
  }
  try {
    return await use()
  } catch (error) {
    if (isAPIError(error) && (error.statusCode < 500 || error.statusCode === 302)) {
      failures.failed()
      log('info', `${what} refused`, { reason: 'token' })
      return { kind: 'refused', message: ACCOUNT_MESSAGES.linkInvalid }
    }
    return unavailable(`${what} failed`, error)
  }
}

/** The click on the mailed sign-in link's page: signs in, once. */
export const signInWithLink = createServerFn({ method: 'POST' })
  .validator(linkTokenSchema)
  .handler(async ({ data }): Promise<SignedIn | Refused | Limited> =>
    withLinkToken(async () => {
      const auth = await customerAuth()
      await auth.api.magicLinkVerify({ query: { token: data.token }, headers: headers() })
      markSignedIn()
      log('info', 'customer login', { link: true })
      return { kind: 'signed-in' as const }
    }, 'sign-in link'),
  )

export type Confirmed = { kind: 'confirmed' } | { kind: 'already'; message: string }

/**
 * The click on the confirmation link's page: the address is confirmed (a new one replaces the old),
 * and the customer is signed in. The link clicked again (Better Auth then sets no session cookie)
 * says so, and sends to the sign-in unless this browser is signed in already.
 */
export const confirmEmail = createServerFn({ method: 'POST' })
  .validator(linkTokenSchema)
  .handler(async ({ data }): Promise<Confirmed | Refused | Limited> =>
    withLinkToken(async () => {
      const auth = await customerAuth()
      const answer = await auth.api.verifyEmail({ query: { token: data.token }, headers: headers(), returnHeaders: true })
      if (!answer.headers.has('set-cookie') && !(await currentCustomer())) {
        log('info', 'address confirmation repeated')
        return { kind: 'already' as const, message: ACCOUNT_MESSAGES.alreadyConfirmed }
      }
      markSignedIn()
      log('info', 'customer address confirmed')
      return { kind: 'confirmed' as const }
    }, 'address confirmation'),
  )

/** A new password by mail; the same answer whether or not the address has an account. */
export const requestNewPassword = createServerFn({ method: 'POST' })
  .validator(accountEmailSchema)
  .handler(async ({ data }) =>
    mailRequest('customer password reset', ACCOUNT_MESSAGES.resetSent, (auth) =>
      auth.api.requestPasswordReset({ body: { email: data.email, redirectTo: ACCOUNT_LINK_PATHS.newPassword } }),
    ),
  )

/** Asked when the mailed link's page opens: a used or expired link is refused before anything is typed. */
export const checkNewPasswordLink = createServerFn({ method: 'POST' })
  .validator(linkTokenSchema)
  .handler(async ({ data }): Promise<{ kind: 'usable'; email: string } | Refused | Limited> =>
    withLinkToken(async () => {
      const email = await newPasswordLinkAccount(await customerAuth(), data.token)
      if (!email) throw new APIError('BAD_REQUEST')
      return { kind: 'usable' as const, email }
    }, 'customer new password link'),
  )

export const setNewPassword = createServerFn({ method: 'POST' })
  .validator(newCustomerPasswordSchema)
  .handler(async ({ data }): Promise<{ kind: 'reset' } | Refused | Limited> =>
    withLinkToken(async () => {
      const auth = await customerAuth()
      await auth.api.resetPassword({ body: { token: data.token, newPassword: data.password } })
      log('info', 'customer password reset')
      return { kind: 'reset' as const }
    }, 'customer new password'),
  )

/** The challenge for a passkey sign-in (kept for this browser for five minutes), as the browser library's JSON text. */
export const passkeySignInOptions = createServerFn({ method: 'POST' }).handler(async (): Promise<{ kind: 'options'; optionsJson: string } | Limited> => {
  const limited = limitCurrentClient('passkey')
  if (limited) return limited
  return { kind: 'options', optionsJson: JSON.stringify(await authenticationOptions(await getDb())) }
})

export const signInWithPasskey = createServerFn({ method: 'POST' })
  .validator(z.object({ response: webAuthnResponseSchema }))
  .handler(async ({ data }): Promise<SignedIn | Refused> => {
    try {
      const auth = await customerAuth()
      await auth.api.signInWithCustomerPasskey({ body: { response: data.response as unknown as AuthenticationResponseJSON }, headers: headers() })
      markSignedIn()
      log('info', 'customer login', { passkey: true })
      return { kind: 'signed-in' }
    } catch (error) {
      if (refusal(error)) {
        log('info', 'customer login refused', { reason: 'passkey' })
        return { kind: 'refused', message: PASSKEY_MESSAGES.failed }
      }
      return unavailable('passkey login failed', error)
    }
  })

export const signOutCustomer = createServerFn({ method: 'POST' }).handler(async (): Promise<{ kind: 'signed-out' }> => {
  const auth = await customerAuth()
  await auth.api.signOut({ headers: headers() }).catch((error: unknown) => {
    if (!refusal(error)) throw error
  })
  clearSignedInHint()
  return { kind: 'signed-out' }
})
