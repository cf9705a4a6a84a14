// Blog entries (spec 7: GET /api/web/blog-web with lit-sort[], $paginate, id_web_blog_type).
import { and, asc, count, desc, eq, gt, inArray, lt, or } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { blogEntrySchema } from '~/lib/api'
import type { BlogEntry, BlogQuery } from '~/lib/api'
import type { Database } from '../db/database.server'
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
  /** Several blog types at once (the /blog/ page); combined with id_web_blog_type when both are given. */
  options: { types?: readonly number[] } = {},
): Promise<{ data: BlogEntry[]; total: number; page: number; limit: number }> {
  const where: SQL | undefined = and(
    eq(blogEntries.published, true),
    query.id_web_blog_type === undefined ? undefined : eq(blogEntries.idWebBlogType, query.id_web_blog_type),
    options.types === undefined ? undefined : inArray(blogEntries.idWebBlogType, [...options.types]),
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

export type BlogNeighbour = { slug: string; title: string; date_show: string }

/**
 * One published entry of the given types by slug, with its neighbours in the /blog/ order
 * (date_show newest first, then id): `newer` comes before it in the list, `older` after it.
 */
export async function findBlogEntry(
  db: Database,
  slug: string,
  types: readonly number[],
): Promise<{ entry: BlogEntry; newer: BlogNeighbour | null; older: BlogNeighbour | null } | null> {
  const inTypes = and(eq(blogEntries.published, true), inArray(blogEntries.idWebBlogType, [...types]))
  const [row] = await db
    .select()
    .from(blogEntries)
    .where(and(inTypes, eq(blogEntries.slug, slug)))
    .limit(1)
  if (!row) return null
  const neighbour = { slug: blogEntries.slug, title: blogEntries.title, dateShow: blogEntries.dateShow }
  const [[newer], [older]] = await Promise.all([
    db
      .select(neighbour)
      .from(blogEntries)
      .where(
        and(
          inTypes,
          or(gt(blogEntries.dateShow, row.dateShow), and(eq(blogEntries.dateShow, row.dateShow), lt(blogEntries.id, row.id))),
        ),
      )
      .orderBy(asc(blogEntries.dateShow), desc(blogEntries.id))
      .limit(1),
    db
      .select(neighbour)
      .from(blogEntries)
      .where(
        and(
          inTypes,
          or(lt(blogEntries.dateShow, row.dateShow), and(eq(blogEntries.dateShow, row.dateShow), gt(blogEntries.id, row.id))),
        ),
      )
      .orderBy(desc(blogEntries.dateShow), asc(blogEntries.id))
      .limit(1),
  ])
  const toNeighbour = (n: { slug: string; title: string; dateShow: Date } | undefined): BlogNeighbour | null =>
    n ? { slug: n.slug, title: n.title, date_show: new Date(n.dateShow).toISOString() } : null
  return { entry: toBlogEntry(row), newer: toNeighbour(newer), older: toNeighbour(older) }
}
