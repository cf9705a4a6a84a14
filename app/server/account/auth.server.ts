// Customer accounts (DESIGN 13) on Better Auth, like the office's staff accounts but with their own
// tables (customer_*), cookie (`konto.*`) and secret: e-mail and password with the address
// confirmed by a link before the first sign-in, a sign-in link by mail, a new password by mail, a
// new address confirmed at that address first; database sessions. Every mail goes through the
// outbox, at most ACCOUNT_MAILS_PER_HOUR to one mailbox (so nobody can flood a stranger's inbox).
//
// Better Auth's own HTTP endpoints are not mounted: the account pages call it through server
// functions (app/server/account.functions.ts), which the site's CSRF check, validation, German
// messages and throttles cover. Its links lead to our pages, which ask for a click before they use
// a token (a mail scanner that opens links must not use up a sign-in link or sign itself in).
import { betterAuth } from 'better-auth'
import { eq } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { magicLink } from 'better-auth/plugins'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { CUSTOMER_MIN_PASSWORD_LENGTH } from '~/lib/account/auth'
import { config } from '../config.server'
import type { Database } from '../db/database.server'
import { customerAccounts, customerSessions, customerUsers, customerVerifications } from '../db/schema'
import { log } from '../log.server'
import { enqueueMail } from '../mail/outbox.server'
import { kickOutbox } from '../mail/worker-runtime.server'
import { takeRecipientBudget } from '../mail/recipient-limit.server'
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { storedSecret } from '../stored-secret.server'
import { accountMail } from './mails.server'
import { customerPasskeySession, verifyAuthentication } from './passkeys.server'
import type { AccountMailKind } from './mails.server'

/** The pages the mailed links lead to; each asks for a click before it uses the token. */
export const ACCOUNT_LINK_PATHS = {
  confirm: '/registrierung/bestaetigen/',
  signInLink: '/anmelden/link/',
  newPassword: '/passwort/',
} as const

/** Sign-in links are short-lived and used once. */
export const SIGN_IN_LINK_MINUTES = 15
/** How long a customer stays signed in with "Angemeldet bleiben" (each day of use extends it). */
const SESSION_DAYS = 30

/** A link to one of our pages carrying the token Better Auth made. */
function pageLink(origin: string, path: string, token: string): string {
  return `${origin}${path}?token=${encodeURIComponent(token)}`
}

/** Writes an account mail to the outbox unless the address had its share this hour. */
async function sendAccountMail(db: Database, kind: AccountMailKind, to: string, name: string, link: string | null): Promise<void> {
  if (!takeRecipientBudget(to, kind)) return
  await enqueueMail(db, { to, ...accountMail(kind, name, link) })
  kickOutbox()
}

/** Better Auth's messages without addresses (its info lines name them; errors should not). */
const withoutAddresses = (message: string) => message.replace(/[^\s@]+@[^\s@]+/g, '[E-Mail]')

function makeCustomerAuth(db: Database, secret: string) {
  const origin = publicOrigin()
  return betterAuth({
    baseURL: origin,
    basePath: '/api/konto/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: customerUsers, session: customerSessions, account: customerAccounts, verification: customerVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: CUSTOMER_MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await sendAccountMail(db, 'new-password', user.email, user.name, pageLink(origin, ACCOUNT_LINK_PATHS.newPassword, token))
      },
      // A registration with an address that has an account: the same answer on the page, and a
      // note to the address (its owner may have forgotten the account).
      onExistingUserSignUp: async ({ user }) => {
        await sendAccountMail(db, 'already-registered', user.email, user.name, null)
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        // Better Auth hands the new address as the user's for a change of address.
        const changing = !!user.emailVerified
        await sendAccountMail(db, changing ? 'confirm-new-address' : 'confirm', user.email, user.name, pageLink(origin, ACCOUNT_LINK_PATHS.confirm, token))
      },
    },
    user: {
      // The name as registered (a booking is filled in from it); the address and phone are
      // written by Mein Konto's own functions.
      additionalFields: {
        firstname: { type: 'string', required: true, input: true },
        lastname: { type: 'string', required: true, input: true },
        street: { type: 'string', required: false, input: false, defaultValue: '' },
        streetNr: { type: 'string', required: false, input: false, defaultValue: '' },
        zip: { type: 'string', required: false, input: false, defaultValue: '' },
        city: { type: 'string', required: false, input: false, defaultValue: '' },
        phone: { type: 'string', required: false, input: false, defaultValue: '' },
      },
      // A new address is used only once it is confirmed there (the link goes to the new address).
      changeEmail: { enabled: true },
      deleteUser: { enabled: true },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'konto',
      useSecureCookies: origin.startsWith('https:'),
      // Sessions keep no client address; the session list names the browser only.
      ipAddress: { disableIpTracking: true },
      // Lax: a customer who follows a link to the site from a mail is signed in on arrival.
      defaultCookieAttributes: { sameSite: 'lax', path: '/' },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'warn', log: (level, message) => log(level === 'error' ? 'error' : 'info', 'customer auth', { detail: withoutAddresses(message) }) },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        // A sign-in link signs in to an account; it never makes one.
        disableSignUp: true,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }) => {
          const [user] = await db.select({ name: customerUsers.name }).from(customerUsers).where(eqEmail(email)).limit(1)
          // No account: nothing is sent, and the page says the same as when there is one.
          if (!user) return
          await sendAccountMail(db, 'sign-in-link', email, user.name, pageLink(origin, ACCOUNT_LINK_PATHS.signInLink, token))
        },
      }),
      customerPasskeySession((response) => verifyAuthentication(db, response)),
      // Last: it hands the cookies Better Auth sets to TanStack Start's response.
      tanstackStartCookies(),
    ],
  })
}

const eqEmail = (email: string) => eq(customerUsers.email, email.toLowerCase())

export type CustomerAuth = ReturnType<typeof makeCustomerAuth>

let auth: Promise<CustomerAuth> | undefined

/** The process's customer auth, made once the database is open. */
export function customerAuth(): Promise<CustomerAuth> {
  auth ??= getDb().then(customerAuthFor)
  auth.catch(() => (auth = undefined))
  return auth
}

/** For tests: an instance on a given database. */
export async function customerAuthFor(db: Database): Promise<CustomerAuth> {
  return makeCustomerAuth(db, config().CUSTOMER_AUTH_SECRET ?? (await storedSecret(db, 'customer_auth_secret')))
}

/**
 * The address of the account a mailed new-password link is for, while the link can still be used
 * (unused and not expired), else null: asked when its page opens, so that a used link says so at
 * once instead of after a new password was typed, and a password manager knows the account. Better
 * Auth keeps the token as the verification `reset-password:<token>` with the user's id (its reset
 * endpoint reads the same); the browser test of a used link fails if that ever changes.
 */
export async function newPasswordLinkAccount(auth: CustomerAuth, token: string): Promise<string | null> {
  const { internalAdapter } = await auth.$context
  const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`)
  if (!verification || verification.expiresAt <= new Date()) return null
  const user = await internalAdapter.findUserById(verification.value)
  return user?.email ?? null
}
