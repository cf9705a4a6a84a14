import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, readBodyLimited, serverFunctionBodyProblem } from '~/server/http/body-limit.server'

/** A body sent in chunks without a Content-Length, as a client that streams it would. */
function chunked(bytes: number): Request {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const size = Math.min(16 * 1024, bytes - sent)
      sent += size
      controller.enqueue(new Uint8Array(size).fill(97))
    },
  })
  return new Request('http://localhost/_serverFn/x', { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
}

describe('the request body limit', () => {
  it('passes a body up to 64 KB whole', async () => {
    const body = await readBodyLimited(new Request('http://localhost/', { method: 'POST', body: 'a'.repeat(MAX_BODY_BYTES) }))
    expect(typeof body === 'string' ? body : body.byteLength).toBe(MAX_BODY_BYTES)
  })
  it('says "aborted" when the client goes away while sending, and rethrows any other failure', async () => {
    const gone = new AbortController()
    const failing = (error: Error) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(10))
        },
        pull(controller) {
          controller.error(error)
        },
      })
    const aborted = new Request('http://localhost/', { method: 'POST', body: failing(new Error('aborted')), signal: gone.signal, duplex: 'half' } as RequestInit)
    gone.abort(new Error('aborted'))
    expect(await readBodyLimited(aborted)).toBe('aborted')
    const broken = new Request('http://localhost/', { method: 'POST', body: failing(new Error('kaputt')), duplex: 'half' } as RequestInit)
    await expect(readBodyLimited(broken)).rejects.toThrow('kaputt')
  })
  it('refuses a larger body by its declared length and a chunked one as it passes the limit', async () => {
    expect(await readBodyLimited(new Request('http://localhost/', { method: 'POST', body: 'a'.repeat(MAX_BODY_BYTES + 1) }))).toBe(
      'too-large',
    )
    expect(await readBodyLimited(chunked(30 * 1024 * 1024))).toBe('too-large')
    expect(await readBodyLimited(chunked(1000))).not.toBe('too-large')
  })
  it('answers a server-function call declared over 64 KB with 413, one without a declared length with 411', async () => {
    const post = (body: string) =>
      new Request('http://localhost/_serverFn/x', { method: 'POST', body, headers: { 'content-length': String(Buffer.byteLength(body)) } })
    const over = serverFunctionBodyProblem(post('a'.repeat(MAX_BODY_BYTES + 1)))
    expect(over?.status).toBe(413)
    expect(((await over?.json()) as { error: string }).error).toMatch(/^Die Anfrage ist zu groß: höchstens 64 KB/)
    expect(serverFunctionBodyProblem(chunked(1000))?.status).toBe(411)
    expect(serverFunctionBodyProblem(post('{"a":1}'))).toBeNull()
    expect(serverFunctionBodyProblem(new Request('http://localhost/_serverFn/x?payload=1'))).toBeNull()
  })
})
