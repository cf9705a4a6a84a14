import { queryOptions } from '@tanstack/react-query'
import { fetchAgencies } from '~/server/agencies.functions'

export const agencyQueries = {
  list: (plz: string, page: number) =>
    queryOptions({ queryKey: ['agencies', plz, page], queryFn: () => fetchAgencies({ data: { plz, page } }), staleTime: 5 * 60_000 }),
}
