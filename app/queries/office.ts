// The office's queries: who is signed in. Always asked again (a session ends on the server).
import { queryOptions } from '@tanstack/react-query'
import { fetchOfficeSession } from '~/server/office.functions'

export const officeSessionQuery = () =>
  queryOptions({ queryKey: ['office', 'session'], queryFn: () => fetchOfficeSession(), staleTime: 0, gcTime: 0 })
