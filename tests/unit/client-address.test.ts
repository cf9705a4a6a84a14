// Who the client is for the per-client form limits: the socket's peer, and X-Forwarded-For only
// through the proxies TRUSTED_PROXY names, read from the right so a forged entry never wins.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '~/server/config.server'
import { clientAddress, limitedClient } from '~/server/http/client-address.server'
import { parseProxyEntry, trustedProxies } from '~/server/http/trusted-proxies.server'

const trust = (...entries: string[]) =>
  trustedProxies(
    entries.map((e) => {
      const parsed = parseProxyEntry(e)
      if (!parsed) throw new Error(`bad entry ${e}`)
      return parsed
    }),
  )

describe('clientAddress', () => {
  it('without TRUSTED_PROXY is the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', null)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:203.0.113.9', null, null)).toBe('203.0.113.9')
    expect(clientAddress(undefined, '198.51.100.1', null)).toBe('unbekannt')
  })

  it('ignores the header when the peer is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust('10.0.0.1'))).toBe('203.0.113.9')
  })

  it('behind a trusted proxy takes the address that proxy saw', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1', trust('10.0.0.1'))).toBe('198.51.100.1')
    expect(clientAddress('::ffff:10.0.0.1', '198.51.100.1', trust('10.0.0.0/8'))).toBe('198.51.100.1')
  })

  it('never believes what the client wrote itself left of the proxy’s entry', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real address.
    expect(clientAddress('10.0.0.1', '1.2.3.4, 198.51.100.1', trust('10.0.0.1'))).toBe('198.51.100.1')
  })

  it('walks through a chain of trusted proxies', () => {
    expect(clientAddress('10.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2', trust('10.0.0.0/24'))).toBe('198.51.100.1')
    expect(clientAddress('::1', '2001:db8::5, [::1]', trust('::1'))).toBe('2001:db8::5')
  })

  it('stops at garbage and keeps the last address a trusted proxy vouched for', () => {
    expect(clientAddress('10.0.0.1', 'evil, 10.0.0.2', trust('10.0.0.0/24'))).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.1', '', trust('10.0.0.1'))).toBe('10.0.0.1')
  })
})

describe('TRUSTED_PROXY setting', () => {
  it('accepts addresses and CIDR networks, IPv4 and IPv6', () => {
    expect(parseConfig({ TRUSTED_PROXY: '127.0.0.1, ::1,10.0.0.0/8, 2001:db8::/32' }).TRUSTED_PROXY).toHaveLength(4)
    expect(parseConfig({}).TRUSTED_PROXY).toEqual([])
    expect(parseConfig({ TRUSTED_PROXY: '' }).TRUSTED_PROXY).toEqual([])
  })

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.0/x']) {
      expect(() => parseConfig({ TRUSTED_PROXY: value })).toThrow(/^Ungültige Konfiguration: TRUSTED_PROXY – /)
    }
  })

  it('NEWSLETTER_PENDING_DAYS defaults to 7 and must be 1 to 90', () => {
    expect(parseConfig({}).NEWSLETTER_PENDING_DAYS).toBe(7)
    expect(parseConfig({ NEWSLETTER_PENDING_DAYS: '14' }).NEWSLETTER_PENDING_DAYS).toBe(14)
    expect(() => parseConfig({ NEWSLETTER_PENDING_DAYS: '0' })).toThrow(/NEWSLETTER_PENDING_DAYS/)
  })
})

describe('limitedClient: the per-client limits count an IPv6 address by its /64', () => {
  it('gives every address of one /64 the same key, written in one way', () => {
    const keys = ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::10.0.0.1', 'fe80::1%eth0'].map(limitedClient)
    expect(keys.slice(0, 4)).toEqual(Array(4).fill('2001:db8:1:2::/64'))
    expect(keys[4]).toBe('fe80:0:0:0::/64')
  })
  it('keeps neighbouring /64 networks apart and IPv4 addresses as they are', () => {
    expect(limitedClient('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(limitedClient('::1')).toBe('0:0:0:0::/64')
    expect(limitedClient('203.0.113.7')).toBe('203.0.113.7')
    expect(limitedClient('unbekannt')).toBe('unbekannt')
  })
})
