// Rows of a raw SQL statement, parsed with a zod schema: PGlite answers { rows }, postgres-js an
// array of rows, and services should not care which driver is behind the database.
import type { SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from './client.server'

export async function queryRows<S extends z.ZodType>(db: Pick<Database, 'execute'>, statement: SQL, row: S): Promise<z.infer<S>[]> {
  const result: unknown = await db.execute(statement)
  const rows = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)
      ? result.rows
      : []
  return rows.map((r: unknown): z.infer<S> => row.parse(r))
}
