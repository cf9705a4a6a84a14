import { createServerFn } from '@tanstack/react-start'
import { keptPerVersion } from './content-version.server'
import { getDb } from './runtime.server'
import { loadTravelMap } from './services/travel-map.server'

/** Kept per content version. */
const travelMap = keptPerVersion(loadTravelMap, () => 'all', 1)

/** Countries with their trip counts and regions, for the Reisekarte. */
export const fetchTravelMap = createServerFn({ method: 'GET' }).handler(async () => travelMap(await getDb()))
