import { queryOptions } from '@tanstack/react-query'
import { fetchSystemStatus } from '~/server/status.functions'

export const systemStatusQuery = () =>
  queryOptions({ queryKey: ['system-status'], queryFn: () => fetchSystemStatus(), staleTime: 0 })
