// Brotli/gzip for dynamic text responses (static files are precompressed at build time).
import zlib from 'node:zlib'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json|rss\+xml)|image\/svg\+xml)/

export type Encoding = 'br' | 'gzip'

export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null
  const offered = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1)
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * Compresses the body. Streamed HTML is flushed after each chunk, so that the head and the first
 * rendered parts still arrive early; anything else is flushed only at its end (a server
 * function's serialised result comes in many small chunks, and a flush after each one made a
 * 20 kB search result 0.4 ms slower).
 */
function compressStream(encoding: Encoding, flushEachChunk: boolean): TransformStream<Uint8Array, Uint8Array> {
  // Quality 5 keeps brotli fast enough for per-request HTML; static files get the maximum at build.
  const z =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.createGzip({ level: 6 })
  // Set when the client went away or the stream failed: zlib may still emit, and nothing may be enqueued then.
  let done = false
  const stop = () => {
    done = true
    z.destroy()
  }
  return new TransformStream({
    start(controller) {
      z.on('data', (chunk: Buffer) => {
        if (done) return
        try {
          controller.enqueue(new Uint8Array(chunk))
        } catch {
          stop()
        }
      })
      z.on('error', (error) => {
        if (done) return
        done = true
        controller.error(error)
      })
    },
    transform(chunk) {
      if (done) return
      if (!flushEachChunk) {
        // Wait only when zlib asks to (its buffer is full), not for every chunk.
        if (z.write(chunk)) return
        return new Promise<void>((resolve) => z.once('drain', () => resolve()))
      }
      return new Promise<void>((resolve) => {
        z.write(chunk)
        z.flush(() => resolve())
      })
    },
    flush() {
      if (done) return
      return new Promise<void>((resolve) => {
        z.once('end', () => resolve())
        z.end()
      })
    },
  })
}

export function compressResponse(response: Response, acceptEncoding: string | null): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response
  const encoding = pickEncoding(acceptEncoding)
  const headers = new Headers(response.headers)
  headers.append('Vary', 'Accept-Encoding')
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
  return new Response(response.body.pipeThrough(compressStream(encoding, type.startsWith('text/html'))), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
