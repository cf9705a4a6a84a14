import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { listTestimonials } from './services/testimonials.server'

const PER_PAGE = 10

export const fetchTestimonials = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const page = await listTestimonials(await getDb(), { page: data.page, perPage: PER_PAGE })
    if (data.page > page.paging.pages) throw notFound()
    return page
  })
