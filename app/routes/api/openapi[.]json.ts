import { createFileRoute } from '@tanstack/react-router'
import { cachedLoader } from '~/server/cache.server'
import { config } from '~/server/config.server'
import { openApiDocument } from '~/server/http/openapi.server'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { bookingApi, methodNotAllowed } from '~/server/services/booking/api.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/**
 * The OpenAPI 3.1 document of the JSON API, made from the current data (free seats, prices) and
 * kept as JSON text until the content version changes (every cache is emptied then) or, as its
 * examples name seats that were free when it was made, for a minute at most: building it reads
 * the database many times, serving it reads nothing.
 */
const openApiJson = cachedLoader(async () => {
  const document = await openApiDocument(await getDb(), {
    origin: publicOrigin(),
    settings: await bookingSettings(),
    cacheClearTokenRequired: Boolean(config().CACHE_CLEAR_TOKEN),
  })
  return JSON.stringify(document)
}, 60_000)

export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: {
      GET: () =>
        bookingApi('openapi', async () => new Response(await openApiJson(), { status: 200, headers: { 'Content-Type': 'application/json' } })),
      ANY: methodNotAllowed(['GET', 'HEAD']),
    },
  },
})
