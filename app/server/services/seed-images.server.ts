// Which seed pictures exist: the demo catalogue names each picture after the row that shows it
// (`trip-12-3`, `hotel-4-1`, `category-7`, `blog-9`, see app/server/db/seed), so a key is looked
// up by that row's id and must be among its images. The image proxy renders nothing else, so an
// invented key costs one primary-key lookup instead of a render.
import { and, eq, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { SEED_IMAGE_PREFIX } from '~/lib/image-proxy'
import type { Database } from '../db/database.server'
import { blogEntries, categories, hotels, impressions, ships, trips } from '../db/schema'
import { parseId } from '~/lib/ids'

type Owner = { id: AnyPgColumn; image: AnyPgColumn; kind: 'single' | 'list' }

const OWNERS: Record<string, Owner> = {
  category: { id: categories.id, image: categories.image, kind: 'single' },
  blog: { id: blogEntries.id, image: blogEntries.image, kind: 'single' },
  trip: { id: trips.id, image: trips.images, kind: 'list' },
  hotel: { id: hotels.id, image: hotels.images, kind: 'list' },
  ship: { id: ships.id, image: ships.images, kind: 'list' },
  impression: { id: impressions.id, image: impressions.images, kind: 'list' },
}

const KEY = /^([a-z]+)-([1-9][0-9]{0,9})(?:-[1-9][0-9]{0,2})?$/

/** Whether a row of the catalogue shows the seed picture with this key. */
export async function seedImageExists(db: Database, key: string): Promise<boolean> {
  const match = KEY.exec(key)
  const owner = match?.[1] ? OWNERS[match[1]] : undefined
  const id = parseId(match?.[2])
  if (!owner || id === null) return false
  const src = `${SEED_IMAGE_PREFIX}${key}.svg`
  const shows = owner.kind === 'single' ? eq(owner.image, src) : sql`${owner.image} @> ${JSON.stringify([{ src }])}::jsonb`
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(owner.id.table)
    .where(and(eq(owner.id, id), shows))
    .limit(1)
  return rows.length > 0
}
