// Spec 7 "Images go through a resizing proxy with allowed hosts and aliases" and spec 9 "Image
// proxy: quality 70, format webp, densities 1,1,2; breakpoints xs 0, sm 600, md 960, lg 1280,
// xl 1920, xxl 2560": the proxy's parameters, the srcset, the sources it accepts, the SSRF guard.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_BREAKPOINTS,
  IMAGE_WIDTHS,
  imageProxyUrl,
  isAllowedImageWidth,
  maxRenderedWidth,
  parseImageQuery,
  responsiveSources,
  seedImageKey,
  srcSetWidths,
} from '~/lib/image-proxy'
import { parseAllowedHosts, resolveImageSource } from '~/server/media/image-source.server'
import type { ImageSource } from '~/server/media/image-source.server'
import { isPrivateAddress } from '~/server/media/private-address.server'
import { createMemoryCache, findPublicDir, sniffImageFormat } from '~/server/media/image-proxy.server'

const query = (q: string) => parseImageQuery(new URLSearchParams(q))

describe('allowed widths (breakpoints × densities, plus card sizes)', () => {
  it('contains every breakpoint at 1× and the 2× values up to the largest breakpoint', () => {
    for (const b of Object.values(IMAGE_BREAKPOINTS)) if (b > 0) expect(IMAGE_WIDTHS).toContain(b)
    expect(IMAGE_WIDTHS).toContain(1200) // sm at 2×
    expect(IMAGE_WIDTHS).toContain(1920) // md at 2×
    expect(IMAGE_WIDTHS).toContain(2560) // lg at 2×
    expect(IMAGE_WIDTHS).toEqual(expect.arrayContaining([320, 400, 480, 800]))
  })

  it('is ascending, unique and capped at the xxl breakpoint', () => {
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual(IMAGE_WIDTHS)
    expect(new Set(IMAGE_WIDTHS).size).toBe(IMAGE_WIDTHS.length)
    expect(Math.max(...IMAGE_WIDTHS)).toBe(2560)
    expect(isAllowedImageWidth(3840)).toBe(false)
    expect(isAllowedImageWidth(0)).toBe(false)
    expect(isAllowedImageWidth(601)).toBe(false)
  })
})

describe('proxy query parameters', () => {
  it('accepts src and an allowed width; quality defaults to 70', () => {
    expect(query('src=/media/seed/trip-1-1.svg&w=600')).toEqual({ ok: true, query: { src: '/media/seed/trip-1-1.svg', w: 600, q: 70 } })
    expect(query('src=/a.jpg&w=960&q=70')).toEqual({ ok: true, query: { src: '/a.jpg', w: 960, q: 70 } })
    expect(DEFAULT_IMAGE_QUALITY).toBe(70)
  })

  it.each([
    ['w=600', 'Bildquelle'],
    ['src=/a.jpg', 'Breite'],
    ['src=/a.jpg&w=123', 'nicht angeboten'],
    ['src=/a.jpg&w=99999', 'nicht angeboten'],
    ['src=/a.jpg&w=600.5', 'ganze Zahl'],
    ['src=/a.jpg&w=-600', 'ganze Zahl'],
    ['src=/a.jpg&w=0600', 'ganze Zahl'],
    ['src=/a.jpg&w=abc', 'ganze Zahl'],
    ['src=/a.jpg&w=600&q=100', 'Qualität'],
    ['src=/a.jpg&w=600&q=x', 'Qualität'],
    ['src=/a.jpg&w=600&x=1', 'Unbekannter Parameter: x'],
    ['src=/a.jpg&w=600&w=960', 'nur einmal'],
    ['src=&w=600', 'Bildquelle'],
  ])('refuses %s with a German message', (q, message) => {
    const result = query(q)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain(message)
  })
})

