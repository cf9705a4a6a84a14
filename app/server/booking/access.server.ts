// Who may see a booking: the browser that booked it (an HttpOnly cookie with the booking number's
// signature, set when it booked) or whoever holds the signed link from the confirmation mail.
import { getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import { isSuccessSignature, successSignature } from '../services/booking/links.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { requestOverHttps } from '../http/https.server'

const accessCookie = (bookingNumber: string) => `bestaetigung-${bookingNumber}`

/**
 * HttpOnly, SameSite=Lax, for the whole site; Secure whenever the request came over HTTPS (the
 * same rule as Strict-Transport-Security: also a trusted proxy's X-Forwarded-Proto), so that a
 * cookie set over HTTPS is never sent back over plain HTTP.
 */
export function cookieOptions(maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: requestOverHttps(getRequest()), path: '/', maxAge: maxAgeSeconds }
}

export async function grantBookingAccess(bookingNumber: string): Promise<string> {
  const { linkSecret } = await bookingSettings()
  const signature = successSignature(linkSecret, bookingNumber)
  setCookie(accessCookie(bookingNumber), signature, cookieOptions(90 * 24 * 60 * 60))
  return signature
}

export async function mayViewBooking(bookingNumber: string, signature: string | undefined): Promise<boolean> {
  if (!BOOKING_NUMBER_PATTERN.test(bookingNumber)) return false
  const { linkSecret } = await bookingSettings()
  const proof = signature ?? getCookie(accessCookie(bookingNumber)) ?? ''
  return isSuccessSignature(linkSecret, bookingNumber, proof)
}
