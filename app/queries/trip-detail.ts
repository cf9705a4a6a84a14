// Query factories of a trip's page: the trip with its dates, and the id behind another spelling of its URL.
import { queryOptions } from '@tanstack/react-query'
import { fetchTripDetail, resolveTripParam } from '~/server/trip-detail.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const tripQueries = {
  detail: (id: number) => queryOptions({ queryKey: ['trip', 'detail', id], queryFn: () => fetchTripDetail({ data: { id } }) }),
  param: (param: string) =>
    queryOptions({
      queryKey: ['trip', 'param', param],
      queryFn: () => resolveTripParam({ data: { param } }),
      staleTime: CATALOGUE_STALE_MS,
    }),
}
