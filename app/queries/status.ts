import { queryOptions } from '@tanstack/react-query'
import { fetchSystemStatus } from '~/server/status.functions'

export const systemStatusQuery = () =>
  queryOptions({ queryKey: ['status'], queryFn: () => fetchSystemStatus(), staleTime: 0 })
