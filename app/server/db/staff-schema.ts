// The office's staff accounts (DESIGN 11), kept by Better Auth (app/server/office/auth.server.ts):
// the tables its core (columns in auth-tables.ts), the two-factor and the admin plugin use, named
// staff_* so that customer accounts (DESIGN 13) never share a row with them.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { STAFF_ROLES } from '../../lib/office/staff'
import { authAccountColumns, authSessionColumns, authUserColumns, authVerificationColumns, moment } from './auth-tables'

export { STAFF_ROLES }
export type { StaffRole } from '../../lib/office/staff'

export const staffUsers = pgTable(
  'staff_users',
  {
    ...authUserColumns(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    role: text('role').notNull().default('buero'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: moment('ban_expires'),
    /** The last completed sign-in (password, and the second factor where it is on; office.functions.ts), for the staff list. */
    lastSignInAt: moment('last_sign_in_at'),
  },
  (t) => [check('staff_users_role_check', sql`${t.role} in ('buero', 'admin')`)],
)

export const staffSessions = pgTable(
  'staff_sessions',
  { ...authSessionColumns(() => staffUsers.id), impersonatedBy: text('impersonated_by') },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
)

export const staffAccounts = pgTable('staff_accounts', authAccountColumns(() => staffUsers.id), (t) => [
  index('staff_accounts_user_idx').on(t.userId),
])

export const staffVerifications = pgTable('staff_verifications', authVerificationColumns(), (t) => [
  index('staff_verifications_identifier_idx').on(t.identifier),
])

/** A staff member's TOTP secret and backup codes (both encrypted with the auth secret). */
export const staffTwoFactors = pgTable(
  'staff_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: moment('locked_until'),
    /** The TOTP time step (Unix time / 30 s) of the last accepted code: it and older ones are refused (RFC 6238 § 5.2). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [index('staff_two_factors_user_idx').on(t.userId), index('staff_two_factors_secret_idx').on(t.secret)],
)
