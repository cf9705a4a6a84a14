// "Flugreisen genussvoll reisen": the flight trips as cards (soonest departure first), the operator's
// advantages and where to find all flight trips.
import { asc, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { blogEntrySchema } from '~/lib/api'
import { pagedSchema } from '~/lib/paging'
import { tripCardSchema } from '~/lib/trip-card'
import type { Database } from '../db/database.server'
import { categories } from '../db/schema'
import { loadAdvantages } from './start-page.server'
import { pageTrips } from './trip-pages.server'
import { flightTripCondition } from './travel-calendar.server'

export const FLIGHT_LANDING_TRIPS = 12

export const flightLandingSchema = z.object({
  trips: z.array(tripCardSchema),
  paging: pagedSchema,
  advantages: z.array(blogEntrySchema),
  /** The flight category's overview, for "all flight trips". */
  category: z.nullable(z.object({ slug: z.string(), name: z.string() })),
})
export type FlightLanding = z.infer<typeof flightLandingSchema>

export async function loadFlightLanding(db: Database, today?: string): Promise<FlightLanding> {
  const [page, advantages, [category]] = await Promise.all([
    pageTrips(db, flightTripCondition(), { page: 1, perPage: FLIGHT_LANDING_TRIPS, today }),
    loadAdvantages(db),
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.kind, 'flug'))
      .orderBy(asc(categories.sort), asc(categories.id))
      .limit(1),
  ])
  return { trips: page.trips, paging: page.paging, advantages, category: category ?? null }
}
