import { queryOptions } from '@tanstack/react-query'
import { fetchTravelMap } from '~/server/travel-map.functions'

export const travelMapQuery = () => queryOptions({ queryKey: ['travel-map'], queryFn: () => fetchTravelMap(), staleTime: 5 * 60_000 })
