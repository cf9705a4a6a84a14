// The server entry: every request passes here before TanStack Start handles it. Redirects,
// security headers, compression, bot handling, request logs and the last-resort 500 live here.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { createStartHandler, defaultRenderHandler } from '@tanstack/react-start/server'
import { recordFormatsWith } from './lib/format-memo'
import type { FormattedTexts } from './lib/format-memo'
import { SERVER_CALL_MESSAGES } from './lib/validation-failure'
import { isBot } from './server/http/bots'
import { agencyFrameAncestors, agencyFrameSources } from './server/http/agency-frame.server'
import { CLIENT_CLOSED_REQUEST, treatAbortAsClientClosed } from './server/http/client-closed.server'
import { compressResponse } from './server/http/compress.server'
import { jsonError } from './server/http/query'
import { serverFunctionBodyProblem } from './server/http/body-limit.server'
import { clearCacheOnDebug } from './server/http/cache-clear.server'
import { contentSecurityPolicy } from './server/http/headers'
import { trailingSlashTarget } from './server/http/trailing-slash'
import { todayInBerlin } from './lib/calendar'
import { clearCaches, onCacheClear } from './server/cache.server'
import { config } from './server/config.server'
import { contentVersion, onContentVersionChange } from './server/content-version.server'
import { PageCache, isAccountPath, isOfficePath, pageCacheKey, redirectWithTracking, sharedRequest } from './server/http/page-cache.server'
import { errorFields, log, loggablePath } from './server/log.server'
import { isDatabaseReady, startServices } from './server/lifecycle.server'
import { startingUpResponse } from './server/http/starting-up.server'

declare module '@tanstack/react-router' {
  interface Register {
    server: { requestContext: { nonce: string } }
  }
}

