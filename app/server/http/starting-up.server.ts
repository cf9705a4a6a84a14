// What a request gets while the process is still opening its database (migrations, the first
// seed): at once a 503 with Retry-After, rather than a connection that hangs until the database is
// ready. Pages say so in German and load again by themselves; the API and server functions answer
// JSON like their other errors; /api/health answers its own `unavailable`, so a load balancer waits.
import { jsonError } from './query'

/** Seconds after which a client may ask again (the first start seeds for a few seconds). */
export const STARTING_UP_RETRY_SECONDS = 5

export const STARTING_UP_MESSAGE = 'Die Website startet gerade. Bitte versuchen Sie es in einigen Sekunden erneut.'

const STARTING_UP_HTML = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${STARTING_UP_RETRY_SECONDS}"><title>Einen Moment bitte</title></head><body><h1>Einen Moment bitte</h1><p>Die Website startet gerade. Diese Seite lädt in wenigen Sekunden von selbst neu.</p></body></html>`

export function startingUpResponse(url: URL): Response {
  const headers = { 'Retry-After': String(STARTING_UP_RETRY_SECONDS), 'Cache-Control': 'no-store' }
  if (url.pathname === '/api/health') return Response.json({ status: 'unavailable' }, { status: 503, headers })
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/_serverFn/')) return jsonError(503, STARTING_UP_MESSAGE, headers)
  return new Response(STARTING_UP_HTML, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } })
}
