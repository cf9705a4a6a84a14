// The image references stored with ships, hotels, trips and galleries (jsonb `ImageRef`); the proxy's URLs are in image-proxy.ts.
import * as z from 'zod/mini'

export const imageRefSchema = z.object({
  src: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
})
export type ImageRefData = z.infer<typeof imageRefSchema>

/** jsonb from the database: drop entries that are not images instead of failing the whole page. */
export function readImages(value: unknown): ImageRefData[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const parsed = imageRefSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}
