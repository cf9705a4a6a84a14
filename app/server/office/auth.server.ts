// Staff accounts of the office (DESIGN 11) on Better Auth: e-mail and password (scrypt), database
// sessions that end after OFFICE_SESSION_IDLE_MINUTES without a request, TOTP two-factor (required
// for admins, offered to the office role; each code accepted once) with backup codes, password
// reset by mail through the outbox (capped per mailbox like the account mails), and the admin
// plugin's account management (create, role, lock, sessions). Sign-up is off: accounts are
// made by an admin or by `npm run buero:benutzer`.
//
// Better Auth's own HTTP endpoints are not mounted: the office's pages call it through server
// functions (app/server/office.functions.ts), which the site's CSRF check, validation, German
// messages and login throttle cover, and which expose no endpoint the office does not use.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin, twoFactor } from 'better-auth/plugins'
import { createAccessControl } from 'better-auth/plugins/access'
import { defaultStatements } from 'better-auth/plugins/admin/access'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { STAFF_MIN_PASSWORD_LENGTH } from '~/lib/office/login'
import { config } from '../config.server'
import type { Database } from '../db/database.server'
import { staffAccounts, staffSessions, staffTwoFactors, staffUsers, staffVerifications } from '../db/schema'
import { log } from '../log.server'
import { enqueueMail } from '../mail/outbox.server'
import { takeRecipientBudget } from '../mail/recipient-limit.server'
import { renderMail } from '../mail/template.server'
import { publicOrigin } from '../origin.server'
import { getDb } from '../runtime.server'
import { siteInfo } from '../site.server'
import { newBackupCodes } from '../auth/readable-codes.server'
import { storedSecret } from '../stored-secret.server'
import { TOTP_OPTIONS, totpOnceHook } from './totp-once.server'

/** Where a reset link leads: the page that takes the new password. */
export const PASSWORD_RESET_PATH = '/buero/passwort-neu/'

// Admins manage staff accounts and their sessions; nobody impersonates anybody.
const access = createAccessControl(defaultStatements)
const ROLES = {
  admin: access.newRole({
    user: ['create', 'list', 'set-role', 'ban', 'delete', 'set-password', 'set-email', 'get', 'update'],
    session: ['list', 'revoke', 'delete'],
  }),
  buero: access.newRole({ user: [], session: [] }),
}

function resetMail(to: string, name: string, link: string) {
  const site = siteInfo()
  return {
    to,
    subject: `${site.name}: neues Passwort für das Büro`,
    ...renderMail({
      preheader: 'Ihr Link für ein neues Passwort',
      heading: 'Neues Passwort',
      paragraphs: [
        `Guten Tag ${name},`,
        'für Ihr Konto im Büro-Bereich wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest; er gilt eine Stunde:',
        { text: 'Neues Passwort festlegen', href: link },
      ],
      closing: ['Sie haben nichts angefordert? Dann brauchen Sie nichts zu tun; Ihr Passwort bleibt, wie es ist.'],
      site,
    }),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

function makeStaffAuth(db: Database, secret: string) {
  const origin = publicOrigin()
  return betterAuth({
    appName: siteInfo().name,
    baseURL: origin,
    basePath: '/api/buero/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: staffUsers, session: staffSessions, account: staffAccounts, verification: staffVerifications, twoFactor: staffTwoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: STAFF_MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        if (!takeRecipientBudget(user.email, 'staff new password')) return
        const link = `${origin}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`
        await enqueueMail(db, resetMail(user.email, user.name, link))
      },
    },
    session: {
      // Idle timeout: a session not used for this long has ended; each use after a minute extends it.
      expiresIn: config().OFFICE_SESSION_IDLE_MINUTES * 60,
      updateAge: 60,
      cookieCache: { enabled: false },
    },
    advanced: {
      cookiePrefix: 'buero',
      useSecureCookies: origin.startsWith('https:'),
      // Sessions keep no client address (personal data the office does not need).
      ipAddress: { disableIpTracking: true },
      defaultCookieAttributes: { sameSite: 'strict', path: '/' },
    },
    // A TOTP code is accepted once (RFC 6238 § 5.2): totp-once.server.ts.
    hooks: { before: totpOnceHook(db) },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its messages go into the site's JSON log, without their arguments (which may name an address).
    logger: { level: 'warn', log: (level, message) => log(level === 'error' ? 'error' : 'info', 'staff auth', { detail: message }) },
    plugins: [
      // Backup codes that read unambiguously from paper; typed in any case (lib/office/login.ts).
      twoFactor({ issuer: siteInfo().name, totpOptions: TOTP_OPTIONS, backupCodeOptions: { customBackupCodesGenerate: newBackupCodes } }),
      admin({ ac: access, roles: ROLES, defaultRole: 'buero', adminRoles: ['admin'] }),
      // Last: it hands the cookies Better Auth sets to TanStack Start's response.
      tanstackStartCookies(),
    ],
  })
}

export type StaffAuth = ReturnType<typeof makeStaffAuth>

let auth: Promise<StaffAuth> | undefined

/** The process's staff auth, made once the database is open. */
export function staffAuth(): Promise<StaffAuth> {
  auth ??= getDb().then(staffAuthFor)
  auth.catch(() => (auth = undefined))
  return auth
}

/** For tests and the account command: an instance on a given database. */
export async function staffAuthFor(db: Database): Promise<StaffAuth> {
  return makeStaffAuth(db, config().OFFICE_AUTH_SECRET ?? (await storedSecret(db, 'office_auth_secret')))
}
