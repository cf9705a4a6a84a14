// DESIGN 4 "Images are generated locally (no network)": the seed pictures are deterministic,
// well-formed, self-contained SVG with sizes within bounds.
import { describe, expect, it } from 'vitest'
import { hashString } from '~/server/db/seed/random'
import { SEED_IMAGE_MAX, SEED_IMAGE_MIN, renderSeedImage, seedImageScene, seedImageSize } from '~/server/media/seed-image.server'
import { handleSeedImageRequest } from '~/server/media/seed-route.server'

/**
 * A small well-formedness check (no DOMParser in node): every tag is opened and closed in
 * order, attributes are quoted, and no stray "<" or "&" stands in text.
 */
function isWellFormed(xml: string): boolean {
  const stack: string[] = []
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/gy
  let m: RegExpExecArray | null
  let consumed = 0
  while ((m = token.exec(xml))) {
    consumed = token.lastIndex
    const [, closing, name, , selfClosing, text] = m
    if (text !== undefined) {
      if (/[<&]/.test(text)) return false
      continue
    }
    if (!name) return false
    if (closing) {
      if (stack.pop() !== name) return false
    } else if (!selfClosing) stack.push(name)
  }
  return consumed === xml.length && stack.length === 0
}

const KEYS = ['trip-1-1', 'trip-12-1', 'blog-3', 'impression-2-5', 'trip-200-4', 'hotel-7-2', 'ship-3-1', 'a', 'x'.repeat(64)]

describe('renderSeedImage', () => {
  it('gives the same picture for the same key and different pictures for different keys', () => {
    for (const key of KEYS) expect(renderSeedImage(key, 1600, 1000)).toBe(renderSeedImage(key, 1600, 1000))
    const pictures = new Set(KEYS.map((k) => renderSeedImage(k, 1600, 1000)))
    expect(pictures.size).toBe(KEYS.length)
  })

  it('uses every scene over a catalogue worth of keys', () => {
    const scenes = new Set(Array.from({ length: 200 }, (_, i) => seedImageScene(`trip-${i + 1}-1`)))
    expect(scenes).toEqual(new Set(['hills', 'sea', 'mountains', 'city', 'river', 'coach']))
  })

  it('follows a motif named in the key', () => {
    expect(seedImageScene('ship-3-1')).toBe('river')
    expect(seedImageScene('trip-12-2-coach')).toBe('coach')
    expect(seedImageScene('trip-12-2-bus')).toBe('coach')
    expect(seedImageScene('impression-1-sea')).toBe('sea')
    // Only motif words count, not what every object carries (a plain lookup would find "constructor").
    expect(renderSeedImage('constructor-1', 1600, 1000)).toMatch(/^<svg /)
    expect(renderSeedImage('ship-3-1', 1600, 1000)).toContain('<title>Illustration: Fluss mit Schiff</title>')
  })

  it('is well-formed XML in the SVG namespace with the requested size', () => {
    for (const key of KEYS) {
      const svg = renderSeedImage(key, 800, 500)
      expect(isWellFormed(svg), key).toBe(true)
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="500" viewBox="0 0 1600 1000"/)
    }
    expect(isWellFormed('<svg><g></svg>')).toBe(false)
    expect(isWellFormed('<svg>a & b</svg>')).toBe(false)
  })

  it('has no external references, scripts or text except one German <title>', () => {
    for (const key of KEYS) {
      const svg = renderSeedImage(key, 1600, 1000)
      expect(svg.match(/<title>/g)).toHaveLength(1)
      expect(svg).toMatch(/<title>Illustration: [^<]+<\/title>/)
      expect(svg).not.toMatch(/<(text|script|image|use|foreignObject|a|style)\b/)
      expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg")|url\((?!#)/)
      expect(svg).not.toMatch(/\bon[a-z]+=/)
      expect(svg).not.toMatch(/NaN|undefined|Infinity/)
    }
  })

  it('clamps width and height to sane bounds', () => {
    expect(renderSeedImage('trip-1-1', 1_000_000, 1)).toContain(`width="${SEED_IMAGE_MAX}" height="${SEED_IMAGE_MIN}"`)
    expect(renderSeedImage('trip-1-1', Number.NaN, Number.POSITIVE_INFINITY)).toContain('width="1600" height="1000"')
    expect(renderSeedImage('trip-1-1', -5, 0)).toContain(`width="${SEED_IMAGE_MIN}" height="${SEED_IMAGE_MIN}"`)
    expect(renderSeedImage('trip-1-1', 640.4, 400.6)).toContain('width="640" height="401"')
  })

  it('keeps the 16:10 ratio when one side is missing', () => {
    expect(seedImageSize()).toEqual({ width: 1600, height: 1000 })
    expect(seedImageSize(800)).toEqual({ width: 800, height: 500 })
    expect(seedImageSize(undefined, 250)).toEqual({ width: 400, height: 250 })
    expect(seedImageSize(100_000)).toEqual({ width: SEED_IMAGE_MAX, height: 2560 })
  })

  it('hashes keys stably (FNV-1a)', () => {
    expect(hashString('')).toBe(0x811c9dc5)
    expect(hashString('a')).toBe(0xe40c292c)
  })
})

describe('GET /media/seed/{key}.svg', () => {
  const get = (path: string, headers: Record<string, string> = {}) => handleSeedImageRequest(new Request(`http://localhost${path}`, { headers }))

  it('answers SVG with a long cache lifetime, nosniff and an ETag', async () => {
    const res = get('/media/seed/trip-12-1.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe(renderSeedImage('trip-12-1', 1600, 1000))
    const etag = res.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(get('/media/seed/trip-12-1.svg', { 'if-none-match': etag }).status).toBe(304)
    // If-None-Match compares weakly, like the image proxy: a W/ prefix and * match as well.
    expect(get('/media/seed/trip-12-1.svg', { 'if-none-match': `"other", W/${etag}` }).status).toBe(304)
    expect(get('/media/seed/trip-12-1.svg', { 'if-none-match': '*' }).status).toBe(304)
    expect(get('/media/seed/trip-12-1.svg', { 'if-none-match': '"other"' }).status).toBe(200)
  })

  it('takes ?w= and ?h=', async () => {
    expect(await get('/media/seed/blog-3.svg?w=400').text()).toContain('width="400" height="250"')
    expect(await get('/media/seed/blog-3.svg?w=300&h=300').text()).toContain('width="300" height="300"')
    expect(get('/media/seed/blog-3.svg?w=abc').status).toBe(400)
    expect(get('/media/seed/blog-3.svg?w=1&w=2').status).toBe(400)
    expect(get('/media/seed/blog-3.svg?x=1').status).toBe(400)
  })

  it.each([
    '/media/seed/Trip-1.svg',
    '/media/seed/trip_1.svg',
    '/media/seed/trip-1.png',
    '/media/seed/trip-1',
    '/media/seed/..%2f..%2fetc%2fpasswd',
    '/media/seed/%2e%2e%2f%2e%2e%2fetc%2fpasswd.svg',
    '/media/seed/a/b.svg',
    `/media/seed/${'a'.repeat(65)}.svg`,
    '/media/seed/%E0%A4%A.svg',
  ])('answers 404 for %s', (path) => {
    expect(get(path).status).toBe(404)
  })
})
