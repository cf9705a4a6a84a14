// The office's SEPA direct debits: the page of a period.
import { queryOptions } from '@tanstack/react-query'
import type { DebitPeriodSearch } from '~/lib/office/sepa-debits'
import { fetchOfficeDebits } from '~/server/office-debits.functions'

export const officeDebitsQuery = (search: DebitPeriodSearch) =>
  queryOptions({ queryKey: ['office', 'debits', search], queryFn: () => fetchOfficeDebits({ data: search }), staleTime: 0 })
