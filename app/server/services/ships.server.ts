// Ships: the list with trip counts and one ship with its trips.
import { asc, eq, sql } from 'drizzle-orm'
import * as z from 'zod/mini'
import { readImages } from '~/lib/image-ref'
import { shipDetailSchema, shipFactSchema, shipSummarySchema } from '~/lib/ships'
import type { ShipPage, ShipSummary } from '~/lib/ships'
import type { Database } from '../db/database.server'
import { ships, trips } from '../db/schema'
import { pageTrips } from './trip-pages.server'
import { sanitize } from './sanitize.server'

const KEY_FACTS = 3
const collator = new Intl.Collator('de')

function readFacts(value: unknown): z.infer<typeof shipFactSchema>[] {
  const parsed = z.array(shipFactSchema).safeParse(value)
  return parsed.success ? parsed.data : []
}

export async function listShips(db: Database): Promise<ShipSummary[]> {
  const rows = await db
    .select({
      id: ships.id,
      slug: ships.slug,
      name: ships.name,
      kind: ships.kind,
      facts: ships.facts,
      images: ships.images,
      trips: sql<number>`count(${trips.id})::int`,
    })
    .from(ships)
    .leftJoin(trips, sql`${trips.shipId} = ${ships.id} and ${trips.published}`)
    .groupBy(ships.id)
    .orderBy(asc(ships.id))
  return rows
    .map((row) =>
      shipSummarySchema.parse({
        ...row,
        image: readImages(row.images)[0] ?? null,
        keyFacts: readFacts(row.facts).slice(0, KEY_FACTS),
      }),
    )
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
}

export async function findShip(
  db: Database,
  id: number,
  options: { page: number; perPage: number; today?: string },
): Promise<ShipPage | null> {
  const [row] = await db.select().from(ships).where(eq(ships.id, id)).limit(1)
  if (!row) return null
  const { trips: cards, paging } = await pageTrips(db, eq(trips.shipId, id), options)
  return {
    ship: shipDetailSchema.parse({
      id: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      description: sanitize(row.description),
      facts: readFacts(row.facts),
      images: readImages(row.images),
    }),
    trips: cards,
    paging,
  }
}
