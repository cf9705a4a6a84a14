// Request and function middleware in one visible place.
import { notFound } from '@tanstack/react-router'
import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { isValidationFailure } from './lib/validation-failure'

// Server functions are same-origin RPC: a request that cannot be proven same-origin
// (Sec-Fetch-Site, Origin or Referer) is refused with 403 before any handler runs.
const csrf = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn',
  failureResponse: () =>
    Response.json({ error: 'Anfrage abgelehnt: Sie kam nicht von dieser Website.' }, { status: 403 }),
})

// Input a server function's schema refuses (a 401-character slug, an id of 101 digits) names
// nothing that exists: the page answers 404 instead of 500 with the issues in its state.
const refusedInputIsNotFound = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (isValidationFailure(error)) throw notFound()
    throw error
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf],
  functionMiddleware: [refusedInputIsNotFound],
}))
