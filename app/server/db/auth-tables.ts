// The columns of Better Auth's core tables (user, session, account, verification), spelled once for
// the two instances that keep them under their own prefix: the office's staff_* (staff-schema.ts)
// and the customers' customer_* (customer-schema.ts). Each call makes new column builders, as a
// table needs its own. The TS property names are Better Auth's field names, which its Drizzle
// adapter reads; SQL names are snake_case like the rest of the schema.
import { boolean, text, timestamp } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

const stamps = () => ({
  createdAt: moment('created_at').notNull().defaultNow(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
})

const owner = (userId: () => AnyPgColumn) => text('user_id').notNull().references(userId, { onDelete: 'cascade' })

export const authUserColumns = () => ({
  id: text('id').primaryKey(),
  /** Better Auth's display name. */
  name: text('name').notNull(),
  /** Lower case. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...stamps(),
})

export const authSessionColumns = (userId: () => AnyPgColumn) => ({
  id: text('id').primaryKey(),
  expiresAt: moment('expires_at').notNull(),
  token: text('token').notNull().unique(),
  ...stamps(),
  /** Not kept (personal data the site does not need). */
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  userId: owner(userId),
})

export const authAccountColumns = (userId: () => AnyPgColumn) => ({
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: owner(userId),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: moment('access_token_expires_at'),
  refreshTokenExpiresAt: moment('refresh_token_expires_at'),
  scope: text('scope'),
  /** The password's hash (scrypt, Better Auth's default); null where there is none. */
  password: text('password'),
  ...stamps(),
})

/** Sign-in links, password-reset tokens and e-mail changes, each with its expiry. */
export const authVerificationColumns = () => ({
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: moment('expires_at').notNull(),
  ...stamps(),
})
