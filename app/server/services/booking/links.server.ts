// Signed links (HMAC-SHA256): /payment/{data} names a booking, what is due and until when; the
// success page and its PDF accept the booking number with the confirmation link's proof (the
// last day it works and its signature) instead of the browser's cookie.
import * as z from 'zod/mini'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import type { PaymentKind } from '~/lib/booking/summary'
import { openJson, same, sealJson, sign } from '../../signed.server'

const paymentLinkSchema = z.object({
  b: z.string().check(z.regex(BOOKING_NUMBER_PATTERN)),
  k: z.enum(['deposit', 'balance', 'full']),
  /** Valid until (unix seconds). */
  e: z.number().check(z.int()),
})

export type PaymentLink = { bookingNumber: string; kind: PaymentKind; expires: number }

export function paymentLinkData(secret: string, link: PaymentLink): string {
  return sealJson(secret, 'payment', { b: link.bookingNumber, k: link.kind, e: link.expires })
}

/** The link's content, or why it cannot be used. */
export function readPaymentLink(secret: string, data: string, now = Date.now()): PaymentLink | 'invalid' | 'expired' {
  const json = openJson(secret, 'payment', data, 300)
  if (json === null) return 'invalid'
  const parsed = paymentLinkSchema.safeParse(json)
  if (!parsed.success) return 'invalid'
  if (parsed.data.e * 1000 < now) return 'expired'
  return { bookingNumber: parsed.data.b, kind: parsed.data.k, expires: parsed.data.e }
}

/** The confirmation link's proof, `lastDay.signature`: the last day it works (days since 1970) signed with the booking number. */
export function confirmationLinkProof(secret: string, bookingNumber: string, lastDay: number): string {
  return `${lastDay}.${sign(secret, 'confirmation-link', `${bookingNumber} ${lastDay}`)}`
}

/** The last day of a proof that holds for this booking number, and whether `today` is past it; null when it does not hold. */
export function readConfirmationLinkProof(secret: string, bookingNumber: string, proof: string, today: number): { lastDay: number; expired: boolean } | null {
  const match = /^(\d{1,7})\.([A-Za-z0-9_-]{43})$/.exec(proof)
  if (!match) return null
  const lastDay = Number(match[1])
  if (!same(proof, confirmationLinkProof(secret, bookingNumber, lastDay))) return null
  return { lastDay, expired: today > lastDay }
}

/** The signature in the cookie of the browser that booked. */
export function successSignature(secret: string, bookingNumber: string): string {
  return sign(secret, 'success', bookingNumber)
}

export function isSuccessSignature(secret: string, bookingNumber: string, signature: string): boolean {
  return signature.length < 100 && same(signature, successSignature(secret, bookingNumber))
}
