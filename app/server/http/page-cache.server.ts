// Rendered pages for anonymous visitors, kept in memory per URL, day and content version
// (app/server/content-version.server.ts): a page that depends on nothing personal is rendered
// once and then served like a file.
//
// - A catalogue page is the same for everybody (DESIGN 13: what is personal in it, the header's
//   sign-in, the Merkliste, the agency session, comes after load). It is rendered from the request
//   without its cookies, so that nothing of one visitor can reach the kept page whatever the code
//   reads, and every visitor gets the kept page: one with a booking draft or a booking's access
//   cookie, a signed-in customer, one with a third party's cookie.
// - The parameters that ads, newsletters and search engines add to a link (gclid, fbclid, utm_*)
//   are no page's business: a page is kept and rendered without them, so that a visitor from an ad
//   with a click id of its own gets the kept page instead of a render of a URL nobody asked for.
// - Personal, rendered for the visitor alone and never kept: an Authorization header, the office,
//   the booking, payment, newsletter-link and account pages (what they show changes with more than
//   the content), and any response with Set-Cookie or Cache-Control private/no-store.
// - The CSP nonce stays fresh: a page is kept cut at its nonce, and every answer puts its own
//   nonce between the pieces. The gzip variant is kept the same way, as raw deflate pieces (each
//   compressed with the text before it as its dictionary, the nonces in it blanked out so that
//   nothing refers to them) joined per answer by stored blocks that carry the nonce, with the CRC
//   of the whole page computed per answer. Brotli cannot be joined like this; a browser that takes
//   gzip gets gzip.
// - Many asking at once for a page not yet kept: one render, the others wait for it.
// - Bounded by PAGE_CACHE_MB; least recently used pages go first; everything goes when the
//   version changes.
// - ETag (from the page without its nonces) and 304; Cache-Control `private, no-cache`: the
//   browser asks again each time (a 304 costs nothing), a shared cache keeps nothing (it would
//   hand one nonce to everyone).
import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { acceptsEncoding } from './compress.server'

/**
 * Paths that show one visitor's booking, payment or newsletter sign-up (their URLs carry its
 * token), and the customer's account with its sign-in pages (DESIGN 13; their links carry tokens).
 */
const PERSONAL_PATHS = /^\/(buchung|payment|newsletter|konto|anmelden|registrierung|passwort)\//i

/** Mein Konto and the pages that sign a customer in: never kept by a browser or proxy either. */
export function isAccountPath(pathname: string): boolean {
  return /^\/(konto|anmelden|registrierung|passwort)(\/|$)/i.test(pathname)
}

/** The operator's office (DESIGN 11): every page is one staff member's, none is ever kept. */
export function isOfficePath(pathname: string): boolean {
  return /^\/buero(\/|$)/i.test(pathname)
}

const WINDOW = 32 * 1024

/**
 * Query parameters that others add to a link to the site and no page reads: campaign tags
 * (utm_*), click ids of Google (gclid, gbraid, wbraid, gad_*, dclid, srsltid on search results),
 * Meta (fbclid), Microsoft (msclkid), Yandex, X, TikTok and LinkedIn, Mailchimp's (mc_cid, mc_eid),
 * Google Analytics' cross-domain ids (_ga, _gl) and Instagram's share id.
 */
const TRACKING_PARAMETER = /^(utm_\w+|gclid|gbraid|wbraid|gad_\w+|dclid|srsltid|fbclid|msclkid|yclid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|igshid)$/i

/** A query's parameters as written: '?a=1&b' gives 'a=1' and 'b'. */
function queryParts(search: string): string[] {
  return search ? search.slice(1).split('&') : []
}

function isTracking(part: string): boolean {
  return TRACKING_PARAMETER.test(part.split('=', 1)[0] ?? '')
}

/** The query without tracking parameters, the others as they were written ('' when none is left). */
export function searchWithoutTracking(search: string): string {
  const kept = queryParts(search).filter((part) => !isTracking(part))
  return kept.length > 0 ? `?${kept.join('&')}` : ''
}

/**
 * A redirect the page rendered without the visitor's tracking parameters answered (the router's
 * own trailing slash, a wrong sort order put right), leading on with them: the campaign stays in
 * the address. Such an answer is the visitor's alone, never kept.
 */
