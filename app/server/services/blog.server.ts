// Blog entries (spec 7: GET /api/web/blog-web with lit-sort[], $paginate, id_web_blog_type).
import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { blogEntrySchema } from '~/lib/api'
import type { BlogEntry, BlogQuery } from '~/lib/api'
import type { Database } from '../db/client.server'
import { blogEntries } from '../db/schema'
import { sanitize } from './sanitize.server'

const SORT_COLUMNS = {
  date_show: blogEntries.dateShow,
  date_add: blogEntries.dateAdd,
  title: blogEntries.title,
  id: blogEntries.id,
} as const

type Row = typeof blogEntries.$inferSelect

export function toBlogEntry(row: Row): BlogEntry {
  return blogEntrySchema.parse({
    id: row.id,
    id_web_blog_type: row.idWebBlogType,
    slug: row.slug,
    title: row.title,
    teaser: row.teaser ?? '',
    body: sanitize(row.body),
    image: row.image ?? null,
    icon: row.icon ?? null,
    date_show: new Date(row.dateShow).toISOString(),
    date_add: new Date(row.dateAdd).toISOString(),
  })
}

export async function listBlogEntries(
  db: Database,
  query: BlogQuery,
): Promise<{ data: BlogEntry[]; total: number; page: number; limit: number }> {
  const where: SQL | undefined = and(
    eq(blogEntries.published, true),
    query.id_web_blog_type === undefined ? undefined : eq(blogEntries.idWebBlogType, query.id_web_blog_type),
  )
  const order = query['lit-sort[]'].length
    ? query['lit-sort[]'].map((s) => (s.desc ? desc(SORT_COLUMNS[s.field]) : asc(SORT_COLUMNS[s.field])))
    : [desc(blogEntries.dateShow)]
  order.push(asc(blogEntries.id))
  const base = db.select().from(blogEntries).where(where).orderBy(...order)
  if (!query.$paginate) {
    const rows = await base
    return { data: rows.map(toBlogEntry), total: rows.length, page: 1, limit: rows.length }
  }
  const [rows, [totals]] = await Promise.all([
    base.limit(query.$limit).offset((query.$page - 1) * query.$limit),
    db.select({ n: count() }).from(blogEntries).where(where),
  ])
  return { data: rows.map(toBlogEntry), total: totals?.n ?? 0, page: query.$page, limit: query.$limit }
}
