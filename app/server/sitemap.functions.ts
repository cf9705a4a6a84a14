import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { keptPerVersion } from './content-version.server'
import { getDb } from './runtime.server'
import { loadHtmlSitemap } from './services/sitemap.server'

/** Kept per content version, per page. */
const htmlSitemap = keptPerVersion(loadHtmlSitemap, String)

/** The HTML sitemap with one page of trips; a page beyond the end is a 404. */
export const fetchHtmlSitemap = createServerFn({ method: 'GET' })
  .validator(z.object({ page: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)) }))
  .handler(async ({ data }) => {
    const sitemap = await htmlSitemap(await getDb(), data.page)
    if (!sitemap) throw notFound()
    return sitemap
  })
