// Reiseimpressionen: photo galleries of past trips, and the catalogue-wide gallery of trip photos.
import * as z from 'zod/mini'
import { imageRefSchema } from './image-ref'
import { pagedSchema } from './paging'
import { tripRefSchema } from './trip-card'

export const impressionSummarySchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  title: z.string(),
  travelledOn: z.nullable(z.string()),
  cover: z.nullable(imageRefSchema),
  imageCount: z.number().check(z.int()),
  trip: z.nullable(tripRefSchema),
})
export type ImpressionSummary = z.infer<typeof impressionSummarySchema>

export const impressionListSchema = z.object({ impressions: z.array(impressionSummarySchema), paging: pagedSchema })
export type ImpressionList = z.infer<typeof impressionListSchema>

export const impressionDetailSchema = z.extend(z.omit(impressionSummarySchema, { cover: true }), { images: z.array(imageRefSchema) })
export type ImpressionDetail = z.infer<typeof impressionDetailSchema>

export const galleryImageSchema = z.object({ image: imageRefSchema, trip: tripRefSchema })
export type GalleryImage = z.infer<typeof galleryImageSchema>

export const galleryPageSchema = z.object({ images: z.array(galleryImageSchema), paging: pagedSchema })
export type GalleryPage = z.infer<typeof galleryPageSchema>
