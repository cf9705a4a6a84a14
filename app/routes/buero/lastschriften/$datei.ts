import { createFileRoute } from '@tanstack/react-router'
import { debitFileResponse } from '~/server/office/sepa-debits-file.server'

/** `/buero/lastschriften/{msgid}.xml`: a pain.008 file as it was made (staff only; anything else a 404). */
export const Route = createFileRoute('/buero/lastschriften/$datei')({
  server: { handlers: { GET: ({ params }) => debitFileResponse(params) } },
})
