import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { listTestimonials } from './services/testimonials.server'
import { pageOrNotFound } from './paged.server'

const PER_PAGE = 10

export const fetchTestimonials = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    return pageOrNotFound(await listTestimonials(await getDb(), { page: data.page, perPage: PER_PAGE }), data.page)
  })
