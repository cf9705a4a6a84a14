// A secret made once and kept in the database (app_meta) when the configuration gives none: every
// instance on the same database then signs alike, and what was signed survives a restart.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from './db/database.server'
import { appMeta } from './db/schema'

export async function storedSecret(db: Database, key: string): Promise<string> {
  await db.insert(appMeta).values({ key, value: randomBytes(32).toString('base64url') }).onConflictDoNothing()
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key))
  if (!row) throw new Error(`stored secret ${key} missing`)
  return row.value
}
