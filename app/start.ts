// Request and function middleware in one visible place.
import { isNotFound, isRedirect, notFound } from '@tanstack/react-router'
import {
  createMiddleware,
  createStart,
  defaultSerovalDeserializerPlugins,
} from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { fromJSON } from 'seroval'
import { cleanInput } from './lib/control-characters'
import { SERVER_CALL_MESSAGES, isValidationFailure } from './lib/validation-failure'
import { asClientClosed } from './server/http/client-closed.server'
import { errorFields, log } from './server/log.server'
import { sameOrigin } from './server/http/same-origin'
import { jsonError } from './server/http/query'

/** Set by the function middleware: the call reached a function, so a failure is the function's own. */
type CallState = { reached: boolean }

const refuse = (status: number, message: string, headers: Record<string, string> = {}) => jsonError(status, message, { ...headers, 'Cache-Control': 'no-store' })

// A call the framework cannot even hand to a function (an id that names none, a payload that is
// not JSON or not in its format) would be a 500 with framework text and a stack in the log: it is
// the caller's mistake, so it gets a 400 or 404 with a German message instead.
const malformedCalls = createMiddleware().server(async ({ next, handlerType, request }) => {
  if (handlerType !== 'serverFn') return next()
  // The site's own pages always call with this header; without it the framework answers "raw"
  // (meant for HTML form posts, which this site does not use) and fails on a plain return value.
  if (request.headers.get('x-tsr-serverfn') !== 'true') return refuse(400, SERVER_CALL_MESSAGES.malformed)
  const readable = await isReadableCall(request).catch((error: unknown) => {
    throw asClientClosed(error)
  })
  if (!readable) return refuse(400, SERVER_CALL_MESSAGES.malformed)
  const call: CallState = { reached: false }
  let result: Awaited<ReturnType<typeof next>>
  try {
    result = await next({ context: { serverFnCall: call } })
  } catch (error) {
    // Thrown outside every function: the framework found none under this id.
    if (request.signal.aborted) throw asClientClosed(error)
    return refuse(404, SERVER_CALL_MESSAGES.unknown)
  }
  if (call.reached) return result
  if (result.response.status >= 500) return refuse(400, SERVER_CALL_MESSAGES.malformed)
  // The framework's own English 405 for a function called with the other method.
  const allow = result.response.headers.get('allow')
  if (result.response.status === 405 && allow) return refuse(405, `Diese Funktion nimmt nur ${allow} an.`, { Allow: allow })
  return result
})

/**
 * Whether the framework will be able to read the call's payload: JSON in the serialisation format
 * it reads, with the same plugins (an unreadable one would be a 500 with a stack in the log).
 */
function isReadablePayload(text: string | null): boolean {
  if (text === null || text === '') return true
  try {
    // The framework's plugins: this app registers no serialization adapters of its own.
    fromJSON(JSON.parse(text), { plugins: defaultSerovalDeserializerPlugins })
    return true
  } catch {
    return false
  }
}

/** Whether the framework can read the call's input; bodies are read from a copy, the framework reads the original. */
async function isReadableCall(request: Request): Promise<boolean> {
  const type = request.headers.get('content-type') ?? ''
  const isForm = type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')
  // A form body on a GET is one the framework refuses with an internal error.
  if (request.method === 'GET') return !isForm && isReadablePayload(new URL(request.url).searchParams.get('payload'))
  if (isForm) {
    return request
      .clone()
      .formData()
      .then(
        () => true,
        () => false,
      )
  }
  if (!type.includes('application/json')) return true
  // The framework parses a JSON body whole: an empty one fails there too.
  const text = await request.clone().text()
  return text !== '' && isReadablePayload(text)
}

// Every function's input loses its control characters before its schema sees it (one rule for every
// text input, app/lib/control-characters.ts). Input the schema refuses (a 401-character slug, an id
// of 101 digits) names nothing that exists: a page's data call is a 404 (the German not-found page
// instead of 500 with the issues in its state), any other call a 400 with a German message and no
// field names. Any other failure is logged and reaches the visitor as one German sentence: a
// database's error text (with its query and parameters) never reaches a page or a response.
const cleanText = createMiddleware({ type: 'function' }).validator((input: unknown) => cleanInput(input))

const guardedFunctions = createMiddleware({ type: 'function' }).server(async ({ next, method, context }) => {
  const call = (context as { serverFnCall?: CallState } | undefined)?.serverFnCall
  if (call) call.reached = true
  try {
    return await next()
  } catch (error) {
    if (isRedirect(error) || isNotFound(error) || error instanceof Response) throw error
    if (isValidationFailure(error)) {
      if (method === 'GET') {
        setResponseStatus(404)
        throw notFound()
      }
      setResponseStatus(400)
      throw new Error(SERVER_CALL_MESSAGES.invalid)
    }
    // An answer with its status already (a client gone away: 499) is the framework's to finish.
    if (error instanceof Error && 'status' in error) throw error
    log('error', 'server function failed', errorFields(error))
    throw new Error(SERVER_CALL_MESSAGES.failed)
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [sameOrigin, malformedCalls],
  functionMiddleware: [guardedFunctions, cleanText],
}))
