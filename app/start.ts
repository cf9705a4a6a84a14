// Request and function middleware in one visible place.
import { createCsrfMiddleware, createStart } from '@tanstack/react-start'

// Server functions are same-origin RPC: a request that cannot be proven same-origin
// (Sec-Fetch-Site, Origin or Referer) is refused with 403 before any handler runs.
const csrf = createCsrfMiddleware({
  filter: (ctx) => ctx.handlerType === 'serverFn',
  failureResponse: () =>
    Response.json({ error: 'Anfrage abgelehnt: Sie kam nicht von dieser Website.' }, { status: 403 }),
})

export const startInstance = createStart(() => ({
  requestMiddleware: [csrf],
}))
