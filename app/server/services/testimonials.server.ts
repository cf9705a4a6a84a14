// Kundenstimmen: a page of testimonials (latest journey first), the start page's latest few, and
// the rating summary over all.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { paged } from '~/lib/paging'
import { testimonialSchema, testimonialSummarySchema } from '~/lib/testimonials'
import type { Testimonial, TestimonialPage, TestimonialSummary } from '~/lib/testimonials'
import { tripRef } from '~/lib/trip-card'
import type { Database } from '../db/database.server'
import { testimonials, trips } from '../db/schema'

export async function testimonialSummary(db: Database): Promise<TestimonialSummary> {
  const rows = await db
    .select({ stars: testimonials.rating, count: count() })
    .from(testimonials)
    .groupBy(testimonials.rating)
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  const sum = rows.reduce((acc, r) => acc + r.stars * r.count, 0)
  return testimonialSummarySchema.parse({
    count: total,
    average: total === 0 ? null : sum / total,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: rows.find((r) => r.stars === stars)?.count ?? 0 })),
  })
}

/** Testimonials with their trip while it is published, the latest journey first (undated last). */
export async function latestTestimonials(db: Database, options: { limit: number; offset?: number }): Promise<Testimonial[]> {
  const rows = await db
    .select({
      id: testimonials.id,
      author: testimonials.author,
      city: testimonials.city,
      rating: testimonials.rating,
      title: testimonials.title,
      text: testimonials.text,
      travelledOn: testimonials.travelledOn,
      tripId: trips.id,
      tripTitle: trips.title,
    })
    .from(testimonials)
    .leftJoin(trips, and(eq(trips.id, testimonials.tripId), eq(trips.published, true)))
    .orderBy(sql`${testimonials.travelledOn} desc nulls last`, desc(testimonials.id))
    .limit(options.limit)
    .offset(options.offset ?? 0)
  return rows.map(({ tripId, tripTitle, ...t }) => testimonialSchema.parse({ ...t, trip: tripRef(tripId, tripTitle) }))
}

export async function listTestimonials(db: Database, options: { page: number; perPage: number }): Promise<TestimonialPage> {
  const [latest, summary] = await Promise.all([
    latestTestimonials(db, { limit: options.perPage, offset: (options.page - 1) * options.perPage }),
    testimonialSummary(db),
  ])
  return { testimonials: latest, summary, paging: paged(options.page, summary.count, options.perPage) }
}
