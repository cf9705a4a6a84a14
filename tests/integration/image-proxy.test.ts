// Spec 7 "Images go through a resizing proxy with allowed hosts and aliases" and spec 9 "quality
// 70, format webp": the proxy's handler against real sharp, a real disk cache and a real HTTP
// source on 127.0.0.1 (allowed only where the test injects an address guard that permits it).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, imageProxyUrl } from '~/lib/image-proxy'
import { createLimiter, createMemoryCache, handleImageRequest, sharpTransform } from '~/server/media/image-proxy.server'
import type { ImageProxyDeps, Transform } from '~/server/media/image-proxy.server'
import { parseAllowedHosts } from '~/server/media/image-source.server'
import { seedImageExists } from '~/server/services/seed-images.server'
import { openTestDatabase } from '../support/db'
import type { TestDatabase } from '../support/db'

let db: TestDatabase
let root: string
let publicDir: string
let server: Server
let origin: string
let png: Buffer
let transforms = 0
let sourceDown = false

const countingTransform: Transform = (input, options) => {
  transforms++
  return sharpTransform(input, options)
}

function cacheFiles(cacheDir: string): string[] {
  try {
    return readdirSync(cacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
  } catch {
    return []
  }
}

function deps(overrides: Partial<ImageProxyDeps> = {}, hosts: string[] = []): ImageProxyDeps {
  return {
    cacheDir: join(root, `cache-${Math.random().toString(36).slice(2)}`),
    publicDir,
    allowList: parseAllowedHosts(hosts).allowList,
    seedImageExists: (key) => seedImageExists(db.db, key),
    transform: countingTransform,
    ...overrides,
  }
}

const get = (d: ImageProxyDeps, path: string, headers: Record<string, string> = {}) =>
  handleImageRequest(new Request(`http://localhost${path}`, { headers }), d)

async function expectWebp(res: Response, maxWidth: number): Promise<{ width: number; body: Buffer }> {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/webp')
  const body = Buffer.from(await res.arrayBuffer())
  expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP')
  const meta = await sharp(body).metadata()
  expect(meta.format).toBe('webp')
  expect(meta.width).toBeLessThanOrEqual(maxWidth)
  return { width: meta.width, body }
}

beforeAll(async () => {
  db = await openTestDatabase({ seed: { trips: 12 } })
  root = mkdtempSync(join(tmpdir(), 'img-proxy-'))
  publicDir = join(root, 'public')
  mkdirSync(join(publicDir, 'bilder'), { recursive: true })
  png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#0b4f6c' } }).png().toBuffer()
  writeFileSync(join(publicDir, 'bilder', 'team.png'), png)
  writeFileSync(join(publicDir, 'bilder', 'kein-bild.jpg'), '<!doctype html><title>x</title>')
  // Right magic bytes, broken body: sharp must fail to decode it.
  writeFileSync(join(publicDir, 'bilder', 'kaputt.png'), Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]))
  writeFileSync(join(root, 'geheim.png'), png)

  server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (path === '/bilder/reise.png' || path === '/reise.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length })
      res.end(png)
    } else if (path === '/bilder/seite.png') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html>')
    } else if (path === '/bilder/getarnt.png') {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>')
    } else if (path === '/bilder/weiter.png') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
      res.end()
    } else if (path === '/bilder/wechselnd.png') {
      if (sourceDown) {
        res.writeHead(503, { 'content-type': 'text/plain' })
        res.end('Wartung')
      } else {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end(png)
      }
    } else if (path === '/bilder/langsam.png') {
      // never answers
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('nicht da')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('test server has no port')
  origin = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
  await db.cleanup()
})

beforeEach(() => {
  transforms = 0
})

