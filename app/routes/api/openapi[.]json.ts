import { createFileRoute } from '@tanstack/react-router'
import { config } from '~/server/config.server'
import { openApiDocument } from '~/server/http/openapi.server'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { bookingApi, json, methodNotAllowed } from '~/server/services/booking/api.server'
import { bookingSettings } from '~/server/services/booking/runtime.server'

/**
 * The OpenAPI 3.1 document of the JSON API. Its examples are made from the current data (free
 * seats, prices) at every request, so it is never stored.
 */
export const Route = createFileRoute('/api/openapi.json')({
  server: {
    handlers: {
      GET: () =>
        bookingApi('openapi', async () => {
          const origin = publicOrigin()
          const document = await openApiDocument(await getDb(), {
            origin,
            settings: await bookingSettings(),
            cacheClearTokenRequired: Boolean(config().CACHE_CLEAR_TOKEN),
          })
          return json(200, document)
        }),
      ANY: methodNotAllowed(['GET', 'HEAD']),
    },
  },
})
