// Rows of a raw SQL statement, parsed with a zod schema: PGlite answers { rows }, postgres-js an
// array of rows, and services should not care which driver is behind the database.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { MAX_ID } from '~/lib/ids'
import type * as z from 'zod/mini'
import type { Database } from './database.server'

/**
 * Starts a Drizzle query in call order. A query builder runs only when awaited, and Promise.all
 * awaits its builders after every call in its array was made; statements meant to be sent together
 * in one order (PostgreSQL runs them as they arrive on a transaction's connection) go through here
 * or through queryRows, which start them as they are called.
 */
export async function inOrder<T>(query: PromiseLike<T>): Promise<T> {
  return await query
}

export async function queryRows<S extends z.ZodMiniType>(db: Pick<Database, 'execute'>, statement: SQL, row: S): Promise<z.infer<S>[]> {
  const result: unknown = await db.execute(statement)
  const rows = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
      ? result.rows
      : []
  return rows.map((r: unknown): z.infer<S> => row.parse(r))
}

/**
 * A list of ids as one bound int[] parameter (not a list of parameters). Ids a URL may carry but
 * no row can have are left out, so that asking for them finds nothing instead of failing.
 */
export function intArray(ids: readonly number[]): SQL {
  const possible = ids.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID)
  return sql`${`{${possible.join(',')}}`}::int[]`
}

/** Strings as one bound text[] parameter (Drizzle would spread a JS array into a row). */
export function textArray(words: readonly string[]): SQL {
  const literal = `{${words.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`
  return sql`${literal}::text[]`
}

/** A json value as the driver gives it: postgres.js and PGlite parse it, a text answer is parsed here. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}
