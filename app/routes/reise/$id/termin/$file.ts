import { createFileRoute } from '@tanstack/react-router'
import { parseId } from '~/lib/ids'
import { parseIcsFileParam } from '~/lib/trip-detail'
import { publicOrigin } from '~/server/origin.server'
import { getDb } from '~/server/runtime.server'
import { tripDateIcs } from '~/server/services/trip-detail.server'
import { siteInfo } from '~/server/site.server'

const notFoundResponse = () =>
  new Response('Diesen Reisetermin gibt es nicht (mehr).', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/** `/reise/{id}/termin/{dateId}.ics`: one trip date as an iCalendar file (RFC 5545) to save in a calendar. */
export const Route = createFileRoute('/reise/$id/termin/$file')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const tripId = parseId(params.id)
        const dateId = parseIcsFileParam(params.file)
        if (tripId === null || dateId === null) return notFoundResponse()
        const ics = await tripDateIcs(await getDb(), tripId, dateId, { origin: publicOrigin(), siteName: siteInfo().name })
        if (!ics) return notFoundResponse()
        return new Response(ics.body, {
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': `attachment; filename="${ics.fileName}"`,
            // The status of a date changes; calendars and browsers should ask again.
            'Cache-Control': 'no-cache',
          },
        })
      },
    },
  },
})
