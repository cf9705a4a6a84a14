// One limit for what a client may send to the JSON API and to server functions: 64 KB, far above
// any booking draft or form (a draft of 9 travellers is about 8 KB). A body is refused by its
// declared length before it is read, and a body without one (chunked) as soon as it passes the limit.

export const MAX_BODY_BYTES = 64 * 1024

export const BODY_TOO_LARGE_MESSAGE = `Die Anfrage ist zu groß: höchstens ${MAX_BODY_BYTES / 1024} KB sind erlaubt.`

/** The whole body, or 'too-large' (the rest is not read). */
export async function readBodyLimited(request: Request, max = MAX_BODY_BYTES): Promise<Buffer | 'too-large' | 'aborted'> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > max) {
    await request.body?.cancel().catch(() => {})
    return 'too-large'
  }
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await reader.read()
      } catch (error) {
        // The client went away while sending: nobody is left to answer.
        if (request.signal.aborted) return 'aborted'
        throw error
      }
      const { done, value } = next
      if (done) break
      size += value.byteLength
      if (size > max) {
        await reader.cancel().catch(() => {})
        return 'too-large'
      }
      chunks.push(value)
    }
  }
  return Buffer.concat(chunks)
}

/**
 * The 413 (or 411) answer for a server-function call whose body may be over the limit, or null to
 * go on. The framework reads the body itself, so the call is judged by its declared length: a
 * browser always declares it, a body without one (chunked) is refused. The request is not copied:
 * the runtime keeps the client's address on the original.
 */
export function serverFunctionBodyProblem(request: Request): Response | null {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return null
  const declared = request.headers.get('content-length')
  if (declared === null) {
    return Response.json(
      { error: 'Bitte senden Sie die Anfrage mit Content-Length.' },
      { status: 411, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const size = Number(declared)
  if (Number.isFinite(size) && size <= MAX_BODY_BYTES) return null
  return Response.json({ error: BODY_TOO_LARGE_MESSAGE }, { status: 413, headers: { 'Cache-Control': 'no-store' } })
}
