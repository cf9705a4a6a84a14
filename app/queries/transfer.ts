import { queryOptions } from '@tanstack/react-query'
import { fetchTransferLookup } from '~/server/transfer.functions'
import { CATALOGUE_STALE_MS } from './stale-time'

export const transferQueries = {
  lookup: (zip: string | undefined) =>
    queryOptions({ queryKey: ['transfer', 'lookup', zip ?? ''], queryFn: () => fetchTransferLookup({ data: { zip } }), staleTime: CATALOGUE_STALE_MS }),
}
