import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { PUBLIC_SHORT_CACHE, apiRoute } from '~/server/http/api.server'
import { getInitData } from '~/server/services/catalogue.server'

export const Route = createFileRoute('/api/init-data')({
  server: {
    handlers: {
      GET: apiRoute('init-data', async () => Response.json(await getInitData(), { headers: PUBLIC_SHORT_CACHE })),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
