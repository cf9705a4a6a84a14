import { queryOptions } from '@tanstack/react-query'
import { fetchTravelMap } from '~/server/travel-map.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const travelMapQuery = () => queryOptions({ queryKey: ['travel-map'], queryFn: () => fetchTravelMap(), staleTime: CATALOGUE_STALE_MS })
