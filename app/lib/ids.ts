// Numeric ids in URLs (/ships/{id}/, /hotels/{id}/, /service-entry/{id}/).

/** Largest value of a PostgreSQL integer column: a larger id cannot exist, and must not reach SQL. */
export const MAX_ID = 2_147_483_647

/** A positive integer id written plainly ('42'), or null for anything else ('042', '4.2', '1e3', '-1'). */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= MAX_ID ? id : null
}
