// Content pages (Impressum, Datenschutz, AGB, Barrierefreiheit …), served by slug through the catch-all route.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.server'
import { contentPages } from '../db/schema'
import { sanitize } from './sanitize.server'

export const contentPageSchema = z.object({
  slug: z.string(),
  kind: z.string(),
  title: z.string(),
  teaser: z.string(),
  body: z.string(),
})
export type ContentPage = z.infer<typeof contentPageSchema>

export async function findContentPage(db: Database, slug: string, kind: 'page' | 'article' | 'service-entry' = 'page'): Promise<ContentPage | null> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.kind, kind)))
    .limit(1)
  return row ? contentPageSchema.parse({ ...row, body: sanitize(row.body) }) : null
}
