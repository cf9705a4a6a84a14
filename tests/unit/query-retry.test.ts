import { notFound, redirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { shouldRetryQuery } from '~/lib/query-retry'

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
