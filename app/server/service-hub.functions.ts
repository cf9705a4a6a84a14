// The service pages' texts: the service entries and the optional intro pages from content_pages.
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from './runtime.server'
import { findContentPage, listContentPages } from './services/content.server'

/** The content pages whose text introduces a service page; each page also works without one. */
export const SERVICE_PAGE_TEXTS = ['haustuertransfer', 'zustiegsstellen', 'reisebueros', 'newsletter', 'service'] as const

/** Service entries (content pages of kind 'service-entry'), linked from /service/ by slug. */
export const fetchServiceEntries = createServerFn({ method: 'GET' }).handler(async () => listContentPages(await getDb(), 'service-entry'))

/** The (sanitised) content page of that slug, or null when the operator has not written one. */
export const fetchServicePageText = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.enum(SERVICE_PAGE_TEXTS) }))
  .handler(async ({ data }) => findContentPage(await getDb(), data.slug))
