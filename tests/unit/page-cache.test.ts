import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PageCache, makeCachedPage, pageCacheKey, pageGzip, pageHtml, redirectWithTracking, searchWithoutTracking, sharedRequest } from '~/server/http/page-cache.server'

const nonce = () => randomBytes(16).toString('base64')
const url = (path: string) => new URL(`http://localhost:3000${path}`)
const get = (path: string, headers: Record<string, string> = {}) => new Request(url(path), { headers })

/** A page like the ones the server renders: the nonce in several places, text repeated around them. */
function page(n: string, words = 'Reise nach Rom – acht Tage Busreise mit Halbpension. ') {
  return (
    `<!doctype html><html lang="de"><head><link rel="modulepreload" nonce="${n}" href="/assets/a.js">` +
    `<style nonce="${n}">body{margin:0}</style></head><body>${words.repeat(200)}` +
    `<script nonce="${n}">window.$_TSR={}</script>${words.repeat(50)}<script type="module" nonce="${n}" src="/assets/b.js"></script></body></html>`
  )
}

describe('pageCacheKey', () => {
  const v = '42'
  const day = '2026-11-26'

  it('keys an anonymous page by version, day, host, path and query', () => {
    expect(pageCacheKey(get('/reise/1/'), url('/reise/1/'), v, day)).toBe('42 2026-11-26 localhost:3000/reise/1/')
    expect(pageCacheKey(get('/suche/?seite=2'), url('/suche/?seite=2'), v, day)).toBe('42 2026-11-26 localhost:3000/suche/?seite=2')
    expect(pageCacheKey(get('/'), url('/'), '43', day)).not.toBe(pageCacheKey(get('/'), url('/'), v, day))
    expect(pageCacheKey(get('/'), url('/'), v, '2026-11-27')).not.toBe(pageCacheKey(get('/'), url('/'), v, day))
  })

  it('keys a catalogue page whatever cookies the visitor has: it is rendered without them', () => {
    const key = pageCacheKey(get('/reise/1/'), url('/reise/1/'), v, day)
    for (const cookie of ['locale=de-DE', 'locale=de-DE; buchung-12=abc', 'bestaetigung-SR123=abc', 'konto.session_token=x', '_ga=GA1.1'])
      expect(pageCacheKey(get('/reise/1/', { cookie }), url('/reise/1/'), v, day), cookie).toBe(key)
  })

  it('refuses anything that may be personal, and everything while no version is known', () => {
    expect(pageCacheKey(get('/', { authorization: 'Basic eDp5' }), url('/'), v, day)).toBeNull()
    expect(pageCacheKey(get('/buchung/5/step1/'), url('/buchung/5/step1/'), v, day)).toBeNull()
    expect(pageCacheKey(get('/payment/abc/'), url('/payment/abc/'), v, day)).toBeNull()
    expect(pageCacheKey(get('/newsletter/bestaetigen/abc/'), url('/newsletter/bestaetigen/abc/'), v, day)).toBeNull()
    expect(pageCacheKey(get('/?debug=x'), url('/?debug=x'), v, day)).toBeNull()
    expect(pageCacheKey(new Request(url('/'), { method: 'HEAD' }), url('/'), v, day)).toBeNull()
    expect(pageCacheKey(get('/'), url('/'), null, day)).toBeNull()
  })
})

describe('sharedRequest', () => {
  it('is the same GET without the Cookie header, with the client address and the abort signal', () => {
    const abort = new AbortController()
    const visitor = new Request(url('/reise/1/?seite=2'), {
      headers: { cookie: 'buchung-12=abc; konto.session_token=x', 'accept-encoding': 'gzip', 'if-none-match': 'W/"1"' },
      signal: abort.signal,
    })
    Object.defineProperty(visitor, 'ip', { value: '203.0.113.7' })
    const shared = sharedRequest(visitor)
    expect(shared.url).toBe('http://localhost:3000/reise/1/?seite=2')
    expect(shared.method).toBe('GET')
    expect(shared.headers.has('cookie')).toBe(false)
    expect(shared.headers.get('accept-encoding')).toBe('gzip')
    expect(shared.headers.get('if-none-match')).toBe('W/"1"')
    expect((shared as Request & { ip?: string }).ip).toBe('203.0.113.7')
    // The visitor's own request keeps its cookies.
    expect(visitor.headers.get('cookie')).toContain('buchung-12=abc')
    abort.abort()
    expect(shared.signal.aborted).toBe(true)
  })

  it('leaves out the tracking parameters of its URL, and nothing else', () => {
    const ad = get('/reiseuebersicht/busreisen/?utm_source=newsletter&page=2&gclid=Cj0KCQ&q=R%C3%BCgen+Ostsee')
    expect(sharedRequest(ad).url).toBe('http://localhost:3000/reiseuebersicht/busreisen/?page=2&q=R%C3%BCgen+Ostsee')
    expect(sharedRequest(get('/reise/1/?fbclid=IwAR2x')).url).toBe('http://localhost:3000/reise/1/')
  })
})

