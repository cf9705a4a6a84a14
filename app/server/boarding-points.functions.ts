import { createServerFn } from '@tanstack/react-start'
import * as z from 'zod/mini'
import { BOARDING_QUERY_MAX } from '~/lib/boarding-points'
import { getDb } from './runtime.server'
import { searchBoardingPoints } from './services/boarding-points.server'

/** Zustiegsstellen with the ids that fit `?q=` (zip prefix and/or place). */
export const fetchBoardingPoints = createServerFn({ method: 'GET' })
  .validator(z.object({ q: z.optional(z.string().check(z.maxLength(BOARDING_QUERY_MAX))) }))
  .handler(async ({ data }) => searchBoardingPoints(await getDb(), data.q))