export function redirectWithTracking(response: Response, visitorSearch: string): Response {
  const location = response.headers.get('location')
  if (response.status < 300 || response.status > 399 || !location) return response
  const tracking = queryParts(visitorSearch).filter(isTracking)
  if (tracking.length === 0) return response
  const hashAt = location.indexOf('#')
  const [target, hash] = hashAt < 0 ? [location, ''] : [location.slice(0, hashAt), location.slice(hashAt)]
  const headers = new Headers(response.headers)
  headers.set('location', `${target}${target.includes('?') ? '&' : '?'}${tracking.join('&')}${hash}`)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * The cache key of a page request, or null when the answer may be personal or nothing may be
 * kept (no version known yet). The caller has checked that it is a GET for an HTML page.
 */
export function pageCacheKey(request: Request, url: URL, version: string | null, day: string): string | null {
  if (version === null || request.method !== 'GET') return null
  if (PERSONAL_PATHS.test(url.pathname) || isOfficePath(url.pathname) || url.searchParams.has('debug')) return null
  if (request.headers.has('authorization')) return null
  return `${version} ${day} ${url.host}${url.pathname}${searchWithoutTracking(url.search)}`
}

/**
 * The request a page everybody shares is rendered from: the visitor's GET without its cookies and
 * without tracking parameters in its URL. The client's address goes with it (srvx's `ip`, which
 * the framework's getRequestIP reads), so that a limit counts the same client.
 */
export function sharedRequest(request: Request): Request {
  const url = new URL(request.url)
  url.search = searchWithoutTracking(url.search)
  const headers = new Headers(request.headers)
  headers.delete('cookie')
  const shared = new Request(url, { method: request.method, headers, signal: request.signal })
  const ip = (request as Request & { ip?: unknown }).ip
  if (typeof ip === 'string') Object.defineProperty(shared, 'ip', { value: ip })
  return shared
}

/** Whether a rendered answer may be kept for everybody. */
function storable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false
  if (response.headers.has('set-cookie')) return false
  return !/no-store|private/i.test(response.headers.get('cache-control') ?? '')
}

export type CachedPage = {
  /** The page cut at its nonce: the nonce goes between every two pieces. */
  pieces: Buffer[]
  /** Each piece as raw deflate, not final, ending on a byte boundary. */
  deflated: Buffer[]
  contentType: string
  etag: string
  bytes: number
}

/** Cuts a page at every occurrence of its nonce. */
export function cutAtNonce(html: Buffer, nonce: string): Buffer[] {
  const needle = Buffer.from(nonce)
  const pieces: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    pieces.push(html.subarray(from, at))
    from = at + needle.length
  }
  pieces.push(html.subarray(from))
  return pieces
}

/**
 * Each piece as raw deflate that may refer back into the pieces before it but never into a nonce:
 * its dictionary is the text before it with the nonces as NUL bytes, which no HTML contains.
 */
function deflatePieces(pieces: readonly Buffer[], nonceLength: number): Buffer[] {
  const blank = Buffer.alloc(nonceLength)
  let before = Buffer.alloc(0)
  return pieces.map((piece, i) => {
    const options: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }
    const dictionary = before.subarray(Math.max(0, before.length - WINDOW))
    const deflated = zlib.deflateRawSync(piece, dictionary.length ? { ...options, dictionary } : options)
    if (i < pieces.length - 1) before = Buffer.concat([before.subarray(Math.max(0, before.length - WINDOW)), piece, blank])
    return deflated
  })
}

export function makeCachedPage(html: Buffer, nonce: string, contentType: string): CachedPage {
  const pieces = cutAtNonce(html, nonce)
  const deflated = deflatePieces(pieces, Buffer.byteLength(nonce))
  const hash = createHash('sha256')
  for (const piece of pieces) hash.update(piece).update('\0')
  const etag = `W/"${hash.digest('base64url').slice(0, 22)}"`
  const bytes = pieces.reduce((n, p) => n + p.length, 0) + deflated.reduce((n, d) => n + d.length, 0)
  return { pieces, deflated, contentType, etag, bytes }
}

