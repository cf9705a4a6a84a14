// Kundenstimmen: what the testimonials page shows.
import { z } from 'zod'
import { pagedSchema } from './paging'
import { tripRefSchema } from './trip-card'

export const testimonialSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  city: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  /** ISO calendar day of the journey. */
  travelledOn: z.string().nullable(),
  /** The trip, when it is still published. */
  trip: tripRefSchema.nullable(),
})
export type Testimonial = z.infer<typeof testimonialSchema>

export const testimonialSummarySchema = z.object({
  count: z.number().int(),
  /** Mean rating over all testimonials; null when there are none. */
  average: z.number().nullable(),
  /** How many testimonials gave 5, 4, 3, 2, 1 stars (index 0 = 5 stars). */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
})
export type TestimonialSummary = z.infer<typeof testimonialSummarySchema>

export const testimonialPageSchema = z.object({
  testimonials: z.array(testimonialSchema),
  summary: testimonialSummarySchema,
  paging: pagedSchema,
})
export type TestimonialPage = z.infer<typeof testimonialPageSchema>
