import { queryOptions } from '@tanstack/react-query'
import { fetchDestination, fetchDestinations } from '~/server/destinations.functions'

export const destinationQueries = {
  overview: () => queryOptions({ queryKey: ['destinations', 'overview'], queryFn: () => fetchDestinations() }),
  detail: (path: string, page: number) =>
    queryOptions({ queryKey: ['destinations', 'detail', path, page], queryFn: () => fetchDestination({ data: { path, page } }) }),
}
