import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { isValidationFailure } from '~/lib/validation-failure'

describe('a server function’s failed input validation', () => {
  it('is recognised in the shape TanStack Start throws it', () => {
    const result = z.object({ id: z.string().check(z.maxLength(100)) }).safeParse({ id: 'x'.repeat(401) })
    expect(result.success).toBe(false)
    expect(isValidationFailure(new Error(JSON.stringify(result.error?.issues, undefined, 2)))).toBe(true)
  })
  it('is not mistaken for another failure', () => {
    expect(isValidationFailure(new Error('connection refused'))).toBe(false)
    expect(isValidationFailure(new Error('[]'))).toBe(false)
    expect(isValidationFailure(new Error('[1, 2]'))).toBe(false)
    expect(isValidationFailure('[{"message":"x","path":[]}]')).toBe(false)
  })
})