describe('seed pictures through the proxy', () => {
  it('renders webp at quality 70 no wider than asked, immutable with an ETag', async () => {
    const d = deps()
    const res = await get(d, imageProxyUrl('/media/seed/trip-1-1.svg', 600))
    const { width } = await expectWebp(res, 600)
    expect(width).toBe(600)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(transforms).toBe(1)
  })

  it('serves the second request from the disk cache without resizing again', async () => {
    // No memory cache in front: the second answer must come from the file.
    const d = deps({ memoryCache: createMemoryCache(0) })
    const url = imageProxyUrl('/media/seed/trip-2-1.svg', 400)
    const first = Buffer.from(await (await get(d, url)).arrayBuffer())
    const files = cacheFiles(d.cacheDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.webp$/)
    const second = await get(d, url)
    expect(Buffer.from(await second.arrayBuffer()).equals(first)).toBe(true)
    expect(transforms).toBe(1)
    expect(cacheFiles(d.cacheDir)).toHaveLength(1) // no temp files left behind
    // A fresh process (new deps, same folder) finds the file too.
    const again = await get({ ...d, memoryCache: createMemoryCache(0) }, url)
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true)
    expect(transforms).toBe(1)
  })

  it('keeps hot images in memory and still answers when the file is gone', async () => {
    const d = deps({ memoryCache: createMemoryCache(1024 * 1024) })
    const url = imageProxyUrl('/media/seed/trip-7-1.svg', 320)
    const first = Buffer.from(await (await get(d, url)).arrayBuffer())
    for (const file of cacheFiles(d.cacheDir)) rmSync(file)
    const second = await get(d, url)
    expect(Buffer.from(await second.arrayBuffer()).equals(first)).toBe(true)
    expect(transforms).toBe(1)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const d = deps()
    const url = imageProxyUrl('/media/seed/trip-3-1.svg', 320)
    const etag = (await get(d, url)).headers.get('etag') ?? ''
    const res = await get(d, url, { 'if-none-match': etag })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
  })

  it('renders concurrent requests for the same image once', async () => {
    const d = deps()
    const url = imageProxyUrl('/media/seed/trip-4-1.svg', 480)
    const results = await Promise.all([get(d, url), get(d, url), get(d, url)])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(transforms).toBe(1)
  })

  it('gives different widths different files', async () => {
    const d = deps()
    await expectWebp(await get(d, imageProxyUrl('/media/seed/blog-3.svg', 320)), 320)
    await expectWebp(await get(d, imageProxyUrl('/media/seed/blog-3.svg', 640)), 640)
    expect(cacheFiles(d.cacheDir)).toHaveLength(2)
  })
})

describe('only pictures the catalogue shows', () => {
  it('knows the seed keys of every kind of row, and no invented one', async () => {
    for (const key of ['trip-1-1', 'trip-12-1', 'hotel-1-1', 'ship-1-1', 'category-1', 'blog-3', 'impression-1-1']) {
      expect(await seedImageExists(db.db, key), key).toBe(true)
    }
    for (const key of ['anything-123', 'trip-1-99', 'trip-13-1', 'trip-99999999999-1', 'category-0', 'blog-3-1', 'trip-1', 'Trip-1-1', 'trip-01-1']) {
      expect(await seedImageExists(db.db, key), key).toBe(false)
    }
  })

  it('answers 404 for an invented seed key without rendering it', async () => {
    const res = await get(deps(), imageProxyUrl('/media/seed/anything-123.svg', 2560))
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('Bild nicht gefunden.')
    expect(transforms).toBe(0)
  })

  it('counts only new renders against the client: over its limit 429 with Retry-After, cached pictures still 200', async () => {
    let budget = 1
    const d = deps({ takeRenderBudget: () => (budget-- > 0 ? { ok: true } : { ok: false, retryAfterSeconds: 42 }) })
    const url = imageProxyUrl('/media/seed/trip-8-1.svg', 320)
    expect((await get(d, url)).status).toBe(200)
    const refused = await get(d, imageProxyUrl('/media/seed/trip-9-1.svg', 320))
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('42')
    expect(await refused.text()).toMatch(/Zu viele Bildanfragen/)
    expect((await get(d, url)).status).toBe(200)
    expect(transforms).toBe(1)
  })

  it('keeps the disk cache under its size bound', async () => {
    const d = deps({ memoryCache: createMemoryCache(0), maxCacheBytes: 40_000 })
    const keys = ['trip-10-1', 'trip-10-2', 'trip-11-1', 'trip-11-2']
    for (const key of keys) {
      for (const w of IMAGE_WIDTHS) expect((await get(d, imageProxyUrl(`/media/seed/${key}.svg`, w))).status).toBe(200)
    }
    const renders = keys.length * IMAGE_WIDTHS.length
    expect(transforms).toBe(renders)
    const sizes = cacheFiles(d.cacheDir).map((f) => statSync(f).size)
    // Pruning happened (the renders are far above the bound) and left the folder within it.
    expect(sizes.length).toBeLessThan(renders)
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(40_000)
  })
})