/** The page with this nonce. */
export function pageHtml(page: CachedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce)
  return Buffer.concat(page.pieces.flatMap((piece, i) => (i === 0 ? [piece] : [value, piece])))
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block marked final. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** The nonce as an uncompressed (stored) deflate block, not final. */
function storedBlock(value: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head[0] = 0x00
  head.writeUInt16LE(value.length, 1)
  head.writeUInt16LE(~value.length & 0xffff, 3)
  return Buffer.concat([head, value])
}

/** The page with this nonce as a gzip member, joined from the kept pieces. */
export function pageGzip(page: CachedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce)
  const block = storedBlock(value)
  const parts: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  page.deflated.forEach((deflated, i) => {
    if (i > 0) {
      parts.push(block)
      crc = zlib.crc32(value, crc)
      size += value.length
    }
    parts.push(deflated)
    const piece = page.pieces[i] ?? Buffer.alloc(0)
    crc = zlib.crc32(piece, crc)
    size += piece.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  parts.push(LAST_BLOCK, trailer)
  return Buffer.concat(parts)
}

function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const weak = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag))
}

export const PAGE_CACHE_CONTROL = 'private, no-cache'

/** The answer for one visitor: 304, gzip or plain, always with this visitor's nonce. */
export function answerFromCache(page: CachedPage, request: Request, nonce: string, state: 'HIT' | 'MISS'): Response {
  const headers = new Headers({ 'Cache-Control': PAGE_CACHE_CONTROL, ETag: page.etag, Vary: 'Accept-Encoding', 'X-Cache': state })
  if (matchesEtag(request.headers.get('if-none-match'), page.etag)) return new Response(null, { status: 304, headers })
  headers.set('Content-Type', page.contentType)
  const gzip = acceptsEncoding(request.headers.get('accept-encoding'), 'gzip')
  const body = gzip ? pageGzip(page, nonce) : pageHtml(page, nonce)
  if (gzip) headers.set('Content-Encoding', 'gzip')
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: 200, headers })
}

export class PageCache {
  /** Least recently used pages go first; a page larger than a quarter of the whole would push out too much. */
  private readonly pages: LRUCache<string, CachedPage> | null
  private rendering = new Map<string, Promise<CachedPage | null>>()
  /** Counts clears: a render that began before one is not kept. */
  private generation = 0

  constructor(maxBytes: number) {
    const maxSize = Math.floor(maxBytes)
    this.pages =
      maxSize >= 4 ? new LRUCache({ maxSize, maxEntrySize: Math.floor(maxSize / 4), sizeCalculation: (page) => Math.max(1, page.bytes) }) : null
  }

  get size(): { pages: number; bytes: number } {
    return { pages: this.pages?.size ?? 0, bytes: this.pages?.calculatedSize ?? 0 }
  }

  clear(): void {
    this.pages?.clear()
    this.generation++
  }

  /**
   * Answers from the cache, or renders (once for all who ask for the key at the same time) with
   * this request's nonce and keeps the page when it may be kept for everybody.
   */
  async serve(request: Request, key: string | null, nonce: string, render: () => Response | Promise<Response>): Promise<Response> {
    if (key === null || !this.pages) return render()
    const kept = this.pages.get(key)
    if (kept) return answerFromCache(kept, request, nonce, 'HIT')
    const pending = this.rendering.get(key)
    if (pending) {
      const page = await pending.catch(() => null)
      return page ? answerFromCache(page, request, nonce, 'HIT') : render()
    }
    let settle: (page: CachedPage | null) => void = () => {}
    this.rendering.set(key, new Promise((resolve) => (settle = resolve)))
    const generation = this.generation
    try {
      const response = await render()
      if (!storable(response)) {
        settle(null)
        return response
      }
      const html = Buffer.from(await response.arrayBuffer())
      const page = makeCachedPage(html, nonce, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
      if (generation === this.generation) this.pages.set(key, page)
      settle(page)
      return answerFromCache(page, request, nonce, 'MISS')
    } catch (error) {
      settle(null)
      throw error
    } finally {
      this.rendering.delete(key)
    }
  }
}
