import { queryOptions } from '@tanstack/react-query'
import { fetchTransferLookup } from '~/server/transfer.functions'

export const transferQueries = {
  lookup: (plz: string | undefined) =>
    queryOptions({ queryKey: ['transfer', plz ?? ''], queryFn: () => fetchTransferLookup({ data: { plz } }), staleTime: 5 * 60_000 }),
}
