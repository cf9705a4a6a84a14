// Sitemap protocol: escaping, absolute URLs, the 50,000-URL chunks, the index, robots.txt.
import { describe, expect, it } from 'vitest'
import {
  ROBOTS_DISALLOW,
  SITEMAP_MAX_URLS,
  SITE_PAGES,
  absoluteUrl,
  canonicalUrl,
  buildRobotsTxt,
  buildSitemapIndex,
  buildUrlset,
  chunk,
  chunkCount,
  chunkRange,
  escapeXml,
  parseChunkNumber,
  siteOrigin,
  tripSitemapPath,
} from '~/lib/sitemap'

const ORIGIN = 'https://www.sonnenland-reisen.example'

describe('escapeXml', () => {
  it('escapes the five XML entities', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })

  it('does not double-escape and drops characters XML forbids', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;')
    expect(escapeXml('a\u0000b\u0008c\td')).toBe('abc\td')
  })
})

describe('URLs', () => {
  it('prefers the configured SITE_URL over the request origin', () => {
    expect(siteOrigin('https://www.sonnenland-reisen.example/', 'http://10.0.0.5:3000/sitemap.xml')).toBe(ORIGIN)
    expect(siteOrigin(undefined, 'http://localhost:3304/sitemap.xml')).toBe('http://localhost:3304')
  })

  it('makes paths absolute and percent-encodes them', () => {
    expect(absoluteUrl(ORIGIN, '/reise/12/')).toBe(`${ORIGIN}/reise/12/`)
    expect(absoluteUrl(ORIGIN, '/blog/detail/über uns/')).toBe(`${ORIGIN}/blog/detail/%C3%BCber%20uns/`)
    expect(absoluteUrl(ORIGIN, 'https://other.example/x')).toBe('https://other.example/x')
  })
  it('names a page canonically by its path, with the page of a paged list and without views of it', () => {
    expect(canonicalUrl(ORIGIN, '/hotels/', {})).toBe(`${ORIGIN}/hotels/`)
    expect(canonicalUrl(ORIGIN, '/blog/', { page: 3, x: 1 })).toBe(`${ORIGIN}/blog/?seite=3`)
    expect(canonicalUrl(ORIGIN, '/blog/', { seite: 2 })).toBe(`${ORIGIN}/blog/?seite=2`)
    expect(canonicalUrl(ORIGIN, '/blog/', { seite: 1 })).toBe(`${ORIGIN}/blog/`)
    expect(canonicalUrl(ORIGIN, '/reiseuebersicht/busreisen', { sortBy: 'price' })).toBe(`${ORIGIN}/reiseuebersicht/busreisen/`)
    expect(canonicalUrl(ORIGIN, '/faq/', { seite: 'abc' })).toBe(`${ORIGIN}/faq/`)
  })
})

describe('buildUrlset', () => {
  it('writes a valid urlset with absolute, escaped locations', () => {
    const xml = buildUrlset([{ loc: '/reise/1/' }, { loc: '/suche/?a=1&b=2', lastmod: '2027-01-02' }], ORIGIN)
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(xml).toContain(`<url><loc>${ORIGIN}/reise/1/</loc></url>`)
    expect(xml).toContain(`<url><loc>${ORIGIN}/suche/?a=1&amp;b=2</loc><lastmod>2027-01-02</lastmod></url>`)
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
    expect(xml.trim().endsWith('</urlset>')).toBe(true)
  })

  it('allows an empty urlset', () => {
    expect(buildUrlset([], ORIGIN)).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>')
  })

  it('refuses more URLs than the protocol allows in one file', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ loc: `/reise/${i}/` }))
    expect(() => buildUrlset(many, ORIGIN)).toThrow(RangeError)
    expect(() => buildUrlset(many.slice(0, SITEMAP_MAX_URLS), ORIGIN)).not.toThrow()
  })
})

describe('buildSitemapIndex', () => {
  it('lists the sitemap files', () => {
    const xml = buildSitemapIndex([{ loc: '/sitemap-pages.xml' }, { loc: tripSitemapPath(1) }, { loc: tripSitemapPath(2) }], ORIGIN)
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml.match(/<sitemap>/g)).toHaveLength(3)
    expect(xml).toContain(`<sitemap><loc>${ORIGIN}/sitemap-trips-2.xml</loc></sitemap>`)
  })
})

describe('chunking', () => {
  it('100,000 trips need two files of 50,000; 100,001 need three', () => {
    expect(chunkCount(100_000)).toBe(2)
    expect(chunkCount(100_001)).toBe(3)
    expect(chunkCount(200)).toBe(1)
  })

  it('an empty list still has one (empty) file', () => {
    expect(chunkCount(0)).toBe(1)
    expect(chunkRange(1, 0)).toEqual({ offset: 0, limit: SITEMAP_MAX_URLS })
  })

  it('chunkRange gives offsets and refuses numbers out of range', () => {
    expect(chunkRange(2, 100_000)).toEqual({ offset: 50_000, limit: 50_000 })
    expect(chunkRange(3, 100_000)).toBeNull()
    expect(chunkRange(0, 100_000)).toBeNull()
    expect(chunkRange(1.5, 100_000)).toBeNull()
  })

  it('chunk splits a list without losing or repeating entries', () => {
    const items = Array.from({ length: 12 }, (_, i) => i)
    const parts = chunk(items, 5)
    expect(parts.map((p) => p.length)).toEqual([5, 5, 2])
    expect(parts.flat()).toEqual(items)
  })

  it('parseChunkNumber reads only plain positive integers', () => {
    expect(parseChunkNumber('1')).toBe(1)
    expect(parseChunkNumber('12')).toBe(12)
    for (const bad of ['0', '01', '-1', '1.5', 'a', '', '1e3', '99999999']) expect(parseChunkNumber(bad)).toBeNull()
  })
})

describe('buildRobotsTxt', () => {
  it('allows everything except the private areas and names the sitemap', () => {
    const txt = buildRobotsTxt(ORIGIN)
    expect(txt).toContain('User-agent: *')
    expect(txt).toContain('Allow: /')
    for (const path of ['/reiseuebersicht/search/', '/reiseuebersicht/merkliste/', '/payment/', '/test/', '/api/']) {
      expect(txt).toContain(`Disallow: ${path}`)
    }
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('SITE_PAGES', () => {
  it('lists every fixed page once, with a trailing slash, and nothing robots.txt disallows', () => {
    const paths = SITE_PAGES.map((p) => p.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) {
      expect(path.endsWith('/')).toBe(true)
      expect(ROBOTS_DISALLOW.some((d) => path.startsWith(d))).toBe(false)
    }
    for (const path of ['/zustiegsstellen/', '/haustuertransfer/', '/service/', '/newsletter/', '/forms/kontakt/', '/reisebueros/agenturen/']) {
      expect(paths).toContain(path)
    }
  })
})
