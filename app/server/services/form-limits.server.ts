// What keeps the forms and the newsletter from being used as a mail cannon: a per-client limit in
// the database (so every app instance counts together) and a key that spots a resend of the same
// content. A client is known only by a keyed hash of its address, kept as long as the limit looks
// back; the sweeper deletes older attempts and clears older dedupe keys.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { and, asc, count, eq, gt, isNotNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/database.server'
import { appMeta, formAttempts, formSubmissions } from '../db/schema'
import type { Attempt, RateRule } from '../http/client-limits.server'

/** Issue 9: five submissions of one form per client in ten minutes. */
export const FORM_RULE: RateRule = { limit: 5, windowMs: 10 * 60_000 }
/** The newsletter form: the same from one client; each address has its own daily limit on top. */
export const NEWSLETTER_RULE: RateRule = { limit: 5, windowMs: 10 * 60_000 }
/** The same content from the same client within this time is answered but stored and sent once. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000
const LONGEST_WINDOW_MS = Math.max(FORM_RULE.windowMs, NEWSLETTER_RULE.windowMs, DUPLICATE_WINDOW_MS)

/**
 * Counts this request against the client's limit for the scope, inside the caller's transaction.
 * A transaction-scoped advisory lock per client and scope makes count-then-insert one step, also
 * across instances on one PostgreSQL; a refused request is not counted, so a client that keeps
 * hammering is let in again once its oldest counted request leaves the window.
 */
export async function takeAttempt(tx: Database, scope: string, clientKey: string, rule: RateRule, now: Date): Promise<Attempt> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope} ${clientKey}`}, 0))`)
  const recent = await tx
    .select({ createdAt: formAttempts.createdAt })
    .from(formAttempts)
    .where(and(eq(formAttempts.scope, scope), eq(formAttempts.clientKey, clientKey), gt(formAttempts.createdAt, new Date(now.getTime() - rule.windowMs))))
    .orderBy(asc(formAttempts.createdAt))
  if (recent.length >= rule.limit) {
    // Room comes back when the attempt that put the client over the limit leaves the window.
    const freeing = recent[recent.length - rule.limit]?.createdAt ?? now
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeing.getTime() + rule.windowMs - now.getTime()) / 1000)) }
  }
  await tx.insert(formAttempts).values({ scope, clientKey, createdAt: now })
  return { ok: true }
}

const SECRET_KEY = 'client_key_secret'

/** The key of the client hashes: made once and kept in the database, so all instances agree. */
export async function clientKeySecret(db: Database): Promise<string> {
  await db.insert(appMeta).values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing()
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY))
  if (!row) throw new Error('client key secret missing')
  return row.value
}

/** A client address as it is stored: HMAC-SHA256, which nobody can turn back without the secret. */
export function clientKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(address).digest('base64url')
}

/** One key for "this client sent this content to this form" (the client key is already keyed). */
export function dedupeKey(client: string, scope: string, content: unknown): string {
  return createHash('sha256').update(JSON.stringify([client, scope, content])).digest('base64url')
}

/** Whether the same key was stored within the duplicate window. */
export async function isDuplicate(tx: Database, key: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.dedupeKey, key), gt(formSubmissions.createdAt, new Date(now.getTime() - DUPLICATE_WINDOW_MS))))
  return (row?.n ?? 0) > 0
}

/** Deletes attempts and clears dedupe keys that no limit looks at any more. */
export async function sweepFormLimits(db: Database, now: Date = new Date()): Promise<{ attempts: number; dedupeKeys: number }> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_MS)
  const attempts = await db.delete(formAttempts).where(lt(formAttempts.createdAt, before)).returning({ id: formAttempts.id })
  const keys = await db
    .update(formSubmissions)
    .set({ dedupeKey: null })
    .where(and(isNotNull(formSubmissions.dedupeKey), lt(formSubmissions.createdAt, before)))
    .returning({ id: formSubmissions.id })
  return { attempts: attempts.length, dedupeKeys: keys.length }
}
