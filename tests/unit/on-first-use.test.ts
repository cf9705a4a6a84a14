import { describe, expect, it } from 'vitest'
import { onFirstUse } from '~/lib/on-first-use'

describe('onFirstUse', () => {
  it('builds nothing until asked, then once, and keeps even a falsy value', () => {
    let built = 0
    const value = onFirstUse(() => {
      built++
      return built > 1 ? 'again' : 0
    })
    expect(built).toBe(0)
    expect(value()).toBe(0)
    expect(value()).toBe(0)
    expect(built).toBe(1)
  })
})
