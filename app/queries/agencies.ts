import { queryOptions } from '@tanstack/react-query'
import { fetchAgencies } from '~/server/agencies.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const agencyQueries = {
  list: (plz: string, page: number) =>
    queryOptions({ queryKey: ['agencies', 'list', plz, page], queryFn: () => fetchAgencies({ data: { plz, page } }), staleTime: CATALOGUE_STALE_MS }),
}
