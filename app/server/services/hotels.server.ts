// Hotels: the paged list with trip counts and one hotel with its trips.
import { asc, count, eq, sql } from 'drizzle-orm'
import { readImages } from '~/lib/image-ref'
import { hotelDetailSchema, hotelSummarySchema } from '~/lib/hotels'
import type { HotelList, HotelPage } from '~/lib/hotels'
import { paged } from '~/lib/paging'
import { countryHeader } from '~/lib/regions'
import type { Database } from '../db/database.server'
import { countries, hotels, trips } from '../db/schema'
import { germanSortKey, pageTrips } from './trip-pages.server'
import { sanitize } from './sanitize.server'

type CountryRow = { id: number | null; name: string | null; slug: string | null }

function countryOf(row: CountryRow) {
  return row.id === null || row.slug === null ? null : { id: row.id, name: countryHeader(row), slug: row.slug }
}

/** Hotels ordered by name; the database sorts so that paging stays cheap for a large catalogue. */
export async function listHotels(db: Database, options: { page: number; perPage: number }): Promise<HotelList> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: hotels.id,
        slug: hotels.slug,
        name: hotels.name,
        city: hotels.city,
        stars: hotels.stars,
        images: hotels.images,
        countryId: countries.id,
        countryName: countries.name,
        countrySlug: countries.slug,
        trips: sql<number>`(select count(*) from ${trips} where ${trips.hotelId} = ${hotels.id} and ${trips.published})::int`,
      })
      .from(hotels)
      .leftJoin(countries, eq(countries.id, hotels.countryId))
      .orderBy(germanSortKey(hotels.name), asc(hotels.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ n: count() }).from(hotels),
  ])
  return {
    hotels: rows.map((row) =>
      hotelSummarySchema.parse({
        id: row.id,
        slug: row.slug,
        name: row.name,
        city: row.city,
        stars: row.stars,
        country: countryOf({ id: row.countryId, name: row.countryName, slug: row.countrySlug }),
        image: readImages(row.images)[0] ?? null,
        trips: row.trips,
      }),
    ),
    paging: paged(options.page, totals?.n ?? 0, options.perPage),
  }
}

export async function findHotel(
  db: Database,
  id: number,
  options: { page: number; perPage: number; today?: string },
): Promise<HotelPage | null> {
  const [row] = await db
    .select({ hotel: hotels, countryId: countries.id, countryName: countries.name, countrySlug: countries.slug })
    .from(hotels)
    .leftJoin(countries, eq(countries.id, hotels.countryId))
    .where(eq(hotels.id, id))
    .limit(1)
  if (!row) return null
  const { trips: cards, paging } = await pageTrips(db, eq(trips.hotelId, id), options)
  const { hotel } = row
  return {
    hotel: hotelDetailSchema.parse({
      id: hotel.id,
      slug: hotel.slug,
      name: hotel.name,
      city: hotel.city,
      stars: hotel.stars,
      country: countryOf({ id: row.countryId, name: row.countryName, slug: row.countrySlug }),
      description: sanitize(hotel.description),
      images: readImages(hotel.images),
    }),
    trips: cards,
    paging,
  }
}
