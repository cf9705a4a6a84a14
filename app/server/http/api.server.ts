// Shared behaviour of the JSON API routes: validated query, JSON answers, no stack traces.
import type * as z from 'zod/mini'
import { errorFields, log } from '../log.server'
import { jsonError, searchParamsToObject } from './query'

type Handler = (ctx: { request: Request }) => Promise<Response>

/** Wraps a handler so that an unexpected failure answers a plain 500 JSON error and is logged. */
export function apiRoute(name: string, handler: Handler): Handler {
  return async (ctx) => {
    try {
      return await handler(ctx)
    } catch (error) {
      log('error', 'api failed', { api: name, ...errorFields(error) })
      return jsonError(500, 'Internal Server Error')
    }
  }
}

/** Parses the query string with the schema; a wrong value gives a 400 naming the parameter. */
export function parseQuery<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
): { ok: true; data: z.infer<S> } | { ok: false; response: Response } {
  const params = new URL(request.url).searchParams
  const result = schema.safeParse(searchParamsToObject(params))
  if (result.success) return { ok: true, data: result.data }
  const issue = result.error.issues[0]
  const where = issue?.path.length ? issue.path.join('.') : issue && 'keys' in issue ? issue.keys.join(', ') : 'Anfrage'
  const message = issue?.code === 'unrecognized_keys' ? `Unbekannter Parameter: ${where}` : `Ungültiger Parameter ${where}: ${issue?.message ?? ''}`
  return { ok: false, response: jsonError(400, message.trim()) }
}

export const PUBLIC_SHORT_CACHE = { 'Cache-Control': 'public, max-age=60, stale-while-revalidate=300' }