describe('srcset', () => {
  it('builds canonical proxy URLs (default quality left out, src encoded)', () => {
    expect(imageProxyUrl('/media/seed/trip-1-1.svg', 600)).toBe('/media/image?src=%2Fmedia%2Fseed%2Ftrip-1-1.svg&w=600')
    expect(imageProxyUrl('https://cdn.example/a b.jpg?x=1&y=2', 320)).toBe('/media/image?src=https%3A%2F%2Fcdn.example%2Fa+b.jpg%3Fx%3D1%26y%3D2&w=320')
  })

  it('lists the widths up to the source width plus the next one, so full resolution stays reachable', () => {
    expect(srcSetWidths(1600)).toEqual([320, 400, 480, 600, 640, 800, 960, 1200, 1280, 1920])
    expect(srcSetWidths(1280)).toEqual([320, 400, 480, 600, 640, 800, 960, 1200, 1280])
    expect(srcSetWidths(300)).toEqual([320])
    expect(srcSetWidths(9000)).toEqual(IMAGE_WIDTHS)
  })

  it('stops at twice the largest rendered width when sizes is in px (density 2)', () => {
    expect(maxRenderedWidth('(min-width: 1280px) 400px, 300px')).toBe(400)
    expect(maxRenderedWidth('(min-width: 1280px) 400px, 100vw')).toBeNull()
    expect(maxRenderedWidth('calc(100vw - 2rem)')).toBeNull()
    expect(srcSetWidths(1600, '(min-width: 1280px) 400px, 300px')).toEqual([320, 400, 480, 600, 640, 800])
    expect(srcSetWidths(1600, '(min-width: 1280px) 400px, 100vw')).toEqual(srcSetWidths(1600))
  })

  it('gives w descriptors for every width and a middle width as src', () => {
    const { src, srcSet, widths } = responsiveSources('/media/seed/trip-3-1.svg', 1600)
    const entries = srcSet.split(', ')
    expect(entries).toHaveLength(widths.length)
    for (const [i, entry] of entries.entries()) {
      const [url, descriptor] = entry.split(' ')
      expect(descriptor).toBe(`${widths[i]}w`)
      expect(url).toBe(imageProxyUrl('/media/seed/trip-3-1.svg', widths[i] ?? 0))
    }
    expect(src).toBe(imageProxyUrl('/media/seed/trip-3-1.svg', widths[Math.floor((widths.length - 1) / 2)] ?? 0))
  })
})

describe('seed image keys', () => {
  it('reads the key of /media/seed/{key}.svg and nothing else', () => {
    expect(seedImageKey('/media/seed/trip-12-1.svg')).toBe('trip-12-1')
    expect(seedImageKey('/media/seed/impression-2-5.svg')).toBe('impression-2-5')
    expect(seedImageKey('/media/seed/../../etc/passwd.svg')).toBeNull()
    expect(seedImageKey('/media/seed/Trip-1.svg')).toBeNull()
    expect(seedImageKey('/media/seed/trip_1.svg')).toBeNull()
    expect(seedImageKey('/media/seed/a/b.svg')).toBeNull()
    expect(seedImageKey('/media/seed/.svg')).toBeNull()
    expect(seedImageKey(`/media/seed/${'a'.repeat(65)}.svg`)).toBeNull()
    expect(seedImageKey('/media/seed/trip-1.png')).toBeNull()
  })
})

