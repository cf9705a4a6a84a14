// Reiseimpressionen and the /gallery/ of trip photos.
import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { findImpression, listGalleryImages, listImpressions } from './services/impressions.server'
import { pageOrNotFound } from './paged.server'

const GALLERIES_PER_PAGE = 12
const IMAGES_PER_PAGE = 24
const pageInput = z.object({ page: pageNumberSchema })
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,198}[a-z0-9])?$/

export const fetchImpressions = createServerFn({ method: 'GET' })
  .validator(pageInput)
  .handler(async ({ data }) => {
    return pageOrNotFound(await listImpressions(await getDb(), { page: data.page, perPage: GALLERIES_PER_PAGE }), data.page)
  })

/** `/reiseimpressionen/{data}/`: {data} is the gallery's slug. */
export const fetchImpression = createServerFn({ method: 'GET' })
  .validator(z.object({ slug: z.string().check(z.maxLength(400)) }))
  .handler(async ({ data }) => {
    if (!SLUG.test(data.slug)) throw notFound()
    const impression = await findImpression(await getDb(), data.slug)
    if (!impression) throw notFound()
    return impression
  })

export const fetchGallery = createServerFn({ method: 'GET' })
  .validator(pageInput)
  .handler(async ({ data }) => {
    return pageOrNotFound(await listGalleryImages(await getDb(), { page: data.page, perPage: IMAGES_PER_PAGE }), data.page)
  })
