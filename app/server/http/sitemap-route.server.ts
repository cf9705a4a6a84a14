// Shared behaviour of the sitemap XML routes: content type, caching, and no stack trace on failure.
import { errorFields, log } from '../log.server'

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }

type Ctx = { request: Request; params: Record<string, string> }

export function xmlNotFound(): Response {
  return new Response('Diese Sitemap gibt es nicht.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Wraps a handler so that a failure answers a short 503 (crawlers come back later) and is logged. */
export function xmlRoute<C extends Ctx>(name: string, handler: (ctx: C) => Promise<Response>): (ctx: C) => Promise<Response> {
  return async (ctx) => {
    try {
      return await handler(ctx)
    } catch (error) {
      log('error', 'sitemap failed', { sitemap: name, ...errorFields(error) })
      return new Response('Die Sitemap ist gerade nicht verfügbar.', {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '300' },
      })
    }
  }
}
