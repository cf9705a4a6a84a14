import { createFileRoute } from '@tanstack/react-router'
import { departureListResponse } from '~/server/office/departure-export.server'

/** `/buero/termine/{id}/{liste}.pdf` or `.csv`: one list of a departure as a file (staff only; anything else a 404). */
export const Route = createFileRoute('/buero/termine/$id/$datei')({
  server: { handlers: { GET: ({ params }) => departureListResponse(params) } },
})
