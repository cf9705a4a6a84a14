// Hotels of the hotel trips: the data of the list and detail pages.
import * as z from 'zod/mini'
import { imageRefSchema } from './image-ref'
import { pagedSchema } from './paging'
import { tripCardSchema } from './trip-card'

const hotelCountrySchema = z.object({ id: z.number().check(z.int()), name: z.string(), slug: z.string() })

export const hotelSummarySchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  /** 1–5, null when the hotel has no official category. */
  stars: z.nullable(z.number().check(z.int())),
  country: z.nullable(hotelCountrySchema),
  image: z.nullable(imageRefSchema),
  trips: z.number().check(z.int()),
})
export type HotelSummary = z.infer<typeof hotelSummarySchema>

export const hotelListSchema = z.object({ hotels: z.array(hotelSummarySchema), paging: pagedSchema })
export type HotelList = z.infer<typeof hotelListSchema>

export const hotelDetailSchema = z.extend(z.omit(hotelSummarySchema, { image: true, trips: true }), {
  /** Sanitised HTML. */
  description: z.string(),
  images: z.array(imageRefSchema),
})

export const hotelPageSchema = z.object({
  hotel: hotelDetailSchema,
  trips: z.array(tripCardSchema),
  paging: pagedSchema,
})
export type HotelPage = z.infer<typeof hotelPageSchema>
