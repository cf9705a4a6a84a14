// Content pages (Impressum, Datenschutz, AGB, Barrierefreiheit …), served by slug through the catch-all route.
import { and, asc, eq } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Database } from '../db/database.server'
import { contentPages } from '../db/schema'
import type { ContentPageKind } from '../db/schema'
import { sanitize } from './sanitize.server'

export const contentPageSchema = z.object({
  slug: z.string(),
  kind: z.string(),
  title: z.string(),
  teaser: z.string(),
  body: z.string(),
})
export type ContentPage = z.infer<typeof contentPageSchema>

/** The first page of that kind matching `match` (a slug or an id), its body sanitised. */
async function findPage(db: Database, match: SQL, kind: ContentPageKind): Promise<ContentPage | null> {
  const [row] = await db
    .select()
    .from(contentPages)
    .where(and(match, eq(contentPages.kind, kind)))
    .limit(1)
  return row ? contentPageSchema.parse({ ...row, body: sanitize(row.body) }) : null
}

export function findContentPage(db: Database, slug: string, kind: ContentPageKind = 'page'): Promise<ContentPage | null> {
  return findPage(db, eq(contentPages.slug, slug), kind)
}

/** A content page by its numeric id (the upstream service-entry links use ids). */
export function findContentPageById(db: Database, id: number, kind: ContentPageKind): Promise<ContentPage | null> {
  return findPage(db, eq(contentPages.id, id), kind)
}

export const contentLinkSchema = z.object({ id: z.number().check(z.int()), slug: z.string(), title: z.string(), teaser: z.string() })
export type ContentLink = z.infer<typeof contentLinkSchema>

/** Titles and teasers of one kind (articles, service entries), in the operator's order. */
export async function listContentPages(db: Database, kind: ContentPageKind): Promise<ContentLink[]> {
  const rows = await db
    .select({ id: contentPages.id, slug: contentPages.slug, title: contentPages.title, teaser: contentPages.teaser })
    .from(contentPages)
    .where(eq(contentPages.kind, kind))
    .orderBy(asc(contentPages.sort), asc(contentPages.id))
  return z.array(contentLinkSchema).parse(rows)
}