describe('searchWithoutTracking', () => {
  it('drops campaign tags and click ids, keeps every other parameter as it was written', () => {
    expect(searchWithoutTracking('')).toBe('')
    expect(searchWithoutTracking('?page=2')).toBe('?page=2')
    expect(searchWithoutTracking('?gclid=a&UTM_Campaign=b&utm_medium=c&fbclid=d&msclkid=e&srsltid=f&mc_cid=g&_gl=h&gad_source=1')).toBe('')
    expect(searchWithoutTracking('?q=a%20b&utm_source=x&sort=preis&seite')).toBe('?q=a%20b&sort=preis&seite')
    // Only whole names: a parameter that merely begins like one stays.
    expect(searchWithoutTracking('?gclidx=1&utm=2&my_gclid=3')).toBe('?gclidx=1&utm=2&my_gclid=3')
  })

  it('makes an ad click with its own click id the same page as the link without it', () => {
    const key = pageCacheKey(get('/reise/1/'), url('/reise/1/'), '42', '2026-11-26')
    for (const path of ['/reise/1/?gclid=Cj0KCQiA', '/reise/1/?utm_source=newsletter&utm_medium=email', '/reise/1/?fbclid=IwAR2x&_gl=1*abc'])
      expect(pageCacheKey(get(path), url(path), '42', '2026-11-26'), path).toBe(key)
    expect(pageCacheKey(get('/reise/1/?termin=5&gclid=x'), url('/reise/1/?termin=5&gclid=x'), '42', '2026-11-26')).toBe('42 2026-11-26 localhost:3000/reise/1/?termin=5')
  })
})

describe('a kept page', () => {
  it('answers with the nonce it is given, plain and as gzip', () => {
    const first = nonce()
    const kept = makeCachedPage(Buffer.from(page(first)), first, 'text/html; charset=utf-8')
    expect(kept.pieces).toHaveLength(5)
    for (const n of [nonce(), nonce()]) {
      expect(pageHtml(kept, n).toString()).toBe(page(n))
      expect(zlib.gunzipSync(pageGzip(kept, n)).toString()).toBe(page(n))
    }
  })

  it('compresses about as well as gzip of the whole page', () => {
    const n = nonce()
    // Text that does not compress on its own, repeated after each nonce: only a reference back
    // across the nonce (the dictionary) makes the repetition cheap.
    const html = Buffer.from(page(n, randomBytes(3000).toString('base64')))
    const kept = makeCachedPage(html, n, 'text/html')
    const whole = zlib.gzipSync(html, { level: 9 }).length
    // At most the four nonces as stored blocks and a few bytes of block ends more.
    expect(pageGzip(kept, nonce()).length).toBeLessThan(whole + 4 * 40)
  })

  it('joins correctly wherever the nonce falls, also in text it repeats (random pages)', () => {
    for (let round = 0; round < 50; round++) {
      const n = nonce()
      const parts: string[] = []
      const count = 1 + (round % 7)
      for (let i = 0; i <= count; i++)
        parts.push(
          randomBytes(round * 40 + i * 13)
            .toString('base64')
            .repeat(1 + (i % 3)),
        )
      const html = parts.join(n)
      const kept = makeCachedPage(Buffer.from(html), n, 'text/html')
      const fresh = nonce()
      expect(zlib.gunzipSync(pageGzip(kept, fresh)).toString()).toBe(parts.join(fresh))
    }
  })

  it('has an ETag that does not depend on the nonce', () => {
    const [a, b] = [nonce(), nonce()]
    expect(makeCachedPage(Buffer.from(page(a)), a, 'text/html').etag).toBe(makeCachedPage(Buffer.from(page(b)), b, 'text/html').etag)
    expect(makeCachedPage(Buffer.from(page(a, 'x')), a, 'text/html').etag).not.toBe(
      makeCachedPage(Buffer.from(page(a)), a, 'text/html').etag,
    )
  })
})

/** A render of page() with the nonce of the request that renders, counting its calls. */
function renderer(init: { status?: number; headers?: Record<string, string> } = {}) {
  const calls: string[] = []
  return {
    calls,
    render: (n: string) => async () => {
      calls.push(n)
      await new Promise((resolve) => setTimeout(resolve, 5))
      return new Response(page(n), { status: 200, ...init, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } })
    },
  }
}

const gzipRequest = (headers: Record<string, string> = {}) => get('/reise/1/', { 'accept-encoding': 'gzip, deflate, br', ...headers })

async function bodyOf(response: Response): Promise<string> {
  const buffer = Buffer.from(await response.arrayBuffer())
  return response.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(buffer).toString() : buffer.toString()
}

