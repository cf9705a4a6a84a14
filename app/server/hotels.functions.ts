import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { parseId } from '~/lib/ids'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { findHotel, listHotels } from './services/hotels.server'
import { pageOrNotFound } from './paged.server'

const HOTELS_PER_PAGE = 24

export const fetchHotels = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    return pageOrNotFound(await listHotels(await getDb(), { page: data.page, perPage: HOTELS_PER_PAGE }), data.page)
  })

/** A malformed id, an unknown hotel or a page after the last is a 404. */
export const fetchHotel = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.string().check(z.maxLength(100)), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const id = parseId(data.id)
    if (id === null) throw notFound()
    return pageOrNotFound(await findHotel(await getDb(), id, { page: data.page, perPage: TRIPS_PER_PAGE }), data.page)
  })
