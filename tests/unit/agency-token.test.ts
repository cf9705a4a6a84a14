// The agency token (DESIGN 7): signed with the booking link secret under its own purpose, expiring,
// and refused whole when anything in it was changed.
import { describe, expect, it } from 'vitest'
import { paymentLinkData, successSignature } from '~/server/services/booking/links.server'
import { AGENCY_TOKEN_TTL_MS, MAX_TOKEN_LENGTH, issueAgencyToken, passwordVersion, readAgencyToken } from '~/server/services/agency/token.server'

const SECRET = 's'.repeat(40)
const AGENCY = { id: 1, ratioAgencyId: 470013, passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA' }
const NOW = Date.parse('2026-11-20T08:00:00Z')

function flip(text: string, at: number): string {
  const c = text[at]
  return text.slice(0, at) + (c === 'A' ? 'B' : 'A') + text.slice(at + 1)
}

describe('issueAgencyToken / readAgencyToken', () => {
  it('round-trips the agency, its ratio id, the expiry and the password version', () => {
    const { token, expires } = issueAgencyToken(SECRET, AGENCY, NOW)
    expect(expires.getTime()).toBe(NOW + AGENCY_TOKEN_TTL_MS)
    expect(readAgencyToken(SECRET, token, NOW)).toEqual({
      agencyId: 1,
      ratioAgencyId: 470013,
      expires: (NOW + AGENCY_TOKEN_TTL_MS) / 1000,
      passwordVersion: passwordVersion(AGENCY.passwordHash),
    })
    expect(token.length).toBeLessThan(MAX_TOKEN_LENGTH)
  })

  it('expires after 12 hours, to the second', () => {
    const { token } = issueAgencyToken(SECRET, AGENCY, NOW)
    expect(readAgencyToken(SECRET, token, NOW + AGENCY_TOKEN_TTL_MS - 1000)).not.toBe('expired')
    expect(readAgencyToken(SECRET, token, NOW + AGENCY_TOKEN_TTL_MS)).toBe('expired')
  })

  it('a changed payload or signature, another secret: invalid', () => {
    const { token } = issueAgencyToken(SECRET, AGENCY, NOW)
    const [payload, signature] = token.split('.') as [string, string]
    for (let i = 0; i < payload.length; i += 3) expect(readAgencyToken(SECRET, `${flip(payload, i)}.${signature}`, NOW)).toBe('invalid')
    for (let i = 0; i < signature.length; i += 3) expect(readAgencyToken(SECRET, `${payload}.${flip(signature, i)}`, NOW)).toBe('invalid')
    expect(readAgencyToken('t'.repeat(40), token, NOW)).toBe('invalid')
  })

  it('a forged payload for another agency with the old signature: invalid', () => {
    const { token } = issueAgencyToken(SECRET, AGENCY, NOW)
    const signature = token.split('.')[1]
    const forged = Buffer.from(JSON.stringify({ a: 2, r: 470026, e: NOW / 1000 + 3600, v: passwordVersion(AGENCY.passwordHash) })).toString('base64url')
    expect(readAgencyToken(SECRET, `${forged}.${signature}`, NOW)).toBe('invalid')
  })

  it('signatures of other purposes never pass as a token', () => {
    const payment = paymentLinkData(SECRET, { bookingNumber: 'ABCD-EFGH', kind: 'deposit', expires: NOW / 1000 + 3600 })
    expect(readAgencyToken(SECRET, payment, NOW)).toBe('invalid')
    const payload = Buffer.from(JSON.stringify({ a: 1, r: 470013, e: NOW / 1000 + 3600, v: 'x' })).toString('base64url')
    expect(readAgencyToken(SECRET, `${payload}.${successSignature(SECRET, payload)}`, NOW)).toBe('invalid')
  })

  it.each([
    ['empty', ''],
    ['no dot', 'abc'],
    ['two dots', 'a.b.c'],
    ['empty payload', '.abc'],
    ['empty signature', 'abc.'],
    ['too long', `${'a'.repeat(MAX_TOKEN_LENGTH)}.b`],
  ])('malformed (%s): invalid', (_label, token) => {
    expect(readAgencyToken(SECRET, token, NOW)).toBe('invalid')
  })

  it('a correctly signed payload of the wrong shape: invalid', async () => {
    const { sign } = await import('~/server/signed.server')
    for (const body of ['not json', '{"a":1}', '{"a":"1","r":2,"e":3,"v":"x"}', '{"a":1,"r":2,"e":99999999999,"v":"bad version!"}']) {
      const payload = Buffer.from(body).toString('base64url')
      expect(readAgencyToken(SECRET, `${payload}.${sign(SECRET, 'agency-token', payload)}`, NOW)).toBe('invalid')
    }
  })

  it('the password version changes with the password hash', () => {
    expect(passwordVersion('a')).not.toBe(passwordVersion('b'))
    expect(passwordVersion('a')).toMatch(/^[A-Za-z0-9_-]{16}$/)
  })
})
