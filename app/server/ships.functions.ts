import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { parseId } from '~/lib/ids'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { findShip, listShips } from './services/ships.server'
import { pageOrNotFound } from './paged.server'


export const fetchShips = createServerFn({ method: 'GET' }).handler(async () => listShips(await getDb()))

/** A malformed id, an unknown ship or a page after the last is a 404. */
export const fetchShip = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.string().check(z.maxLength(100)), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const id = parseId(data.id)
    if (id === null) throw notFound()
    return pageOrNotFound(await findShip(await getDb(), id, { page: data.page, perPage: TRIPS_PER_PAGE }), data.page)
  })
