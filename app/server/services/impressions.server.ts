// Reiseimpressionen (galleries of past trips) and the catalogue-wide gallery of trip photos.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { imageRefSchema, readImages } from '~/lib/image-ref'
import { galleryImageSchema, impressionDetailSchema, impressionSummarySchema } from '~/lib/impressions'
import type { GalleryPage, ImpressionDetail, ImpressionList } from '~/lib/impressions'
import { paged } from '~/lib/paging'
import { tripRef } from '~/lib/trip-card'
import type { Database } from '../db/database.server'
import { impressions, trips } from '../db/schema'

export async function listImpressions(db: Database, options: { page: number; perPage: number }): Promise<ImpressionList> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: impressions.id,
        slug: impressions.slug,
        title: impressions.title,
        travelledOn: impressions.travelledOn,
        images: impressions.images,
        tripId: trips.id,
        tripTitle: trips.title,
      })
      .from(impressions)
      .leftJoin(trips, and(eq(trips.id, impressions.tripId), eq(trips.published, true)))
      .orderBy(sql`${impressions.travelledOn} desc nulls last`, desc(impressions.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ n: count() }).from(impressions),
  ])
  return {
    impressions: rows.map((row) => {
      const images = readImages(row.images)
      return impressionSummarySchema.parse({
        id: row.id,
        slug: row.slug,
        title: row.title,
        travelledOn: row.travelledOn,
        cover: images[0] ?? null,
        imageCount: images.length,
        trip: tripRef(row.tripId, row.tripTitle),
      })
    }),
    paging: paged(options.page, totals?.n ?? 0, options.perPage),
  }
}

export async function findImpression(db: Database, slug: string): Promise<ImpressionDetail | null> {
  const [row] = await db
    .select({ impression: impressions, tripId: trips.id, tripTitle: trips.title })
    .from(impressions)
    .leftJoin(trips, and(eq(trips.id, impressions.tripId), eq(trips.published, true)))
    .where(eq(impressions.slug, slug))
    .limit(1)
  if (!row) return null
  const images = readImages(row.impression.images)
  return impressionDetailSchema.parse({
    id: row.impression.id,
    slug: row.impression.slug,
    title: row.impression.title,
    travelledOn: row.impression.travelledOn,
    imageCount: images.length,
    images,
    trip: tripRef(row.tripId, row.tripTitle),
  })
}

/**
 * Every photo of every published trip, one page at a time, each linking to its trip. The
 * database unnests the image lists, so a page costs the same for 200 or 100,000 trips
 * (apart from the offset).
 */
export async function listGalleryImages(db: Database, options: { page: number; perPage: number }): Promise<GalleryPage> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ tripId: trips.id, tripTitle: trips.title, image: sql<unknown>`img.value` })
      .from(trips)
      .innerJoin(sql`jsonb_array_elements(${trips.images}) with ordinality as img(value, n)`, sql`true`)
      .where(eq(trips.published, true))
      .orderBy(asc(trips.id), sql`img.n`)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ n: sql<number>`coalesce(sum(jsonb_array_length(${trips.images})), 0)::int` })
      .from(trips)
      .where(and(eq(trips.published, true), sql`jsonb_typeof(${trips.images}) = 'array'`)),
  ])
  return {
    images: rows.flatMap((row) => {
      const image = imageRefSchema.safeParse(row.image)
      return image.success ? [galleryImageSchema.parse({ image: image.data, trip: { id: row.tripId, title: row.tripTitle } })] : []
    }),
    paging: paged(options.page, totals?.n ?? 0, options.perPage),
  }
}
