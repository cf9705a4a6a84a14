import { QueryClient } from '@tanstack/react-query'
import { shouldRetryQuery } from '~/lib/query-retry'

/** The QueryClient of one request on the server, or of one tab in the browser. */
export function createQueryClient(onServer: boolean): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: (failureCount, error) => shouldRetryQuery(failureCount, error, onServer) } },
  })
}
