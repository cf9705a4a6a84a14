// The directory of partner travel agencies (public fields only: never logins or password hashes).
import { asc, count, like } from 'drizzle-orm'
import * as z from 'zod/mini'
import { pageCount } from '~/lib/paging'
import type { Database } from '../db/database.server'
import { agencies } from '../db/schema'

export const AGENCIES_PER_PAGE = 12

export const agencySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  website: z.nullable(z.string()),
})
export type Agency = z.infer<typeof agencySchema>

export type AgencyPage = { agencies: Agency[]; total: number; page: number; pages: number; perPage: number }

/** Agencies whose zip starts with `zipPrefix` (digits only; '' lists all), sorted by zip and name. */
export async function searchAgencies(db: Database, options: { zipPrefix: string; page: number; perPage?: number }): Promise<AgencyPage> {
  const perPage = options.perPage ?? AGENCIES_PER_PAGE
  // The prefix is digits only (checked by the caller's schema), so it holds no LIKE wildcard.
  const where = options.zipPrefix && /^[0-9]+$/.test(options.zipPrefix) ? like(agencies.zip, `${options.zipPrefix}%`) : undefined
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: agencies.id,
        name: agencies.name,
        street: agencies.street,
        zip: agencies.zip,
        city: agencies.city,
        phone: agencies.phone,
        email: agencies.email,
        website: agencies.website,
      })
      .from(agencies)
      .where(where)
      .orderBy(asc(agencies.zip), asc(agencies.name), asc(agencies.id))
      .limit(perPage)
      .offset((options.page - 1) * perPage),
    db.select({ n: count() }).from(agencies).where(where),
  ])
  const total = totals?.n ?? 0
  return { agencies: z.array(agencySchema).parse(rows), total, page: options.page, pages: pageCount(total, perPage), perPage }
}
