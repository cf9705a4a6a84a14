// The fence around TanStack Start's validation error (issue 28, item 1): the framework's own
// validator step, not a copy of its error shape, must produce what isValidationFailure knows.
import { execValidator } from '@tanstack/start-client-core'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { isValidationFailure } from '~/lib/validation-failure'

describe('a server function’s failed input validation', () => {
  it('is recognised in the shape TanStack Start throws it', () => {
    const result = z.object({ id: z.string().check(z.maxLength(100)) }).safeParse({ id: 'x'.repeat(401) })
    expect(result.success).toBe(false)
    expect(isValidationFailure(new Error(JSON.stringify(result.error?.issues, undefined, 2)))).toBe(true)
  })
  it('is what the framework’s validator step throws today (fails the day Start reports it otherwise)', async () => {
    const schema = z.object({ id: z.string().check(z.maxLength(100)) })
    const thrown: unknown = await execValidator(schema, { id: 'x'.repeat(401) }).then(
      () => null,
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Error)
    expect(isValidationFailure(thrown)).toBe(true)
    await expect(execValidator(schema, { id: 'ok' })).resolves.toEqual({ id: 'ok' })
  })
  it('is not mistaken for another failure', () => {
    expect(isValidationFailure(new Error('connection refused'))).toBe(false)
    expect(isValidationFailure(new Error('[]'))).toBe(false)
    expect(isValidationFailure(new Error('[1, 2]'))).toBe(false)
    expect(isValidationFailure('[{"message":"x","path":[]}]')).toBe(false)
  })
})
