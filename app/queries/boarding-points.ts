import { queryOptions } from '@tanstack/react-query'
import { fetchBoardingPoints } from '~/server/boarding-points.functions'

export const boardingPointQueries = {
  search: (q: string | undefined) =>
    queryOptions({ queryKey: ['boarding-points', q ?? ''], queryFn: () => fetchBoardingPoints({ data: { q } }), staleTime: 5 * 60_000 }),
}