describe('parameters', () => {
  it.each([
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=123', 'nicht angeboten'],
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=5120', 'nicht angeboten'],
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=600&q=100', 'Qualität'],
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg', 'Breite'],
    ['/media/image?w=600', 'Bildquelle'],
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=600&cb=1', 'Unbekannter Parameter'],
    ['/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=%3Cscript%3E', 'ganze Zahl'],
    ['/media/image?src=%00&w=600', 'Ungültige Bildquelle'],
    ['/media/image?%%%=&&&w=x', ''],
  ])('%s → 400 with a German message', async (path, message) => {
    const d = deps()
    const res = await get(d, path)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await res.text()).toContain(message)
    expect(transforms).toBe(0)
    expect(cacheFiles(d.cacheDir)).toHaveLength(0)
  })

  it.each([
    ['file:///etc/passwd', 400],
    ['data:image/png;base64,iVBORw0KGgo=', 400],
    ['javascript:alert(1)', 400],
    ['/bilder/../../geheim.png', 400],
    ['/bilder/%2e%2e/%2e%2e/geheim.png', 400],
    ['//evil.example/a.png', 400],
    ['https://evil.example/a.png', 403],
    ['http://169.254.169.254/latest/meta-data', 403],
  ])('refuses the source %s with %i', async (src, status) => {
    const res = await get(deps(), imageProxyUrl(src, 600))
    expect(res.status).toBe(status)
    expect(transforms).toBe(0)
  })
})

describe('files under public/', () => {
  it('resizes a raster file and never enlarges it', async () => {
    const d = deps()
    const res = await get(d, imageProxyUrl('/bilder/team.png', 640))
    const { width } = await expectWebp(res, 640)
    expect(width).toBe(500)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
  })

  it('answers 404 for a missing file, 415 for a file that is no image, 422 for one that does not decode', async () => {
    const d = deps()
    expect((await get(d, imageProxyUrl('/bilder/fehlt.png', 600))).status).toBe(404)
    const notImage = await get(d, imageProxyUrl('/bilder/kein-bild.jpg', 600))
    expect(notImage.status).toBe(415)
    expect(await notImage.text()).toContain('kein unterstütztes Bild')
    const broken = await get(d, imageProxyUrl('/bilder/kaputt.png', 600))
    expect(broken.status).toBe(422)
    expect(await broken.text()).toBe('Das Bild konnte nicht gelesen werden.')
    expect(cacheFiles(d.cacheDir)).toHaveLength(0)
  })
})

