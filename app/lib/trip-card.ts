// The data of one trip card (category overview, search results, wish list, start page teasers).
import * as z from 'zod/mini'
import { bookableSchema } from './bookable'
import { imageRefSchema } from './image-ref'

export const tripCardSchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  teaser: z.string(),
  durationDays: z.number().check(z.int()),
  transport: z.string(),
  image: z.nullable(imageRefSchema),
  /** Lowest price per person over the upcoming dates, millionths of a euro; null when no date is upcoming. */
  priceFrom: z.nullable(z.number()),
  /** The next upcoming dates (at most three), ISO calendar days. */
  nextDates: z.array(z.object({ dateFrom: z.string(), dateTill: z.string(), bookable: bookableSchema })),
  /** The best status over the upcoming dates (what a customer can do next). */
  bookable: z.nullable(bookableSchema),
  categories: z.array(z.object({ id: z.number().check(z.int()), slug: z.string(), name: z.string() })),
})
export type TripCardData = z.infer<typeof tripCardSchema>

/** A trip that another record names (a testimonial, a gallery), linked while it is published. */
export const tripRefSchema = z.object({ id: z.number().check(z.int()), title: z.string() })

/** The trip of a left join on the published trips: null when the join found none. */
export function tripRef(id: number | null, title: string | null): z.infer<typeof tripRefSchema> | null {
  return id !== null && title !== null ? { id, title } : null
}
