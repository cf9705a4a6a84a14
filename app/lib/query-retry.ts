// When a failed query is tried again. Not found, redirects and other answers of the 4xx kind say
// the same the second time, so they are never retried (a retry would delay every 404 page by
// React Query's back-off); on the server nothing is retried, the page answers at once. In the
// browser one more try covers a dropped connection.
import { isNotFound, isRedirect } from '@tanstack/react-router'

const BROWSER_RETRIES = 1

function isClientError(error: unknown): boolean {
  if (isNotFound(error) || isRedirect(error)) return true
  if (typeof error !== 'object' || error === null) return false
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined
  return typeof status === 'number' && status >= 400 && status < 500
}

export function shouldRetryQuery(failureCount: number, error: unknown, onServer: boolean): boolean {
  if (onServer || isClientError(error)) return false
  return failureCount < BROWSER_RETRIES
}
