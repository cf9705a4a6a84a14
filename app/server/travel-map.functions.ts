import { createServerFn } from '@tanstack/react-start'
import { getDb } from './runtime.server'
import { loadTravelMap } from './services/travel-map.server'

/** Countries with their trip counts and regions, for the Reisekarte. */
export const fetchTravelMap = createServerFn({ method: 'GET' }).handler(async () => loadTravelMap(await getDb()))
