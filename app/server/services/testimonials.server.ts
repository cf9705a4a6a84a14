// Kundenstimmen: a page of testimonials (latest journey first) and the rating summary over all.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { paged } from '~/lib/paging'
import { testimonialSchema, testimonialSummarySchema } from '~/lib/testimonials'
import type { TestimonialPage, TestimonialSummary } from '~/lib/testimonials'
import type { Database } from '../db/client.server'
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

export async function listTestimonials(db: Database, options: { page: number; perPage: number }): Promise<TestimonialPage> {
  const [rows, summary] = await Promise.all([
    db
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
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    testimonialSummary(db),
  ])
  return {
    testimonials: rows.map(({ tripId, tripTitle, ...t }) =>
      testimonialSchema.parse({ ...t, trip: tripId !== null && tripTitle !== null ? { id: tripId, title: tripTitle } : null }),
    ),
    summary,
    paging: paged(options.page, summary.count, options.perPage),
  }
}
