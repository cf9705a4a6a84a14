// The office's bank statements: the overview (credits to assign, statements read last) and one statement.
import { queryOptions } from '@tanstack/react-query'
import { fetchBankOverview, fetchBankStatement } from '~/server/office-bank.functions'

export const bankOverviewQuery = () => queryOptions({ queryKey: ['office', 'bank'], queryFn: () => fetchBankOverview(), staleTime: 0 })

export const bankStatementQuery = (id: number) =>
  queryOptions({ queryKey: ['office', 'bank', id], queryFn: () => fetchBankStatement({ data: { id } }), staleTime: 0 })
