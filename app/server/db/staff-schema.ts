// The office's staff accounts (DESIGN 11), kept by Better Auth (app/server/office/auth.server.ts):
// the tables its core, the two-factor and the admin plugin use, named staff_* so that customer
// accounts (DESIGN 13) never share a row with them. The TS property names are Better Auth's field
// names, which its Drizzle adapter reads; SQL names are snake_case like the rest of the schema.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const STAFF_ROLES = ['buero', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const staffUsers = pgTable(
  'staff_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    role: text('role').notNull().default('buero'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: moment('ban_expires'),
  },
  (t) => [check('staff_users_role_check', sql`${t.role} in ('buero', 'admin')`)],
)

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: moment('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
)

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: moment('access_token_expires_at'),
    refreshTokenExpiresAt: moment('refresh_token_expires_at'),
    scope: text('scope'),
    /** The password's hash (scrypt, Better Auth's default). */
    password: text('password'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('staff_accounts_user_idx').on(t.userId)],
)

/** Password-reset tokens and the like, each with its expiry. */
export const staffVerifications = pgTable(
  'staff_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('staff_verifications_identifier_idx').on(t.identifier)],
)

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
  },
  (t) => [index('staff_two_factors_user_idx').on(t.userId), index('staff_two_factors_secret_idx').on(t.secret)],
)
