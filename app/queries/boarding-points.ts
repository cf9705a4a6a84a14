import { queryOptions } from '@tanstack/react-query'
import { fetchBoardingPoints } from '~/server/boarding-points.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const boardingPointQueries = {
  search: (q: string | undefined) =>
    queryOptions({ queryKey: ['boarding-points', 'search', q ?? ''], queryFn: () => fetchBoardingPoints({ data: { q } }), staleTime: CATALOGUE_STALE_MS }),
}
