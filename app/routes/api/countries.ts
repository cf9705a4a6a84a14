import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { PUBLIC_SHORT_CACHE, apiRoute } from '~/server/http/api.server'
import { getCountries } from '~/server/services/catalogue.server'

export const Route = createFileRoute('/api/countries')({
  server: {
    handlers: {
      GET: apiRoute('countries', async () => Response.json(await getCountries(), { headers: PUBLIC_SHORT_CACHE })),
      ANY: methodNotAllowed(['GET']),
    },
  },
})
