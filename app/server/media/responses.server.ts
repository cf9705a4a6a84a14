// Small response helpers shared by the media routes (image proxy and seed pictures), kept apart
// from the image proxy so that the seed route does not load sharp just for these.

/** A plain-text answer that is never cached (errors, refusals). */
export function textResponse(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...extra },
  })
}

/** If-None-Match with the weak comparison GET requires (RFC 9110 13.1.2): W/ is ignored and * matches. */
export function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get('if-none-match')
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag.replace(/^W\//, '') === bare
  })
}
