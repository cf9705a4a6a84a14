import { describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES, limitServerFunctionBody, readBodyLimited } from '~/server/http/body-limit.server'

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
    expect(body === 'too-large' ? body : body.byteLength).toBe(MAX_BODY_BYTES)
  })
  it('refuses a larger body by its declared length and a chunked one as it passes the limit', async () => {
    expect(await readBodyLimited(new Request('http://localhost/', { method: 'POST', body: 'a'.repeat(MAX_BODY_BYTES + 1) }))).toBe(
      'too-large',
    )
    expect(await readBodyLimited(chunked(30 * 1024 * 1024))).toBe('too-large')
    expect(await readBodyLimited(chunked(1000))).not.toBe('too-large')
  })
  it('answers an oversized server-function call with 413 and a German message; a small one goes on with its body', async () => {
    const refused = await limitServerFunctionBody(chunked(1024 * 1024))
    expect(refused).toBeInstanceOf(Response)
    if (!(refused instanceof Response)) return
    expect(refused.status).toBe(413)
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Die Anfrage ist zu groß: höchstens 64 KB/)
    const passed = await limitServerFunctionBody(new Request('http://localhost/_serverFn/x', { method: 'POST', body: '{"a":1}' }))
    expect(passed).toBeInstanceOf(Request)
    if (passed instanceof Request) expect(await passed.text()).toBe('{"a":1}')
  })
})
