// The sitemap protocol (sitemaps.org 0.9) and robots.txt: XML builders, chunking, absolute URLs,
// and the one list of the site's fixed pages that the HTML sitemap and /sitemap.xml share.
//
// Decisions where the spec is silent:
// - /sitemap.xml is always a sitemap index: one "pages" sitemap (fixed pages, categories,
//   countries, ships, hotels, blog, content pages) and the trips in chunks of at most 50,000 URLs
//   (/sitemap-trips-1.xml, /sitemap-trips-2.xml, …), so 100,000 trips need no special case.
// - Only published trips are listed; the search results, the wish list, payment links, /test/ and
//   the API are disallowed in robots.txt and never appear in a sitemap.
import { pageFromSearch, pageSearchSchema } from './paging'

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000

/** Trips per page of the HTML sitemap (/sitemap/?seite=2). */
export const HTML_SITEMAP_TRIPS_PER_PAGE = 500

export const ROBOTS_DISALLOW = ['/reiseuebersicht/search/', '/reiseuebersicht/merkliste/', '/buchung/', '/payment/', '/test/', '/api/'] as const

export type SitemapEntry = {
  /** A path on this site ('/reise/12/') or an absolute URL. */
  loc: string
  /** 'YYYY-MM-DD' or a full W3C datetime. */
  lastmod?: string
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

// XML 1.0 forbids these control characters even when escaped.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/** Escapes text for an XML element or attribute (the five entities the protocol names). */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)
}

/**
 * The site's origin without a trailing slash: the configured SITE_URL when set, else the fallback
 * (the server itself; never a request's Host header, see app/server/origin.server.ts).
 */
export function siteOrigin(siteUrl: string | undefined, fallbackOrigin: string): string {
  const base = new URL(siteUrl || fallbackOrigin)
  return base.origin
}

/** An absolute, percent-encoded URL for a path on the site; absolute URLs pass through. */
export function absoluteUrl(origin: string, loc: string): string {
  return new URL(loc, `${origin}/`).href
}

/**
 * The canonical address of a page: its path, and of a paged list the page (`?seite=2`); sort orders,
 * filters and other query parameters are views of the same page.
 */
export function canonicalUrl(origin: string, pathname: string, search: Record<string, unknown>): string {
  // A splat route's match has no trailing slash; the site's pages all end with one (spec 2).
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  const page = pageFromSearch(pageSearchSchema.parse(search))
  return absoluteUrl(origin, page > 1 ? `${path}?seite=${page}` : path)
}

function lines(entries: readonly SitemapEntry[], origin: string, tag: 'url' | 'sitemap'): string {
  return entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''
      return `<${tag}><loc>${escapeXml(absoluteUrl(origin, e.loc))}</loc>${lastmod}</${tag}>`
    })
    .join('\n')
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** A <urlset> sitemap; throws when given more URLs than the protocol allows in one file. */
export function buildUrlset(entries: readonly SitemapEntry[], origin: string): string {
  if (entries.length > SITEMAP_MAX_URLS) throw new RangeError(`a sitemap holds at most ${SITEMAP_MAX_URLS} URLs, got ${entries.length}`)
  const body = lines(entries, origin, 'url')
  return `${XML_HEAD}\n<urlset xmlns="${NS}">${body ? `\n${body}` : ''}\n</urlset>\n`
}

/** A <sitemapindex> naming the sitemap files. */
export function buildSitemapIndex(entries: readonly SitemapEntry[], origin: string): string {
  const body = lines(entries, origin, 'sitemap')
  return `${XML_HEAD}\n<sitemapindex xmlns="${NS}">${body ? `\n${body}` : ''}\n</sitemapindex>\n`
}

/** How many files of `size` entries hold `total` entries (at least one, so an empty list still has a file). */
export function chunkCount(total: number, size = SITEMAP_MAX_URLS): number {
  if (!Number.isFinite(total) || total <= 0) return 1
  return Math.ceil(total / Math.max(1, Math.floor(size)))
}

