// Cross-site request forgery: server functions are same-origin RPC, and every other request that
// may change something (any method but GET, HEAD and OPTIONS) is refused with 403 unless
// Sec-Fetch-Site, Origin or Referer prove that it came from this site. The exceptions take no
// cookie, so another site gains nothing by sending them: the JSON API below /api/ (an agency's
// server calls it with its token) and the newsletter links (the token in the path; a mail
// program's one-click unsubscribe, RFC 8058, posts from the mail provider's server).
//
// The rule is decided by the method, not by the spelling of the path: routes ignore case and
// percent-encoding, so a rule for "/buero/" would let /BUERO/… or /%62uero/… through. Whatever a
// path is spelt, it is checked unless it is the API; a path spelt to look like something else is
// only checked more often. The office's upload route applies the same middleware itself as well.
import { createCsrfMiddleware } from '@tanstack/react-start'

/** Methods that change nothing on this site. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Paths whose requests carry no cookie that matters, compared without regard to case, like the
 * routes. The filter sees the path as the router matches it (decoded, dot segments resolved).
 */
const COOKIELESS_PREFIXES = ['/api/', '/newsletter/']

const isCookieless = (pathname: string) => {
  const path = pathname.toLowerCase()
  return COOKIELESS_PREFIXES.some((prefix) => path.startsWith(prefix))
}

/** Whether the same-origin proof is required for this request. */
export function needsSameOrigin(request: { method: string }, pathname: string, handlerType: 'serverFn' | 'router'): boolean {
  return handlerType === 'serverFn' || (!SAFE_METHODS.has(request.method.toUpperCase()) && !isCookieless(pathname))
}

const refused = () => Response.json({ error: 'Anfrage abgelehnt: Sie kam nicht von dieser Website.' }, { status: 403 })

/** The site's rule (app/start.ts). */
export const sameOrigin = createCsrfMiddleware({
  filter: (ctx) => needsSameOrigin(ctx.request, ctx.pathname, ctx.handlerType),
  failureResponse: refused,
})

/**
 * For a route that changes money (the statement upload): its POST is checked by the route itself
 * too, with no exemption. A middleware object of its own: the framework runs an object once per
 * request, so the site's would be skipped here.
 */
export const sameOriginPost = createCsrfMiddleware({
  filter: (ctx) => ctx.request.method.toUpperCase() === 'POST',
  failureResponse: refused,
})
