// GET /media/seed/{key}.svg[?w=&h=]: the demo catalogue's pictures as SVG, straight from the renderer.
import { createHash } from 'node:crypto'
import { seedImageKey } from '~/lib/image-proxy'
import { matchesEtag, textResponse } from './responses.server'
import { SEED_IMAGE_VERSION, renderSeedImage, seedImageSize } from './seed-image.server'

const SIDE = /^[1-9][0-9]{0,4}$/

export function handleSeedImageRequest(request: Request): Response {
  const url = new URL(request.url)
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return textResponse(404, 'Bild nicht gefunden.')
  }
  const key = seedImageKey(pathname)
  if (!key) return textResponse(404, 'Bild nicht gefunden.')

  // Only w and h, each once and a plain positive integer; the renderer clamps the value.
  const sides: { w?: number; h?: number } = {}
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name)
    const value = values[0]
    if ((name !== 'w' && name !== 'h') || values.length !== 1 || value === undefined || !SIDE.test(value)) {
      return textResponse(400, 'Ungültige Bildgröße: erlaubt sind nur w und h als ganze Zahlen.')
    }
    sides[name] = Number(value)
  }
  const { width, height } = seedImageSize(sides.w, sides.h)
  const svg = renderSeedImage(key, width, height)
  // The key→picture mapping never changes, so the picture can be cached for good.
  const etag = `"${createHash('sha256').update(`${SEED_IMAGE_VERSION}:${key}:${width}x${height}`).digest('hex').slice(0, 32)}"`
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    // An SVG opened on its own is a document: no scripts, no outside resources.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  }
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : svg, {
    status: 200,
    headers: { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' },
  })
}
