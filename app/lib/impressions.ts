// Reiseimpressionen: photo galleries of past trips, and the catalogue-wide gallery of trip photos.
import { z } from 'zod'
import { imageRefSchema } from './image-ref'
import { pagedSchema } from './paging'
import { tripRefSchema } from './trip-card'

export const impressionSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  travelledOn: z.string().nullable(),
  cover: imageRefSchema.nullable(),
  imageCount: z.number().int(),
  trip: tripRefSchema.nullable(),
})
export type ImpressionSummary = z.infer<typeof impressionSummarySchema>

export const impressionListSchema = z.object({ impressions: z.array(impressionSummarySchema), paging: pagedSchema })
export type ImpressionList = z.infer<typeof impressionListSchema>

export const impressionDetailSchema = impressionSummarySchema.omit({ cover: true }).extend({ images: z.array(imageRefSchema) })
export type ImpressionDetail = z.infer<typeof impressionDetailSchema>

export const galleryImageSchema = z.object({ image: imageRefSchema, trip: tripRefSchema })
export type GalleryImage = z.infer<typeof galleryImageSchema>

export const galleryPageSchema = z.object({ images: z.array(galleryImageSchema), paging: pagedSchema })
export type GalleryPage = z.infer<typeof galleryPageSchema>
