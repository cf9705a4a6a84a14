// Signed values (HMAC-SHA256 with a secret from the configuration): payment links, the success
// page's signature and the agency token. A purpose is part of what is signed, so a signature of
// one kind never passes as another.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** HMAC-SHA256 of a payload for one purpose. */
export function sign(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url')
}

/** Compares two signatures in constant time. */
export function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** `payload.signature`: JSON in base64url and its signature for the purpose. */
export function sealJson(secret: string, purpose: string, data: unknown): string {
  const payload = Buffer.from(JSON.stringify(data)).toString('base64url')
  return `${payload}.${sign(secret, purpose, payload)}`
}

/** The JSON a sealed value carries when it is at most maxLength long and its signature holds; else null. */
export function openJson(secret: string, purpose: string, sealed: string, maxLength: number): unknown {
  if (sealed.length === 0 || sealed.length > maxLength) return null
  const [payload, signature, extra] = sealed.split('.')
  if (!payload || !signature || extra !== undefined || !same(signature, sign(secret, purpose, payload))) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
}
