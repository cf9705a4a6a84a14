import { queryOptions } from '@tanstack/react-query'
import { fetchTransferLookup } from '~/server/transfer.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const transferQueries = {
  lookup: (plz: string | undefined) =>
    queryOptions({ queryKey: ['transfer', 'lookup', plz ?? ''], queryFn: () => fetchTransferLookup({ data: { plz } }), staleTime: CATALOGUE_STALE_MS }),
}
