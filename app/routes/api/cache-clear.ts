import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { requestCacheClear } from '~/server/cache.server'
import { config } from '~/server/config.server'
import { apiRoute } from '~/server/http/api.server'
import { jsonError } from '~/server/http/query'

export const Route = createFileRoute('/api/cache-clear')({
  server: {
    handlers: {
      GET: apiRoute('cache-clear', async ({ request }) => {
        const token = request.headers.get('x-cache-token') ?? new URL(request.url).searchParams.get('token')
        const result = requestCacheClear(token, config().CACHE_CLEAR_TOKEN)
        if (result.cleared) return Response.json({ cleared: true }, { headers: { 'Cache-Control': 'no-store' } })
        if (result.reason === 'token') return jsonError(403, 'Zugriff verweigert.')
        return jsonError(429, `Der Cache wurde gerade geleert. Bitte warten Sie ${result.retryAfterSeconds} Sekunden.`, {
          'Retry-After': String(result.retryAfterSeconds),
        })
      }),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