/** Offset and limit of the n-th chunk (counting from 1); null when n is out of range. */
export function chunkRange(n: number, total: number, size = SITEMAP_MAX_URLS): { offset: number; limit: number } | null {
  const count = chunkCount(total, size)
  if (!Number.isInteger(n) || n < 1 || n > count) return null
  return { offset: (n - 1) * size, limit: size }
}

/** Splits a list into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size = SITEMAP_MAX_URLS): T[][] {
  const step = Math.max(1, Math.floor(size))
  const out: T[][] = []
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step))
  return out
}

export const TRIP_SITEMAP_PREFIX = '/sitemap-trips-'

export function tripSitemapPath(n: number): string {
  return `${TRIP_SITEMAP_PREFIX}${n}.xml`
}

/** The chunk number of a '/sitemap-trips-{n}.xml' parameter: a plain positive integer, else null. */
export function parseChunkNumber(param: string): number | null {
  if (!/^[1-9][0-9]{0,6}$/.test(param)) return null
  return Number(param)
}

/** robots.txt: everything allowed except the private and endless areas, plus the sitemap's address. */
export function buildRobotsTxt(origin: string, disallow: readonly string[] = ROBOTS_DISALLOW): string {
  return ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join(
    '\n',
  )
}

export type SitePage = { path: string; label: string }
export type SitePageGroup = { key: 'reisen' | 'service' | 'unternehmen'; title: string; pages: readonly SitePage[] }

/** The site's fixed pages (spec 2 routes without a database id), grouped as the HTML sitemap shows them. */
export const SITE_PAGE_GROUPS: readonly SitePageGroup[] = [
  {
    key: 'reisen',
    title: 'Reisen entdecken',
    pages: [
      { path: '/', label: 'Startseite' },
      { path: '/reiselaender/', label: 'Reiseländer' },
      { path: '/map/', label: 'Reisekarte' },
      { path: '/reisekalender/', label: 'Reisekalender' },
      { path: '/flugreisen-reisekalender/', label: 'Flugreisen-Reisekalender' },
      { path: '/flugreisen-genussvoll-reisen/', label: 'Flugreisen – genussvoll reisen' },
      { path: '/ships/', label: 'Schiffe' },
      { path: '/hotels/', label: 'Hotels' },
      { path: '/reiseimpressionen/', label: 'Reiseimpressionen' },
      { path: '/kundenstimmen/', label: 'Kundenstimmen' },
      { path: '/blog/', label: 'Blog' },
      { path: '/gallery/', label: 'Galerie' },
    ],
  },
  {
    key: 'service',
    title: 'Service',
    pages: [
      { path: '/service/', label: 'Service' },
      { path: '/zustiegsstellen/', label: 'Zustiegsstellen' },
      { path: '/haustuertransfer/', label: 'Haustürtransfer' },
      { path: '/faq/', label: 'Häufige Fragen (FAQ)' },
      { path: '/forms/katalog/', label: 'Kataloge bestellen' },
      { path: '/forms/kontakt/', label: 'Kontakt' },
      { path: '/forms/gruppenanfrage/', label: 'Gruppenanfrage' },
      { path: '/newsletter/', label: 'Newsletter' },
      { path: '/bonusprogramm/', label: 'Bonusprogramm' },
      { path: '/inputmodes/', label: 'Eingabehilfen (Eingabeformate)' },
    ],
  },
  {
    key: 'unternehmen',
    title: 'Unternehmen und Reisebüros',
    pages: [
      { path: '/ueber-uns/', label: 'Über uns' },
      { path: '/reisebueros/', label: 'Für Reisebüros' },
      { path: '/reisebueros/agenturen/', label: 'Partner-Reisebüros' },
      { path: '/reisebueros/agentur-login/', label: 'Agentur-Login' },
      { path: '/sitemap/', label: 'Sitemap' },
    ],
  },
]

export const SITE_PAGES: readonly SitePage[] = SITE_PAGE_GROUPS.flatMap((g) => g.pages)
