// Signed links (HMAC-SHA256): /payment/{data} names a booking, what is due and until when; the
// success page and its PDF accept the booking number with its signature instead of the cookie.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { PaymentKind } from '~/lib/booking/summary'

/** HMAC-SHA256 of a payload for one purpose; the purpose keeps a signature of one kind from passing as another. */
export function sign(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url')
}

/** Compares two signatures in constant time. */
export function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const paymentLinkSchema = z.object({
  b: z.string().regex(BOOKING_NUMBER_PATTERN),
  k: z.enum(['deposit', 'balance', 'full']),
  /** Valid until (unix seconds). */
  e: z.number().int(),
})

export type PaymentLink = { bookingNumber: string; kind: PaymentKind; expires: number }

export function paymentLinkData(secret: string, link: PaymentLink): string {
  const payload = Buffer.from(JSON.stringify({ b: link.bookingNumber, k: link.kind, e: link.expires })).toString('base64url')
  return `${payload}.${sign(secret, 'payment', payload)}`
}

/** The link's content, or why it cannot be used. */
export function readPaymentLink(secret: string, data: string, now = Date.now()): PaymentLink | 'invalid' | 'expired' {
  if (data.length > 300) return 'invalid'
  const [payload, signature, extra] = data.split('.')
  if (!payload || !signature || extra !== undefined || !same(signature, sign(secret, 'payment', payload))) return 'invalid'
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return 'invalid'
  }
  const parsed = paymentLinkSchema.safeParse(json)
  if (!parsed.success) return 'invalid'
  if (parsed.data.e * 1000 < now) return 'expired'
  return { bookingNumber: parsed.data.b, kind: parsed.data.k, expires: parsed.data.e }
}

export function successSignature(secret: string, bookingNumber: string): string {
  return sign(secret, 'success', bookingNumber)
}

export function isSuccessSignature(secret: string, bookingNumber: string, signature: string): boolean {
  return signature.length < 100 && same(signature, successSignature(secret, bookingNumber))
}
