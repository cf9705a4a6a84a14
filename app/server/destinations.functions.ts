import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { todayInBerlin } from '~/lib/calendar'
import { parseDestinationPath } from '~/lib/destinations'
import type { DestinationPath } from '~/lib/destinations'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { keptPerVersion } from './content-version.server'
import type { Database } from './db/database.server'
import { getDb } from './runtime.server'
import { findDestination, listDestinations } from './services/destinations.server'
import { pageOrNotFound } from './paged.server'

/** Kept per content version; a destination's page per day too (its trips show upcoming dates). */
const destinations = keptPerVersion(listDestinations, () => 'all', 1)
const destinationPage = keptPerVersion(
  (db: Database, path: DestinationPath, page: number, today: string) => findDestination(db, path, { page, perPage: TRIPS_PER_PAGE, today }),
  (path: DestinationPath, page: number, today: string) => `${JSON.stringify(path)} ${page} ${today}`,
)

export const fetchDestinations = createServerFn({ method: 'GET' }).handler(async () => destinations(await getDb()))

/** `path` is the splat after /reiselaender/ ('italien/gardasee/'); anything unknown is a 404. */
export const fetchDestination = createServerFn({ method: 'GET' })
  .validator(z.object({ path: z.string().check(z.maxLength(1000)), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const path = parseDestinationPath(data.path)
    if (path === null) throw notFound()
    return pageOrNotFound(await destinationPage(await getDb(), path, data.page, todayInBerlin()), data.page)
  })