describe('PageCache', () => {
  it('renders once for many at once; every answer carries its own nonce', async () => {
    const cache = new PageCache(1024 * 1024)
    const { calls, render } = renderer()
    const nonces = Array.from({ length: 10 }, nonce)
    const answers = await Promise.all(nonces.map((n) => cache.serve(gzipRequest(), 'k', n, render(n))))
    expect(calls).toHaveLength(1)
    for (const [i, answer] of answers.entries()) {
      expect(answer.headers.get('content-encoding')).toBe('gzip')
      expect(answer.headers.get('x-cache')).toBe(i === 0 ? 'MISS' : 'HIT')
      expect(await bodyOf(answer)).toBe(page(nonces[i] ?? ''))
    }
    const later = nonce()
    const plain = await cache.serve(get('/reise/1/'), 'k', later, render(later))
    expect(calls).toHaveLength(1)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(page(later))
  })

  it('answers 304 to the ETag it gave', async () => {
    const cache = new PageCache(1024 * 1024)
    const { render } = renderer()
    const first = await cache.serve(gzipRequest(), 'k', nonce(), render(nonce()))
    const etag = first.headers.get('etag') ?? ''
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const again = await cache.serve(gzipRequest({ 'if-none-match': etag }), 'k', nonce(), render(nonce()))
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('keeps nothing personal or failed: Set-Cookie, private, other statuses, no key', async () => {
    const refused: { status?: number; headers?: Record<string, string> }[] = [
      { headers: { 'Set-Cookie': 'buchung-1=abc; HttpOnly' } },
      { headers: { 'Cache-Control': 'private, no-store' } },
      { status: 404 },
    ]
    for (const init of refused) {
      const cache = new PageCache(1024 * 1024)
      const { calls, render } = renderer(init)
      await cache.serve(gzipRequest(), 'k', nonce(), render(nonce()))
      const second = await cache.serve(gzipRequest(), 'k', nonce(), render(nonce()))
      expect(calls).toHaveLength(2)
      expect(second.headers.get('x-cache')).toBeNull()
      expect(cache.size.pages).toBe(0)
    }
    const cache = new PageCache(1024 * 1024)
    const { calls, render } = renderer()
    await cache.serve(gzipRequest(), null, nonce(), render(nonce()))
    await cache.serve(gzipRequest(), null, nonce(), render(nonce()))
    expect(calls).toHaveLength(2)
  })

  it('drops everything on clear, also a render that was running then', async () => {
    const cache = new PageCache(1024 * 1024)
    const { calls, render } = renderer()
    await cache.serve(gzipRequest(), 'a', nonce(), render(nonce()))
    const running = cache.serve(gzipRequest(), 'b', nonce(), render(nonce()))
    cache.clear()
    await running
    expect(cache.size).toEqual({ pages: 0, bytes: 0 })
    await cache.serve(gzipRequest(), 'a', nonce(), render(nonce()))
    expect(calls).toHaveLength(3)
  })

  it('stays within its size, the least recently used page going first', async () => {
    const one = makeCachedPage(Buffer.from(page(nonce())), 'x', 'text/html').bytes
    const cache = new PageCache(one * 4.5)
    const { render } = renderer()
    for (const key of ['a', 'b', 'c', 'd']) await cache.serve(gzipRequest(), key, nonce(), render(nonce()))
    await cache.serve(gzipRequest(), 'a', nonce(), render(nonce()))
    await cache.serve(gzipRequest(), 'e', nonce(), render(nonce()))
    expect(cache.size.pages).toBe(4)
    expect(cache.size.bytes).toBeLessThanOrEqual(one * 4.5)
    expect((await cache.serve(gzipRequest(), 'a', nonce(), render(nonce()))).headers.get('x-cache')).toBe('HIT')
    expect((await cache.serve(gzipRequest(), 'b', nonce(), render(nonce()))).headers.get('x-cache')).toBe('MISS')
  })
})

describe('redirectWithTracking', () => {
  const redirect = (location: string, status = 307) => new Response(null, { status, headers: { location, 'cache-control': 'no-store' } })

  it('puts the visitor\'s tracking parameters back on a redirect of the page rendered without them', () => {
    const visitor = '?utm_source=newsletter&sortBy=preis&gclid=Cj0&utm_campaign=herbst'
    const answer = redirectWithTracking(redirect('/reiseuebersicht/busreisen/'), visitor)
    expect(answer.status).toBe(307)
    expect(answer.headers.get('location')).toBe('/reiseuebersicht/busreisen/?utm_source=newsletter&gclid=Cj0&utm_campaign=herbst')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(redirectWithTracking(redirect('http://localhost:3000/blog/?seite=2#liste', 308), '?seite=2&fbclid=x').headers.get('location')).toBe(
      'http://localhost:3000/blog/?seite=2&fbclid=x#liste',
    )
  })

  it('leaves every other answer alone', () => {
    const page = new Response('<!doctype html>', { status: 200 })
    expect(redirectWithTracking(page, '?gclid=x')).toBe(page)
    const plain = redirect('/reise/1/')
    expect(redirectWithTracking(plain, '?seite=2&gclidx=1')).toBe(plain)
    expect(redirectWithTracking(plain, '')).toBe(plain)
  })
})