const PAGE_ERROR_HTML = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>Bitte versuchen Sie es in einigen Minuten erneut.</p></body></html>`

/** The plain 500 page: no stack, nothing from the request. */
function errorPage(): Response {
  return new Response(PAGE_ERROR_HTML, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}

startServices()

// Pages are rendered to a string, then compressed: every page's data is loaded before it renders
// (no deferred parts to stream), and the streaming renderer's chunking and its passes over each
// chunk cost 10–15 % of a rendered page's time for nothing (docs/DECISIONS.md, "Rendering").
const startHandler = createStartHandler(defaultRenderHandler)

// Each request keeps the texts its render formats, to send them with the page (app/lib/format-memo.ts).
const formattedTexts = new AsyncLocalStorage<FormattedTexts>()
recordFormatsWith(() => formattedTexts.getStore())

// Rendered pages for anonymous visitors, emptied with every other cache and whenever the content
// version changes (whichever instance changed the content).
const pages = new PageCache(config().PAGE_CACHE_MB * 1024 * 1024)
onCacheClear(() => pages.clear())
onContentVersionChange(clearCaches)

function acceptsHtml(request: Request): boolean {
  const accept = request.headers.get('accept')
  return !accept || /text\/html|\*\/\*|application\/xhtml/.test(accept)
}

/** HTML pages only: the API, server functions, media and files with an extension (.ics, .xml) answer other types. */
function isPageRequest(url: URL): boolean {
  const { pathname } = url
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return (
    !pathname.startsWith('/api/') && !pathname.startsWith('/_serverFn/') && !pathname.startsWith('/media/') && !lastSegment.includes('.')
  )
}

async function route(request: Request, url: URL, nonce: string): Promise<Response> {
  // Built files are served before this entry; a name that reaches it does not exist (an old chunk
  // during a deploy). A plain 404, never a redirect to a page (kept from Nitro's year-long
  // Cache-Control of /assets/** by app/server/nitro/asset-not-found.ts).
  if (url.pathname.startsWith('/assets/')) {
    return new Response('Diese Datei gibt es nicht.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  // Until the database is ready, an answer at once instead of a request that waits for it.
  if (!isDatabaseReady()) return startingUpResponse(url)
  if (request.method === 'GET' || request.method === 'HEAD') {
    const target = trailingSlashTarget(url)
    // On the configured origin, or relative without one: never built from the request's Host.
    const siteUrl = config().SITE_URL
    if (target) return new Response(null, { status: 308, headers: { Location: siteUrl ? new URL(target, siteUrl).href : target } })
  }
  if (url.pathname.startsWith('/_serverFn/')) {
    // Without an id the framework fails before any middleware (500 with its text).
    if (url.pathname.slice('/_serverFn/'.length).split('/')[0] === '') {
      return jsonError(404, SERVER_CALL_MESSAGES.unknown, { 'Cache-Control': 'no-store' })
    }
    // Before the framework reads a body of any size to validate it.
    const tooLarge = serverFunctionBodyProblem(request)
    if (tooLarge) return tooLarge
  }
  if (isPageRequest(url) && !acceptsHtml(request)) {
    return new Response('Diese Adresse liefert nur HTML-Seiten.', {
      status: 406,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  // A page everybody shares is rendered without the visitor's cookies and tracking parameters
  // (page-cache.server.ts), a redirect it answers leads on with the parameters; the copy is made
  // only when the page is rendered, not for each answer from the cache.
  const render = (shared: boolean) => async () => {
    const response = await formattedTexts.run(new Map(), () => startHandler(shared ? sharedRequest(request) : request, { context: { nonce } }))
    return shared ? redirectWithTracking(response, url.search) : response
  }
  if (!isPageRequest(url)) return render(false)()
  const key = pageCacheKey(request, url, contentVersion(), todayInBerlin())
  return pages.serve(request, key, nonce, render(key !== null))
}

export default createServerEntry({
  async fetch(request) {
    const started = performance.now()
    const url = new URL(request.url)
    const nonce = randomBytes(16).toString('base64')
    treatAbortAsClientClosed(request)
    let response: Response
    try {
      clearCacheOnDebug(request, url)
      response = await route(request, url, nonce)
    } catch (error) {
      if (!request.signal.aborted) log('error', 'request failed', { path: loggablePath(url.pathname), ...errorFields(error) })
      response = errorPage()
    }

    // The other security headers are every response's (app/server/nitro/security-headers.ts).
    const headers = new Headers(response.headers)
    // The agency login frame page may be embedded by the agency host: frame-ancestors says by whom,
    // which X-Frame-Options (one origin at most) cannot.
    const ancestors = agencyFrameAncestors(config(), url.pathname, url.protocol)
    const isHtml = (headers.get('content-type') ?? '').startsWith('text/html')
    if (isHtml) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, agencyFrameSources(config()), ancestors))
    if (isHtml && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache')
    // The office: never kept by a browser or proxy, never indexed (DESIGN 11).
    if (isOfficePath(url.pathname)) {
      headers.set('Cache-Control', 'no-store')
      headers.set('X-Robots-Tag', 'noindex, nofollow')
    }
    // Mein Konto and the sign-in pages: one customer's, never kept (DESIGN 13).
    if (isAccountPath(url.pathname)) headers.set('Cache-Control', 'no-store')

    const bot = isBot(request.headers.get('user-agent'))
    let body: BodyInit | null = response.body
    if (bot && isHtml && response.status >= 400) {
      await response.body?.cancel()
      body = null
    }
    let result: Response
    try {
      result = await compressResponse(
        new Response(body, { status: response.status, statusText: response.statusText, headers }),
        request.headers.get('accept-encoding'),
      )
    } catch (error) {
      // A JSON body is read whole before it is compressed; one that fails while being produced
      // ends here rather than as a broken stream.
      log('error', 'response failed', { path: loggablePath(url.pathname), ...errorFields(error) })
      result = errorPage()
    }
    log('info', 'request', {
      method: request.method,
      path: loggablePath(url.pathname),
      status: request.signal.aborted ? CLIENT_CLOSED_REQUEST : result.status,
      ms: Math.round(performance.now() - started),
      ...(bot ? { bot: true } : {}),
    })
    return result
  },
})
