import { describe, expect, it } from 'vitest'
import { isBot } from '~/server/http/bots'
import { HSTS, addSecurityHeaders, contentSecurityPolicy, servedOverHttps } from '~/server/http/headers'
import { searchParamsToObject } from '~/server/http/query'
import { trailingSlashTarget } from '~/server/http/trailing-slash'

describe('spec 2: paths without a trailing slash, without a dot and without a query are redirected', () => {
  const target = (href: string) => trailingSlashTarget(new URL(href, 'http://localhost'))
  it('adds the slash to a plain path', () => {
    expect(target('/ueber-uns')).toBe('/ueber-uns/')
    expect(target('/reiseuebersicht/busreisen/2')).toBe('/reiseuebersicht/busreisen/2/')
  })
  it('leaves paths with a slash, a dot or a query alone', () => {
    expect(target('/ueber-uns/')).toBeNull()
    expect(target('/')).toBeNull()
    expect(target('/sitemap.xml')).toBeNull()
    expect(target('/ueber-uns?x=1')).toBeNull()
    expect(target('/ueber-uns?')).toBeNull()
  })
  it('never redirects to another host: leading slashes and backslashes collapse into one', () => {
    // As the server sees such requests: the path part of the request line after the site's origin.
    const onSite = (path: string) => trailingSlashTarget(new URL(`http://localhost${path}`))
    expect(onSite('//evil')).toBe('/evil/')
    expect(onSite('///evil')).toBe('/evil/')
    expect(onSite('/\\evil')).toBe('/evil/')
    expect(onSite('//evil.example')).toBe('/evil.example') // a dot: no slash added, but one slash
    expect(onSite('//evil/')).toBe('/evil/')
    expect(onSite('///reise/1/?x=1')).toBe('/reise/1/?x=1')
    expect(onSite('//2130706433')).toBe('/2130706433/')
    expect(onSite('/%2F%2Fevil')).toBe('/%2F%2Fevil/')
    for (const path of ['//evil', '///evil', '/\\evil', '//2130706433', '/%2F%2Fevil', '/%5C%5Cevil', '//evil/', '//evil.example/x/']) {
      const location = onSite(path) ?? '/'
      expect(new URL(location, 'http://localhost').host).toBe('localhost')
    }
  })
  it('keeps the JSON API and server functions as the spec writes them', () => {
    expect(target('/api/init-data')).toBeNull()
    expect(target('/api')).toBeNull()
    expect(target('/_serverFn/abc')).toBeNull()
  })
})

describe('spec 2: crawlers and bots are not shown the error page', () => {
  it('recognises common crawlers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true)
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true)
    expect(isBot('facebookexternalhit/1.1')).toBe(true)
  })
  it('does not take browsers for bots', () => {
    expect(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36')).toBe(false)
    expect(isBot(null)).toBe(false)
    expect(isBot('')).toBe(false)
  })
})

describe('content security policy', () => {
  it('allows scripts only with the nonce and forbids framing by others', () => {
    const csp = contentSecurityPolicy('abc123')
    expect(csp).toContain("script-src 'self' 'nonce-abc123'")
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
  })
})

describe('query strings', () => {
  it('turns [] keys and repeated keys into arrays', () => {
    const params = new URLSearchParams('lit-sort[]=date_show DESC&lit-sort[]=date_add DESC&$paginate=false&a=1&a=2')
    expect(searchParamsToObject(params)).toEqual({
      'lit-sort[]': ['date_show DESC', 'date_add DESC'],
      $paginate: 'false',
      a: ['1', '2'],
    })
  })
})

describe('Strict-Transport-Security', () => {
  it('is sent over HTTPS, directly or behind a proxy for an https SITE_URL, never over plain HTTP', () => {
    expect(servedOverHttps('https:', undefined)).toBe(true)
    expect(servedOverHttps('http:', 'https://www.sonnenland-reisen.example/')).toBe(true)
    expect(servedOverHttps('http:', 'http://localhost:3000/')).toBe(false)
    expect(servedOverHttps('http:', undefined)).toBe(false)
  })

  it("counts a trusted proxy's X-Forwarded-Proto (the caller passes null for any other peer)", () => {
    expect(servedOverHttps('http:', undefined, 'https')).toBe(true)
    expect(servedOverHttps('http:', undefined, 'HTTPS, http')).toBe(true)
    expect(servedOverHttps('http:', undefined, 'http')).toBe(false)
    expect(servedOverHttps('http:', undefined, null)).toBe(false)
  })
})

describe('addSecurityHeaders', () => {
  it('fills in what a response has not set itself, HSTS only over HTTPS, no X-Frame-Options where others may frame', () => {
    const own = new Headers({ 'Referrer-Policy': 'no-referrer' })
    addSecurityHeaders(own, { https: false, framable: false })
    expect(own.get('Referrer-Policy')).toBe('no-referrer')
    expect(own.get('X-Content-Type-Options')).toBe('nosniff')
    expect(own.get('X-Frame-Options')).toBe('SAMEORIGIN')
    expect(own.has('Strict-Transport-Security')).toBe(false)

    const framed = new Headers()
    addSecurityHeaders(framed, { https: true, framable: true })
    expect(framed.has('X-Frame-Options')).toBe(false)
    expect(framed.get('Strict-Transport-Security')).toBe(HSTS)
  })
})
