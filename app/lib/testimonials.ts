// Kundenstimmen: what the testimonials page shows.
import * as z from 'zod/mini'
import { pagedSchema } from './paging'
import { tripRefSchema } from './trip-card'

export const testimonialSchema = z.object({
  id: z.number().check(z.int()),
  author: z.string(),
  city: z.nullable(z.string()),
  rating: z.number().check(z.int(), z.gte(1), z.lte(5)),
  title: z.string(),
  text: z.string(),
  /** ISO calendar day of the journey. */
  travelledOn: z.nullable(z.string()),
  /** The trip, when it is still published. */
  trip: z.nullable(tripRefSchema),
})
export type Testimonial = z.infer<typeof testimonialSchema>

export const testimonialSummarySchema = z.object({
  count: z.number().check(z.int()),
  /** Mean rating over all testimonials; null when there are none. */
  average: z.nullable(z.number()),
  /** How many testimonials gave 5, 4, 3, 2, 1 stars (index 0 = 5 stars). */
  distribution: z.array(z.object({ stars: z.number().check(z.int()), count: z.number().check(z.int()) })),
})
export type TestimonialSummary = z.infer<typeof testimonialSummarySchema>

export const testimonialPageSchema = z.object({
  testimonials: z.array(testimonialSchema),
  summary: testimonialSummarySchema,
  paging: pagedSchema,
})
export type TestimonialPage = z.infer<typeof testimonialPageSchema>
