// Customer accounts (DESIGN 13), kept by Better Auth (app/server/account/auth.server.ts): the
// tables of its core, named customer_* so that they never share a row with the office's staff_*.
// The TS property names are Better Auth's field names, which its Drizzle adapter reads; SQL names
// are snake_case like the rest of the schema. The contact data a booking is filled in from are the
// account's own columns, written by the account's functions, not by Better Auth.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const customerUsers = pgTable('customer_users', {
  id: text('id').primaryKey(),
  /** Better Auth's display name: first and last name. */
  name: text('name').notNull(),
  /** Lower case; a change takes effect only once the new address is confirmed. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
  firstname: text('firstname').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  street: text('street').notNull().default(''),
  streetNr: text('street_nr').notNull().default(''),
  zip: text('zip').notNull().default(''),
  city: text('city').notNull().default(''),
  phone: text('phone').notNull().default(''),
})

export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: moment('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /** Not kept (personal data the site does not need); the session list names the browser. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('customer_sessions_user_idx').on(t.userId)],
)

export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: moment('access_token_expires_at'),
    refreshTokenExpiresAt: moment('refresh_token_expires_at'),
    scope: text('scope'),
    /** The password's hash (scrypt, Better Auth's default); null for an account used by sign-in link only. */
    password: text('password'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('customer_accounts_user_idx').on(t.userId)],
)

/** Sign-in links, password-reset tokens and e-mail changes, each with its expiry. */
export const customerVerifications = pgTable(
  'customer_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('customer_verifications_identifier_idx').on(t.identifier)],
)

/** The account's Merkliste: trip ids, newest first, at most WISHLIST_MAX (migration 0024). */
export const customerWishlists = pgTable(
  'customer_wishlists',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    tripIds: integer('trip_ids').array().notNull().default(sql`'{}'`),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [check('customer_wishlists_size_check', sql`cardinality(${t.tripIds}) <= 100`)],
)

/** A passkey of an account (migration 0025): the credential's public key (base64url) and signature counter. */
export const customerPasskeys = pgTable(
  'customer_passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The authenticator's transports, comma-separated ('internal,hybrid'). */
    transports: text('transports').notNull().default(''),
    deviceType: text('device_type').notNull().default(''),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The browser it was made in, as the list names it. */
    name: text('name').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [index('customer_passkeys_user_idx').on(t.userId)],
)
