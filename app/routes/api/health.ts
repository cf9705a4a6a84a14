import { createFileRoute } from '@tanstack/react-router'
import { methodNotAllowed } from '~/server/services/booking/api.server'
import { sql } from 'drizzle-orm'
import { errorFields, log } from '~/server/log.server'
import { getDb } from '~/server/runtime.server'

/** For load balancers: 200 when the database answers, 503 otherwise. */
export const Route = createFileRoute('/api/health')({
  server: {
    handlers: {
      GET: async () => {
        try {
          await (await getDb()).execute(sql`select 1`)
          return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
        } catch (error) {
          log('error', 'health check failed', errorFields(error))
          return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
        }
      },
      ANY: methodNotAllowed(['GET']),
    },
  },
})
