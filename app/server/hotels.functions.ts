import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { todayInBerlin } from '~/lib/calendar'
import { parseId } from '~/lib/ids'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { keptPerVersion } from './content-version.server'
import type { Database } from './db/database.server'
import { getDb } from './runtime.server'
import { findHotel, listHotels } from './services/hotels.server'
import { pageOrNotFound } from './paged.server'

const HOTELS_PER_PAGE = 24

/** Kept per content version; a hotel's page per day too (its trips show upcoming dates). */
const hotelList = keptPerVersion((db: Database, page: number) => listHotels(db, { page, perPage: HOTELS_PER_PAGE }), String)
const hotelPage = keptPerVersion(
  (db: Database, id: number, page: number, today: string) => findHotel(db, id, { page, perPage: TRIPS_PER_PAGE, today }),
  (id: number, page: number, today: string) => `${id} ${page} ${today}`,
)

export const fetchHotels = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    return pageOrNotFound(await hotelList(await getDb(), data.page), data.page)
  })

/** A malformed id, an unknown hotel or a page after the last is a 404. */
export const fetchHotel = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.string().check(z.maxLength(100)), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const id = parseId(data.id)
    if (id === null) throw notFound()
    return pageOrNotFound(await hotelPage(await getDb(), id, data.page, todayInBerlin()), data.page)
  })