describe('IMAGE_ALLOWED_HOSTS: hosts, origins and aliases', () => {
  const { allowList, errors } = parseAllowedHosts([
    'images.example.com',
    'http://intern.example:8080',
    'cdn=https://cdn.example.net/reisen/bilder',
    'Partner=https://partner.example/media/',
    'file=https://x.example/',
    'broken=ftp://x.example/',
    'not a host',
    'https://with.path.example/sub',
  ])

  it('reads hosts (https only), written-out origins and alias bases; refuses the rest', () => {
    expect([...allowList.origins].sort()).toEqual(['http://intern.example:8080', 'https://images.example.com'])
    expect(allowList.aliases.get('cdn')?.href).toBe('https://cdn.example.net/reisen/bilder/')
    expect(allowList.aliases.get('partner')?.href).toBe('https://partner.example/media/')
    expect(errors).toEqual(['file=https://x.example/', 'broken=ftp://x.example/', 'not a host', 'https://with.path.example/sub'])
  })

  const resolve = (src: string) => resolveImageSource(src, allowList)
  const sourceOf = (src: string): ImageSource => {
    const result = resolve(src)
    if (!result.ok) throw new Error(`${src} refused: ${result.message}`)
    return result.source
  }
  const statusOf = (src: string) => {
    const result = resolve(src)
    return result.ok ? 200 : result.status
  }

  it('resolves an alias below its base', () => {
    const source = sourceOf('cdn:gardasee/sirmione.jpg')
    expect(source.kind).toBe('remote')
    expect(source.canonical).toBe('https://cdn.example.net/reisen/bilder/gardasee/sirmione.jpg')
    expect(sourceOf('CDN:/wien.jpg').canonical).toBe('https://cdn.example.net/reisen/bilder/wien.jpg')
  })

  it('refuses an alias path that climbs out of its base, and unknown aliases', () => {
    expect(statusOf('cdn:../geheim.jpg')).toBe(400)
    expect(statusOf('cdn:a/../../geheim.jpg')).toBe(400)
    expect(statusOf('cdn:%2e%2e/geheim.jpg')).toBe(400)
    expect(statusOf('cdn:..%2fgeheim.jpg')).toBe(400)
    expect(statusOf('cdn:')).toBe(400)
    expect(statusOf('cdn:a.jpg?x=1')).toBe(400)
    expect(statusOf('unbekannt:a.jpg')).toBe(400)
  })

  it('accepts full URLs on an allowed origin or below an alias base', () => {
    expect(sourceOf('https://images.example.com/a/b.jpg#x').canonical).toBe('https://images.example.com/a/b.jpg')
    expect(sourceOf('http://intern.example:8080/x.png').kind).toBe('remote')
    expect(sourceOf('https://cdn.example.net/reisen/bilder/x.jpg').kind).toBe('remote')
  })

  it('refuses other hosts, other ports, plain http for a host entry and credentials', () => {
    expect(statusOf('https://evil.example/a.jpg')).toBe(403)
    expect(statusOf('https://images.example.com.evil.example/a.jpg')).toBe(403)
    expect(statusOf('http://images.example.com/a.jpg')).toBe(403)
    expect(statusOf('https://images.example.com:8443/a.jpg')).toBe(403)
    expect(statusOf('https://cdn.example.net/anderswo/x.jpg')).toBe(403)
    expect(statusOf('http://169.254.169.254/latest/meta-data')).toBe(403)
    expect(statusOf('https://user:pw@images.example.com/a.jpg')).toBe(400)
  })

  it.each([
    'file:///etc/passwd',
    'file:/etc/passwd',
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'blob:https://x/y',
    '//evil.example/a.jpg',
    '/../etc/passwd.jpg',
    '/bilder/../../etc/passwd.jpg',
    '/bilder/%2e%2e/%2e%2e/etc/passwd.jpg',
    '/bilder/..%2f..%2fetc/passwd.jpg',
    '/bilder\\..\\x.jpg',
    '/.env.jpg',
    '/bilder/a.jpg?x=1',
    '/bilder/a b.jpg',
    'bilder/a.jpg',
    '',
  ])('refuses %s', (src) => {
    expect(statusOf(src)).toBeGreaterThanOrEqual(400)
    expect(statusOf(src)).toBeLessThan(500)
  })

  it('takes this site’s own paths: seed pictures and raster files under public/', () => {
    expect(sourceOf('/media/seed/trip-12-1.svg')).toEqual({ kind: 'seed', key: 'trip-12-1', canonical: 'seed:trip-12-1' })
    expect(sourceOf('/bilder/team.jpg')).toEqual({ kind: 'file', path: '/bilder/team.jpg', canonical: 'file:/bilder/team.jpg' })
    expect(statusOf('/favicon.svg')).toBe(400)
    expect(statusOf('/media/seed/UPPER.svg')).toBe(404)
  })
})

describe('private, loopback and link-local addresses (SSRF guard)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    // NAT64 even to a public address: outside global unicast, the proxy fails closed.
    '64:ff9b::808:808',
    '2001:2::1',
    '::ffff:192.168.0.1',
    '::127.0.0.1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'fec0::1',
    'localhost',
    '1.2.3',
    '01.2.3.4',
    '256.1.1.1',
    '1:2:3:4:5:6:7:8:9',
    '',
  ])('%s is not public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true)
  })

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '::ffff:808:808', '2001:4860:4860::8888'])('%s is public', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false)
  })
})

describe('source files', () => {
  it('recognises raster formats by their bytes and refuses SVG and text', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffImageFormat(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toBe('png')
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp')
    expect(sniffImageFormat(Buffer.from('GIF89a', 'latin1'))).toBe('gif')
    expect(sniffImageFormat(Buffer.from('\0\0\0\x1cftypavif', 'latin1'))).toBe('avif')
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageFormat(Buffer.from('<!doctype html>'))).toBeNull()
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull()
  })

  it('finds public/ beside the Nitro server entry, else in the working folder', () => {
    expect(findPublicDir('/nowhere/server/index.mjs', '/nowhere-either')).toBeNull()
    expect(findPublicDir(undefined, process.cwd())).toBe(`${process.cwd()}/public`)
  })
})

describe('memory cache in front of the disk cache', () => {
  it('drops the least recently used entries beyond its byte budget', () => {
    const cache = createMemoryCache(10)
    cache.set('a', Buffer.alloc(4), 1)
    cache.set('b', Buffer.alloc(4), 1)
    expect(cache.get('a')?.body.length).toBe(4) // a is now the most recent
    cache.set('c', Buffer.alloc(4), 1)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    cache.set('big', Buffer.alloc(11), 1)
    expect(cache.get('big')).toBeUndefined()
  })
})
