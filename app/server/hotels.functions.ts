import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { parseId } from '~/lib/ids'
import { TRIPS_PER_PAGE, pageNumberSchema } from '~/lib/paging'
import { getDb } from './runtime.server'
import { findHotel, listHotels } from './services/hotels.server'

const HOTELS_PER_PAGE = 24

export const fetchHotels = createServerFn({ method: 'GET' })
  .validator(z.object({ page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const list = await listHotels(await getDb(), { page: data.page, perPage: HOTELS_PER_PAGE })
    if (data.page > list.paging.pages) throw notFound()
    return list
  })

/** A malformed id, an unknown hotel or a page after the last is a 404. */
export const fetchHotel = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.string().max(100), page: pageNumberSchema }))
  .handler(async ({ data }) => {
    const id = parseId(data.id)
    if (id === null) throw notFound()
    const hotel = await findHotel(await getDb(), id, { page: data.page, perPage: TRIPS_PER_PAGE })
    if (!hotel || data.page > hotel.paging.pages) throw notFound()
    return hotel
  })
