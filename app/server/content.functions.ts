import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from './runtime.server'
import { findContentPage } from './services/content.server'

export const contentSlugSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/)

/** Spec 2 `{params}` catch-all: a content page by slug, otherwise 404. */
export const fetchContentPage = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().max(400) }))
  .handler(async ({ data }) => {
    const slug = contentSlugSchema.safeParse(data.slug.replace(/^\/+|\/+$/g, ''))
    if (!slug.success) throw notFound()
    const page = await findContentPage(await getDb(), slug.data)
    if (!page) throw notFound()
    return page
  })
