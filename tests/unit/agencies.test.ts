// The agency directory's address rules: which zip prefix is searched, which websites become links.
import { describe, expect, it } from 'vitest'
import { agencyPageInputSchema, safeWebsite, zipPrefixOf } from '~/lib/agencies'

describe('zipPrefixOf', () => {
  it('searches the digits typed, up to five, and everything for anything else', () => {
    expect(zipPrefixOf('33')).toBe('33')
    expect(zipPrefixOf(' 33602 ')).toBe('33602')
    for (const other of [undefined, '', '336021', '33a', '-3', '3 3', '３３']) expect(zipPrefixOf(other)).toBe('')
  })
  it('is what the server function accepts', () => {
    expect(agencyPageInputSchema.safeParse({ zipPrefix: zipPrefixOf('0815'), page: 1 }).success).toBe(true)
    expect(agencyPageInputSchema.safeParse({ zipPrefix: '123456', page: 1 }).success).toBe(false)
    expect(agencyPageInputSchema.safeParse({ zipPrefix: '', page: 0 }).success).toBe(false)
  })
})

describe('safeWebsite', () => {
  it('links http and https addresses only, normalised', () => {
    expect(safeWebsite('https://reisebuero-beispiel.de')).toBe('https://reisebuero-beispiel.de/')
    expect(safeWebsite('http://example.de/pfad?x=1')).toBe('http://example.de/pfad?x=1')
    for (const bad of [
      null,
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'mailto:a@b.de',
      'www.ohne-schema.de',
      '//evil.example',
    ]) {
      expect(safeWebsite(bad)).toBeNull()
    }
  })
})
