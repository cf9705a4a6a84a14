// Customer accounts (DESIGN 13), kept by Better Auth (app/server/account/auth.server.ts): the
// tables of its core (columns in auth-tables.ts), named customer_* so that they never share a row
// with the office's staff_*. The contact data a booking is filled in from are the account's own
// columns, written by the account's functions, not by Better Auth; a change of the e-mail address
// takes effect only once the new address is confirmed.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { authAccountColumns, authSessionColumns, authUserColumns, authVerificationColumns, moment } from './auth-tables'

export const customerUsers = pgTable('customer_users', {
  ...authUserColumns(),
  firstname: text('firstname').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  street: text('street').notNull().default(''),
  streetNr: text('street_nr').notNull().default(''),
  zip: text('zip').notNull().default(''),
  city: text('city').notNull().default(''),
  phone: text('phone').notNull().default(''),
})

export const customerSessions = pgTable('customer_sessions', authSessionColumns(() => customerUsers.id), (t) => [
  index('customer_sessions_user_idx').on(t.userId),
])

/** Better Auth's login of a user; `password` is null for an account used by sign-in link only. */
export const customerAccounts = pgTable('customer_accounts', authAccountColumns(() => customerUsers.id), (t) => [
  index('customer_accounts_user_idx').on(t.userId),
])

export const customerVerifications = pgTable('customer_verifications', authVerificationColumns(), (t) => [
  index('customer_verifications_identifier_idx').on(t.identifier),
])

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
