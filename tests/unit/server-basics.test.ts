import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { blogQuerySchema } from '~/lib/api'
import { LOCALE_COOKIE, rememberReferrer, setLocaleCookie } from '~/lib/client-prefs'
import { CACHE_CLEAR_COOLDOWN_MS, cachedLoader, requestCacheClear, resetCacheForTests } from '~/server/cache.server'
import { demoSeed, parseConfig } from '~/server/config.server'
import { acceptsEncoding, compressResponse, pickEncoding } from '~/server/http/compress.server'

describe('configuration', () => {
  it('has defaults for an empty environment', () => {
    const cfg = parseConfig({})
    expect(cfg.PORT).toBe(3000)
    expect(cfg.DATABASE_URL).toBeUndefined()
    expect(cfg.DATA_DIR).toBe('./.data')
  })
  it('names the variable in the message of a wrong value', () => {
    expect(() => parseConfig({ PORT: 'achtzig' })).toThrow(/PORT/)
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseConfig({ CACHE_CLEAR_TOKEN: 'kurz' })).toThrow(/CACHE_CLEAR_TOKEN/)
  })
  it('reads PostgreSQL URLs and allowed image hosts', () => {
    const cfg = parseConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', IMAGE_ALLOWED_HOSTS: 'bilder.example, cdn=https://cdn.example/img' })
    expect(cfg.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db')
    expect(cfg.IMAGE_ALLOWED_HOSTS).toEqual(['bilder.example', 'cdn=https://cdn.example/img'])
  })
  it('treats an empty or blank URL as unset', () => {
    const cfg = parseConfig({ DATABASE_URL: '', SMTP_URL: '  ' })
    expect(cfg.DATABASE_URL).toBeUndefined()
    expect(cfg.SMTP_URL).toBeUndefined()
  })
  it('refuses a production start that sends mail without SITE_URL (its links would name localhost)', () => {
    const mail = { SMTP_URL: 'smtp://127.0.0.1:2525' }
    expect(() => parseConfig({ ...mail, NODE_ENV: 'production' })).toThrow(/^Ungültige Konfiguration: SITE_URL – fehlt: .*Links in den Mails/)
    // production is the default
    expect(() => parseConfig(mail)).toThrow(/SITE_URL/)
    expect(parseConfig({ ...mail, SITE_URL: 'https://www.sonnenland-reisen.example' }).SITE_URL).toBe('https://www.sonnenland-reisen.example')
    // Without mail (kept in the outbox) or outside production, localhost links harm nobody.
    expect(parseConfig({ NODE_ENV: 'production' }).SITE_URL).toBeUndefined()
    expect(parseConfig({ ...mail, NODE_ENV: 'development' }).SMTP_URL).toBe(mail.SMTP_URL)
  })
})

describe('server cache', () => {
  afterEach(() => resetCacheForTests())

  it('loads once while fresh and shares a load in flight', async () => {
    let loads = 0
    const get = cachedLoader(async () => ++loads)
    const [a, b] = await Promise.all([get(), get()])
    expect([a, b, await get()]).toEqual([1, 1, 1])
    expect(loads).toBe(1)
  })

  it('forgets a failed load', async () => {
    let calls = 0
    const get = cachedLoader(async () => {
      calls++
      if (calls === 1) throw new Error('down')
      return 'ok'
    })
    await expect(get()).rejects.toThrow('down')
    expect(await get()).toBe('ok')
  })

  it('spec 2 debug clear: clears, then refuses again inside the cooldown', async () => {
    let loads = 0
    const get = cachedLoader(async () => ++loads)
    await get()
    const now = 1_000_000
    expect(requestCacheClear(null, undefined, now)).toEqual({ cleared: true })
    expect(await get()).toBe(2)
    const again = requestCacheClear(null, undefined, now + 1000)
    expect(again).toMatchObject({ cleared: false, reason: 'cooldown' })
    expect(requestCacheClear(null, undefined, now + CACHE_CLEAR_COOLDOWN_MS + 1)).toEqual({ cleared: true })
  })

  it('requires the token when one is configured', () => {
    expect(requestCacheClear('falsch', 'richtiges-geheimnis-123', 5)).toMatchObject({ cleared: false, reason: 'token' })
    expect(requestCacheClear('richtiges-geheimnis-123', 'richtiges-geheimnis-123', 5)).toEqual({ cleared: true })
  })
})

