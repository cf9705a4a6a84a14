import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { apiRoute } from '~/server/http/api.server'
import { askCacheClear } from '~/server/http/cache-clear.server'
import { jsonError } from '~/server/http/query'

export const Route = createFileRoute('/api/cache-clear')({
  server: {
    handlers: {
      GET: apiRoute('cache-clear', async ({ request }) => {
        const result = askCacheClear(request, request.headers.get('x-cache-token') ?? new URL(request.url).searchParams.get('token'))
        if (result.cleared) return Response.json({ cleared: true }, { headers: { 'Cache-Control': 'no-store' } })
        if (result.reason === 'token') return jsonError(403, 'Zugriff verweigert.')
        const message =
          result.reason === 'limited'
            ? result.message
            : `Der Cache wurde gerade geleert. Bitte warten Sie ${result.retryAfterSeconds} Sekunden.`
        return jsonError(429, message, { 'Retry-After': String(result.retryAfterSeconds) })
      }),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
