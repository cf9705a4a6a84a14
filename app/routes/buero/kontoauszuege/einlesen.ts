import { createFileRoute } from '@tanstack/react-router'
import { statementUploadResponse, uploadMethodNotAllowed } from '~/server/office/statement-upload.server'

/** The upload of a CAMT.053 bank statement (staff only; the page is /buero/kontoauszuege/). */
export const Route = createFileRoute('/buero/kontoauszuege/einlesen')({
  server: { handlers: { POST: ({ request }) => statementUploadResponse(request), GET: () => uploadMethodNotAllowed() } },
})
