// The /blog/ list and /blog/detail/…/ entries.
//
// Decision: the blog shows ordinary posts (id_web_blog_type 1) and front-page posts (2); the
// advantages (29) are short start-page blocks, not articles, so they are neither listed nor
// reachable under /blog/detail/.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { BLOG_PAGE_TYPES, blogQuerySchema } from '~/lib/api'
import { blogSlugFromPath } from '~/lib/blog-path'
import { pageNumberSchema, paged } from '~/lib/paging'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { findBlogEntry, listBlogEntries } from './services/blog.server'
import { pageOrNotFound } from './paged.server'

const ENTRIES_PER_PAGE = 9

export const fetchBlogPage = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const query = blogQuerySchema.parse({
      'lit-sort[]': ['date_show DESC', 'date_add DESC'],
      $page: data.page,
      $limit: ENTRIES_PER_PAGE,
    })
    const result = await listBlogEntries(await getDb(), query, { types: BLOG_PAGE_TYPES })
    return pageOrNotFound({ entries: result.data, paging: paged(data.page, result.total, ENTRIES_PER_PAGE) }, data.page)
  })

/** `path` is the splat after /blog/detail/; its last segment is the slug. */
export const fetchBlogEntry = createServerFn({ method: 'GET' })
  .validator(z.object({ path: z.string().check(z.maxLength(1000)) }))
  .handler(async ({ data }) => {
    const slug = blogSlugFromPath(data.path)
    if (slug === null) throw notFound()
    const found = await findBlogEntry(await getDb(), slug, BLOG_PAGE_TYPES)
    if (!found) throw notFound()
    // Open Graph wants absolute addresses.
    return { ...found, origin: publicOrigin() }
  })
