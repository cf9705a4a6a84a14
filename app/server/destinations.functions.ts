import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { parseDestinationPath } from '~/lib/destinations'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { findDestination, listDestinations } from './services/destinations.server'
import { pageOrNotFound } from './paged.server'


export const fetchDestinations = createServerFn({ method: 'GET' }).handler(async () => listDestinations(await getDb()))

/** `path` is the splat after /reiselaender/ ('italien/gardasee/'); anything unknown is a 404. */
export const fetchDestination = createServerFn({ method: 'GET' })
  .validator(z.object({ path: z.string().check(z.maxLength(1000)), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const path = parseDestinationPath(data.path)
    if (path === null) throw notFound()
    return pageOrNotFound(await findDestination(await getDb(), path, { page: data.page, perPage: TRIPS_PER_PAGE }), data.page)
  })
