import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { BOARDING_QUERY_MAX } from '~/lib/boarding-points'
import { getDb } from './runtime.server'
import { searchBoardingPoints } from './services/boarding-points.server'

/** Zustiegsstellen with the ids that fit `?q=` (zip prefix and/or place). */
export const fetchBoardingPoints = createServerFn({ method: 'GET' })
  .validator(z.object({ q: z.string().max(BOARDING_QUERY_MAX).optional() }))
  .handler(async ({ data }) => searchBoardingPoints(await getDb(), data.q))
