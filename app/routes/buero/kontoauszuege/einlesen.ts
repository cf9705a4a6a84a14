import { createFileRoute } from '@tanstack/react-router'
import { sameOriginPost } from '~/server/http/same-origin'
import { statementUploadResponse, uploadMethodNotAllowed } from '~/server/office/statement-upload.server'

/**
 * The upload of a CAMT.053 bank statement (staff only; the page is /buero/kontoauszuege/). It marks
 * bookings paid, so it checks the same origin itself too, not only through app/start.ts.
 */
export const Route = createFileRoute('/buero/kontoauszuege/einlesen')({
  server: { middleware: [sameOriginPost], handlers: { POST: ({ request }) => statementUploadResponse(request), GET: () => uploadMethodNotAllowed() } },
})
