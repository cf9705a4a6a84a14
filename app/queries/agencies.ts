import { queryOptions } from '@tanstack/react-query'
import { fetchAgencies } from '~/server/agencies.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const agencyQueries = {
  list: (zipPrefix: string, page: number) =>
    queryOptions({ queryKey: ['agencies', 'list', zipPrefix, page], queryFn: () => fetchAgencies({ data: { zipPrefix, page } }), staleTime: CATALOGUE_STALE_MS }),
}
