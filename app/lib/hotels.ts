// Hotels of the hotel trips: the data of the list and detail pages.
import { z } from 'zod'
import { imageRefSchema } from './image-ref'
import { pagedSchema } from './paging'
import { tripCardSchema } from './trip-card'

const hotelCountrySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })

export const hotelSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  /** 1–5, null when the hotel has no official category. */
  stars: z.number().int().nullable(),
  country: hotelCountrySchema.nullable(),
  image: imageRefSchema.nullable(),
  trips: z.number().int(),
})
export type HotelSummary = z.infer<typeof hotelSummarySchema>

export const hotelListSchema = z.object({ hotels: z.array(hotelSummarySchema), paging: pagedSchema })
export type HotelList = z.infer<typeof hotelListSchema>

export const hotelDetailSchema = hotelSummarySchema.omit({ image: true, trips: true }).extend({
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
