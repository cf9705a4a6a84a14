// The data of one trip card (category overview, search results, wish list, start page teasers).
import { z } from 'zod'
import { bookableSchema } from './bookable'

export const tripCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  teaser: z.string(),
  durationDays: z.number().int(),
  transport: z.string(),
  image: z.object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() }).nullable(),
  /** Lowest price per person over the upcoming dates, millionths of a euro; null when no date is upcoming. */
  priceFrom: z.number().nullable(),
  /** The next upcoming dates (at most three), ISO calendar days. */
  nextDates: z.array(z.object({ dateFrom: z.string(), dateTill: z.string(), bookable: bookableSchema })),
  /** The best status over the upcoming dates (what a customer can do next). */
  bookable: bookableSchema.nullable(),
  categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
})
export type TripCardData = z.infer<typeof tripCardSchema>