describe('compression', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(null)).toBeNull()
    expect(pickEncoding('*')).toBe('br')
    // A page from the cache is gzip or plain: an encoding refused by name is refused even beside *.
    expect(acceptsEncoding('gzip;q=0, *', 'gzip')).toBe(false)
    expect(acceptsEncoding('*;q=0.5', 'gzip')).toBe(true)
    expect(acceptsEncoding('br', 'gzip')).toBe(false)
  })

  /** A body in many small chunks, the way a server function's serialised result comes. */
  function chunked(type: string, parts: string[], pauseAfterFirst?: Promise<void>): Response {
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [i, part] of parts.entries()) {
          controller.enqueue(encoder.encode(part))
          if (i === 0 && pauseAfterFirst) await pauseAfterFirst
        }
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': type } })
  }

  it('compresses JSON in many chunks to exactly the body (brotli and gzip)', async () => {
    const parts = Array.from({ length: 500 }, (_, i) => `{"reise":${i},"titel":"Gardasee Dolce Vita ${i}"},`)
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await compressResponse(chunked('application/json', parts), accept)
      expect(response.headers.get('content-encoding')).toBe(accept)
      const compressed = Buffer.from(await response.arrayBuffer())
      expect(response.headers.get('content-length')).toBe(String(compressed.length))
      expect(compressed.length).toBeLessThan(parts.join('').length / 4)
      expect(decode(compressed).toString()).toBe(parts.join(''))
    }
  })

  it('sends a small JSON answer as it is, with Vary, and compresses one just above the limit', async () => {
    const small = '{"bookingNumber":"HCW5-MTTS","gesamtpreis":129000000}'
    const plain = await compressResponse(chunked('application/json', [small]), 'br')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(small)
    const large = JSON.stringify({ text: 'a'.repeat(1024) })
    const compressed = await compressResponse(chunked('application/json', [large]), 'gzip')
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(large)
  })

  it('sends the first part of streamed HTML before the rest exists', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const response = await compressResponse(chunked('text/html; charset=utf-8', ['<!doctype html><title>Reisen</title>', '<main>Rest</main>'], held), 'gzip')
    const reader = response.body?.getReader()
    if (!reader) throw new Error('no body')
    // Everything needed to decode the first part arrives while the rest is still held back.
    const inflate = zlib.createGunzip()
    let decoded = ''
    inflate.on('data', (data: Buffer) => (decoded += data.toString()))
    while (!decoded.includes('</title>')) {
      const next = await reader.read()
      if (next.done) break
      await new Promise<void>((resolve) => inflate.write(next.value, () => resolve()))
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(decoded).toBe('<!doctype html><title>Reisen</title>')
    release()
    await reader.cancel()
  })

  it('compresses HTML written in one go as one piece, not one flush per chunk', async () => {
    // The renderer writes a page in many small chunks without pausing between them.
    const parts = Array.from({ length: 300 }, (_, i) => `<li><a href="/reise/${i}/">Reise ${i}</a></li>`)
    for (const [accept, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await compressResponse(chunked('text/html; charset=utf-8', parts), accept)
      const reader = response.body?.getReader()
      if (!reader) throw new Error('no body')
      const pieces: Uint8Array[] = []
      for (let next = await reader.read(); !next.done; next = await reader.read()) pieces.push(next.value)
      const compressed = Buffer.concat(pieces)
      expect(decode(compressed).toString()).toBe(parts.join(''))
      // One flush and the end (a flush per chunk gave several hundred pieces and twice the bytes).
      expect(pieces.length).toBeLessThanOrEqual(4)
      expect(compressed.length).toBeLessThan(parts.join('').length / 4)
    }
  })
})

describe('spec 7 blog query', () => {
  it('reads lit-sort[], $paginate and id_web_blog_type', () => {
    const q = blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC', 'date_add desc'], $paginate: 'false', id_web_blog_type: '2' })
    expect(q['lit-sort[]']).toEqual([
      { field: 'date_show', desc: true },
      { field: 'date_add', desc: true },
    ])
    expect(q.$paginate).toBe(false)
    expect(q.id_web_blog_type).toBe(2)
  })
  it('rejects fields outside the whitelist, unknown keys and garbage', () => {
    expect(blogQuerySchema.safeParse({ 'lit-sort[]': ['password DESC'] }).success).toBe(false)
    expect(blogQuerySchema.safeParse({ 'lit-sort[]': ['date_show; drop table x'] }).success).toBe(false)
    expect(blogQuerySchema.safeParse({ foo: '1' }).success).toBe(false)
    expect(blogQuerySchema.safeParse({ id_web_blog_type: 'abc' }).success).toBe(false)
    expect(blogQuerySchema.safeParse({ $paginate: 'vielleicht' }).success).toBe(false)
  })
})

describe('spec 2 and 9 browser preferences', () => {
  it('saves the referrer parameter in local storage', () => {
    const store = new Map<string, string>()
    const storage = { setItem: (k: string, v: string) => void store.set(k, v) }
    expect(rememberReferrer('?referrer=partner-7&x=1', storage)).toBe('partner-7')
    expect(store.get('referrer')).toBe('partner-7')
    expect(rememberReferrer('?x=1', storage)).toBeNull()
  })
  it('sets the locale cookie for 365 days, path /, same-site lax, once', () => {
    const doc = { cookie: '' }
    setLocaleCookie(doc)
    expect(doc.cookie).toBe(LOCALE_COOKIE)
    expect(LOCALE_COOKIE).toContain('Max-Age=31536000')
    expect(LOCALE_COOKIE).toContain('Path=/')
    expect(LOCALE_COOKIE).toContain('SameSite=Lax')
    const existing = { cookie: 'locale=de-DE' }
    setLocaleCookie(existing)
    expect(existing.cookie).toBe('locale=de-DE')
  })
})

describe('demo data (issue 10)', () => {
  it('goes into the embedded database, and into a PostgreSQL only with SEED=demo', () => {
    expect(demoSeed(parseConfig({}))).toEqual({ trips: 200, bookings: 400 })
    expect(demoSeed(parseConfig({ SEED_TRIPS: '50', SEED_BOOKINGS: '0' }))).toEqual({ trips: 50, bookings: 0 })
    expect(demoSeed(parseConfig({ DATABASE_URL: 'postgres://db/reisen' }))).toBe(false)
    expect(demoSeed(parseConfig({ DATABASE_URL: 'postgres://db/reisen', SEED: 'demo' }))).toEqual({ trips: 200, bookings: 400 })
    expect(() => parseConfig({ SEED_BOOKINGS: '-1' })).toThrow(/SEED_BOOKINGS/)
    expect(() => parseConfig({ SEED: 'ja' })).toThrow(/SEED/)
  })
})
