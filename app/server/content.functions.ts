import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { keptPerVersion } from './content-version.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { groupFaq } from '~/lib/faq'
import { parseId } from '~/lib/ids'
import type { ContentPageKind } from './db/schema'
import { findContentPage, findContentPageById, listContentPages } from './services/content.server'
import { listFaqEntries } from './services/faq.server'

// Kept per content version (content pages and FAQ entries raise it): a page rendered for a new
// address asks the database nothing and sanitises no body again.
const contentPage = keptPerVersion(findContentPage, (slug: string, kind: ContentPageKind = 'page') => `${kind} ${slug}`)
const contentPageById = keptPerVersion(findContentPageById, (id: number, kind: ContentPageKind) => `${kind} ${id}`)
const contentLinks = keptPerVersion(listContentPages, (kind: ContentPageKind) => kind)
const faqEntries = keptPerVersion(listFaqEntries, () => 'all', 1)

export const contentSlugSchema = z
  .string()
  .check(z.maxLength(200), z.regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/))

/** Spec 2 `{params}` catch-all: a content page by slug, otherwise 404. */
export const fetchContentPage = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().check(z.maxLength(400)) }))
  .handler(async ({ data }) => {
    const slug = contentSlugSchema.safeParse(data.slug.replace(/^\/+|\/+$/g, ''))
    if (!slug.success) throw notFound()
    const page = await contentPage(await getDb(), slug.data)
    if (!page) throw notFound()
    return page
  })

// ---------------------------------------------------------------------------------------------
// Articles, service entries, FAQ and the editable texts of pages with fixed blocks
// ---------------------------------------------------------------------------------------------

const LINK_KINDS = ['article', 'service-entry'] as const

/** `/article/{article}/`: an article by slug. */
export const fetchArticle = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().check(z.maxLength(400)) }))
  .handler(async ({ data }) => {
    const slug = contentSlugSchema.safeParse(data.slug)
    if (!slug.success || slug.data.includes('/')) throw notFound()
    const page = await contentPage(await getDb(), slug.data, 'article')
    if (!page) throw notFound()
    return page
  })

/**
 * `/service-entry/{id}/`: decision: {id} is the entry's slug (the address the site links to) or
 * its numeric id (the upstream's links), so both kinds of old link keep working.
 */
export const fetchServiceEntry = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.string().check(z.maxLength(400)) }))
  .handler(async ({ data }) => {
    const db = await getDb()
    const numeric = parseId(data.id)
    const slug = contentSlugSchema.safeParse(data.id)
    const page =
      numeric !== null
        ? await contentPageById(db, numeric, 'service-entry')
        : slug.success && !slug.data.includes('/')
          ? await contentPage(db, slug.data, 'service-entry')
          : null
    if (!page) throw notFound()
    // Reached by id or by slug: the canonical link names the slug address, absolute.
    return { ...page, canonical: `${publicOrigin()}/service-entry/${page.slug}/` }
  })

/** Titles of the articles or service entries, for the link lists on /blog/ and /faq/. */
export const fetchContentLinks = createServerFn({ method: 'GET' })
  .validator(z.object({ kind: z.enum(LINK_KINDS) }))
  .handler(async ({ data }) => contentLinks(await getDb(), data.kind))

/**
 * The pages with fixed blocks whose editable text (intro) comes from content_pages; each page
 * also works without one. Only these slugs, so the endpoint cannot be used to read any page.
 */
export const FIXED_PAGES = [
  'bonusprogramm',
  'ueber-uns',
  'faq',
  'haustuertransfer',
  'zustiegsstellen',
  'reisebueros',
  'newsletter',
  'service',
] as const
export type FixedPageSlug = (typeof FIXED_PAGES)[number]

/** The editable text of a page that also has fixed blocks; null when the operator has not written it (the page still shows). */
export const fetchFixedPageText = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.enum(FIXED_PAGES) }))
  .handler(async ({ data }) => contentPage(await getDb(), data.slug, 'page'))

export const fetchFaq = createServerFn({ method: 'GET' }).handler(async () => groupFaq(await faqEntries(await getDb())))
