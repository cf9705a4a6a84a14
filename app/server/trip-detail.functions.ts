import { notFound } from '@tanstack/react-router'
import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { parseTripParam } from '~/lib/trip-detail'
import { tripIdSchema } from '~/lib/wishlist'
import { todayInBerlin } from '~/lib/calendar'
import { keptPerVersion } from './content-version.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { loadTripDetail, resolveTripRef } from './services/trip-detail.server'

/** Kept per content version and day (a trip shows its upcoming dates). */
const tripDetail = keptPerVersion(loadTripDetail, (id: number) => `${id} ${todayInBerlin()}`)

/** A published trip with its upcoming dates, and the origin its canonical URL uses; else 404. */
export const fetchTripDetail = createServerFn({ method: 'GET' })
  .validator(z.object({ id: tripIdSchema }))
  .handler(async ({ data }) => {
    const trip = await tripDetail(await getDb(), data.id)
    if (!trip) throw notFound()
    return { trip, origin: publicOrigin() }
  })

/** The id behind another spelling of a trip URL ('12-gardasee', 'gardasee'), for the redirect; else 404. */
export const resolveTripParam = createServerFn({ method: 'GET' })
  .validator(z.object({ param: z.string().check(z.maxLength(300)) }))
  .handler(async ({ data }) => {
    const ref = parseTripParam(data.param)
    if (!ref) throw notFound()
    const id = await resolveTripRef(await getDb(), ref)
    if (id === null) throw notFound()
    return { id }
  })