describe('remote sources', () => {
  it('refuses a host that is not on the allow-list', async () => {
    const res = await get(deps({}, ['images.example.com']), imageProxyUrl('https://evil.example/a.png', 600))
    expect(res.status).toBe(403)
    expect(await res.text()).toBe('Diese Bildquelle ist nicht freigegeben.')
  })

  it('refuses an allowed host whose address is loopback (the default guard)', async () => {
    const d = deps({}, [origin])
    const res = await get(d, imageProxyUrl(`${origin}/bilder/reise.png`, 600))
    expect(res.status).toBe(403)
    expect(await res.text()).toBe('Diese Bildquelle ist nicht erreichbar.')
    expect(transforms).toBe(0)
  })

  it('refuses an allowed host name that resolves to loopback (checked after DNS)', async () => {
    const port = new URL(origin).port
    const d = deps({}, [`http://localhost:${port}`])
    const res = await get(d, imageProxyUrl(`http://localhost:${port}/bilder/reise.png`, 600))
    expect(res.status).toBe(403)
    expect(transforms).toBe(0)
  })

  describe('with the address guard opened for this test server', () => {
    const open = (hosts: string[], extra: Partial<ImageProxyDeps> = {}) => deps({ isAllowedAddress: () => true, ...extra }, hosts)

    it('fetches, resizes and caches an image from an allowed origin', async () => {
      const d = open([origin])
      const res = await get(d, imageProxyUrl(`${origin}/bilder/reise.png`, 400))
      const { width } = await expectWebp(res, 400)
      expect(width).toBe(400)
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      const etag = res.headers.get('etag') ?? ''
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
      expect((await get(d, imageProxyUrl(`${origin}/bilder/reise.png`, 400))).status).toBe(200)
      expect((await get(d, imageProxyUrl(`${origin}/bilder/reise.png`, 400), { 'if-none-match': etag })).status).toBe(304)
      expect(transforms).toBe(1)
    })

    it('resolves an alias to its base', async () => {
      const d = open([`reisebilder=${origin}/bilder`])
      await expectWebp(await get(d, imageProxyUrl('reisebilder:reise.png', 320)), 320)
      expect((await get(d, imageProxyUrl('reisebilder:../reise.png', 320))).status).toBe(400)
      expect((await get(d, imageProxyUrl(`${origin}/reise.png`, 320))).status).toBe(403)
    })

    it.each([
      ['/bilder/seite.png', 415],
      ['/bilder/getarnt.png', 415],
      ['/bilder/fehlt.png', 404],
      ['/bilder/weiter.png', 502],
    ])('answers %s with %i', async (path, status) => {
      const res = await get(open([origin]), imageProxyUrl(`${origin}${path}`, 600))
      expect(res.status).toBe(status)
      expect(transforms).toBe(0)
    })

    it('fetches again after the cache lifetime, and keeps the old copy while the source is down', async () => {
      const d = open([origin], { remoteTtlMs: 0 })
      const url = imageProxyUrl(`${origin}/bilder/wechselnd.png`, 320)
      const first = Buffer.from(await (await get(d, url)).arrayBuffer())
      expect((await get(d, url)).status).toBe(200)
      expect(transforms).toBe(2)
      sourceDown = true
      try {
        const stale = await get(d, url)
        expect(stale.status).toBe(200)
        expect(Buffer.from(await stale.arrayBuffer()).equals(first)).toBe(true)
        const nothingCached = await get(open([origin]), url)
        expect(nothingCached.status).toBe(502)
      } finally {
        sourceDown = false
      }
    })

    it('refuses a source larger than the size limit', async () => {
      const res = await get(open([origin], { maxSourceBytes: 100 }), imageProxyUrl(`${origin}/bilder/reise.png`, 600))
      expect(res.status).toBe(413)
    })

    it('gives up on a source that does not answer in time', async () => {
      const res = await get(open([origin], { fetchTimeoutMs: 300 }), imageProxyUrl(`${origin}/bilder/langsam.png`, 600))
      expect(res.status).toBe(504)
    })
  })
})

/**
 * A transform that holds the first image it gets until released and says when it started: only
 * then is the one resize slot surely taken (a sleep would only make it likely).
 */
function heldTransform(): { transform: Transform; started: Promise<void>; release: () => void } {
  let release = () => {}
  const blocked = new Promise<void>((resolve) => {
    release = resolve
  })
  let markStarted = () => {}
  const started = new Promise<void>((resolve) => {
    markStarted = resolve
  })
  let calls = 0
  const transform: Transform = async (input, options) => {
    transforms++
    if (++calls === 1) {
      markStarted()
      await blocked
    }
    return sharpTransform(input, options)
  }
  return { transform, started, release }
}

describe('load', () => {
  it('answers 503 with Retry-After when the resize queue is full', async () => {
    const held = heldTransform()
    const d = deps({ limiter: createLimiter(1, 0), transform: held.transform })
    const first = get(d, imageProxyUrl('/media/seed/trip-5-1.svg', 320))
    await held.started
    const second = await get(d, imageProxyUrl('/media/seed/trip-6-1.svg', 320))
    expect(second.status).toBe(503)
    expect(second.headers.get('retry-after')).toBe('5')
    held.release()
    expect((await first).status).toBe(200)
  })

  it('does not start a render whose client has gone while it waited', async () => {
    const held = heldTransform()
    const d = deps({ limiter: createLimiter(1, 8), transform: held.transform })
    const first = get(d, imageProxyUrl('/media/seed/trip-11-1.svg', 320))
    await held.started
    const gone = new AbortController()
    const second = handleImageRequest(new Request(`http://localhost${imageProxyUrl('/media/seed/trip-12-1.svg', 320)}`, { signal: gone.signal }), d)
    gone.abort()
    held.release()
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(499)
    expect(transforms).toBe(1)
  })
})
