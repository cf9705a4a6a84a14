// Brotli/gzip for dynamic text responses (static files are precompressed at build time).
import zlib from 'node:zlib'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json|rss\+xml)|image\/svg\+xml)/

export type Encoding = 'br' | 'gzip'

// Quality 4 for per-request responses (static files get the maximum at build): a rendered start
// page (110 kB) took 8.1 ms at 5 for 17.5 kB, 4.9 ms at 4 for 18.7 kB; compression ran beside the
// render on the same cores and cost a quarter of a rendered page's time.
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 }

/** The encodings an Accept-Encoding header names, each with its weight (q, 1 if not given). */
function offeredEncodings(acceptEncoding: string): Map<string, number> {
  const offered = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1)
  }
  return offered
}

/** Whether the header accepts `encoding`: named with a weight above 0, or else `*` is. */
export function acceptsEncoding(acceptEncoding: string | null, encoding: Encoding): boolean {
  if (!acceptEncoding) return false
  const offered = offeredEncodings(acceptEncoding)
  return (offered.get(encoding) ?? offered.get('*') ?? 0) > 0
}

/** Brotli if accepted, else gzip if accepted, else none. */
export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (acceptsEncoding(acceptEncoding, 'br')) return 'br'
  if (acceptsEncoding(acceptEncoding, 'gzip')) return 'gzip'
  return null
}

/** Streamed HTML waits for its flush once this much is pending (else it goes on collecting). */
const HTML_BATCH_MAX = 64 * 1024

/**
 * Compresses a body as it streams. Streamed HTML is flushed whenever the renderer pauses (nothing
 * more arrived in the same turn of the event loop), so that the head and the first rendered parts
 * still arrive early while a page rendered in one go is compressed as one piece: the renderer
 * writes a page in dozens of small chunks, and a flush per chunk took more time than the render
 * (a trip page 30 instead of 60 pages/s). Anything else is flushed only at its end.
 */
function compressStream(encoding: Encoding, flushWhenPaused: boolean): TransformStream<Uint8Array, Uint8Array> {
  const z = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip(GZIP_OPTIONS)
  // Set when the client went away or the stream failed: zlib may still emit, and nothing may be enqueued then.
  let done = false
  const stop = () => {
    done = true
    z.destroy()
  }
  // HTML that came since the last flush, and the flush planned for the end of this turn.
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let planned: Promise<void> | null = null
  const writePending = () => {
    if (pendingBytes === 0) return
    z.write(Buffer.concat(pending))
    pending = []
    pendingBytes = 0
  }
  const flushAtPause = () =>
    new Promise<void>((resolve) => {
      setImmediate(() => {
        planned = null
        // Nothing left: the stream ended (its end wrote the rest) or failed meanwhile.
        if (done || pendingBytes === 0) return resolve()
        writePending()
        z.flush(() => resolve())
      })
    })
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
      if (!flushWhenPaused) {
        // Wait only when zlib asks to (its buffer is full), not for every chunk.
        if (z.write(chunk)) return
        return new Promise<void>((resolve) => z.once('drain', () => resolve()))
      }
      pending.push(chunk)
      pendingBytes += chunk.byteLength
      planned ??= flushAtPause()
      if (pendingBytes >= HTML_BATCH_MAX) return planned
    },
    flush() {
      if (done) return
      writePending()
      return new Promise<void>((resolve) => {
        z.once('end', () => resolve())
        z.end()
      })
    },
  })
}

/**
 * JSON smaller than this goes as it is: it fits one TCP segment either way, and compressing it
 * costs more time than the few bytes save (most API answers: a booking number, a seat hold).
 */
const SMALL_JSON = 1024

/** JSON up to this size is compressed in one synchronous call (about 0.1 ms for 20 kB). */
const WHOLE_JSON_MAX = 512 * 1024

function compressBuffer(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (body.byteLength <= WHOLE_JSON_MAX) {
    return Promise.resolve(encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS))
  }
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result))
    if (encoding === 'br') zlib.brotliCompress(body, BROTLI_OPTIONS, done)
    else zlib.gzip(body, GZIP_OPTIONS, done)
  })
}

/**
 * Brotli or gzip by the Accept-Encoding header, for compressible types. JSON (API answers and
 * server function results) is read whole and compressed at once: a server function's result
 * comes in many small chunks, and streaming them through zlib's thread pool cost a 20 kB search
 * result 0.7 ms, several times the compression itself.
 */
export async function compressResponse(response: Response, acceptEncoding: string | null): Promise<Response> {
  const type = response.headers.get('content-type') ?? ''
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response
  const encoding = pickEncoding(acceptEncoding)
  const headers = new Headers(response.headers)
  if (!/accept-encoding/i.test(headers.get('vary') ?? '')) headers.append('Vary', 'Accept-Encoding')
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  if (type.startsWith('application/json')) {
    const body = Buffer.from(await response.arrayBuffer())
    if (body.byteLength < SMALL_JSON) return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers })
    headers.set('Content-Encoding', encoding)
    const compressed = await compressBuffer(encoding, body)
    headers.set('Content-Length', String(compressed.byteLength))
    return new Response(new Uint8Array(compressed), {
      status: response.status,
      statusText: response.statusText,
      headers,
    })
  }
  headers.set('Content-Encoding', encoding)
  headers.delete('Content-Length')
  return new Response(response.body.pipeThrough(compressStream(encoding, type.startsWith('text/html'))), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
