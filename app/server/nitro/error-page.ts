// Nitro's error handler: what fails before the site's server entry (app/server.ts) sees the
// request, such as a path with broken percent-encoding (`/%FF/`), which the router cannot decode.
// It gets the site's plain German error page and one JSON log line instead of the framework's
// JSON body (the security headers come from security-headers.ts).
import { defineErrorHandler } from 'nitro'
import { errorFields, log, loggablePath } from '../log.server'

const PAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'Ungültige Adresse', text: 'Diese Adresse ist ungültig. Bitte prüfen Sie sie oder beginnen Sie auf der Startseite.' },
  404: { title: 'Seite nicht gefunden', text: 'Diese Seite gibt es nicht. Bitte beginnen Sie auf der Startseite.' },
  500: { title: 'Interner Fehler', text: 'Bitte versuchen Sie es in einigen Minuten erneut.' },
}

export default defineErrorHandler((error, event) => {
  const status = error.status >= 400 && error.status < 500 ? error.status : 500
  const page = PAGES[status] ?? PAGES[400]
  let path = ''
  try {
    path = loggablePath(new URL(event.req.url).pathname)
  } catch {
    // Unparseable: the path is not logged.
  }
  if (status >= 500) log('error', 'request failed outside the app', { path, ...errorFields(error) })
  log('info', 'request', { method: event.req.method, path, status })
  const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page?.title}</title></head><body><h1>${page?.title}</h1><p>${page?.text}</p><p><a href="/">Zur Startseite</a></p></body></html>`
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
      'Cache-Control': 'no-store',
    },
  })
})
