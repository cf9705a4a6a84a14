import { notFound, redirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { shouldRetryQuery } from '~/lib/query-retry'
import { createQueryClient } from '~/queries/query-client'

describe('retrying a failed query', () => {
  it('never retries a not-found, a redirect or another 4xx answer', () => {
    expect(shouldRetryQuery(0, notFound(), false)).toBe(false)
    expect(shouldRetryQuery(0, redirect({ to: '/' }), false)).toBe(false)
    expect(shouldRetryQuery(0, Object.assign(new Error('x'), { status: 404 }), false)).toBe(false)
    expect(shouldRetryQuery(0, { statusCode: 429 }, false)).toBe(false)
  })

  it('retries another failure once in the browser and never on the server', () => {
    const network = new TypeError('Failed to fetch')
    expect(shouldRetryQuery(0, network, false)).toBe(true)
    expect(shouldRetryQuery(1, network, false)).toBe(false)
    expect(shouldRetryQuery(0, network, true)).toBe(false)
    expect(shouldRetryQuery(0, Object.assign(new Error('x'), { status: 503 }), false)).toBe(true)
  })
})

// The rule in the QueryClient the router makes: a not-found page answers at once instead of after
// React Query's back-off (issue 10, point 6).
describe('the QueryClient of the router', () => {
  const retryOf = (onServer: boolean) => {
    const retry = createQueryClient(onServer).getDefaultOptions().queries?.retry
    if (typeof retry !== 'function') throw new Error('retry is not the rule')
    return retry
  }

  it('never retries on the server, not even a failure another try might mend', () => {
    expect(retryOf(true)(0, notFound() as unknown as Error)).toBe(false)
    expect(retryOf(true)(0, new TypeError('fetch failed'))).toBe(false)
  })

  it('in the browser retries a dropped connection once, a not-found never', () => {
    expect(retryOf(false)(0, notFound() as unknown as Error)).toBe(false)
    expect(retryOf(false)(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryOf(false)(1, new TypeError('Failed to fetch'))).toBe(false)
  })
})
