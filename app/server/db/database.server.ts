// The one database type every service is written against, whichever driver is behind it (PGlite
// or PostgreSQL, opened by client.server.ts). A module of its own, so that what the opening loads
// (the seed) can name the type without importing the opening.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
