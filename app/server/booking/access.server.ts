// Who may see a booking: the browser that booked it (an HttpOnly cookie with the booking number's
// signature, set when it booked) or whoever holds the signed link from the confirmation mail, until
// BOOKING_CONFIRMATION_LINK_DAYS after the return date (the link carries that day, signed).
import { getCookie, getRequest, setCookie } from '@tanstack/react-start/server'
import { BOOKING_NUMBER_PATTERN } from '~/lib/booking/booking-number'
import { fromEpochDay, toEpochDay, todayInBerlin } from '~/lib/calendar'
import { formatDate } from '~/lib/format'
import { requestOverHttps } from '../http/https.server'
import { isSuccessSignature, readConfirmationLinkProof, successSignature } from '../services/booking/links.server'
import { bookingSettings } from '../services/booking/runtime.server'
import { siteInfo } from '../site.server'

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

/** 'expired': a link the site signed whose last day has passed (HTTP 410 with `message`). */
export type BookingAccess = { kind: 'granted' } | { kind: 'denied' } | { kind: 'expired'; message: string }

/** What the page (and its PDF) of an expired link says: until when it worked, and whom to call. */
export function expiredLinkMessage(lastDay: number, phone: string): string {
  return `Dieser Link zu Ihrer Buchung galt bis zum ${formatDate(fromEpochDay(lastDay))} und ist abgelaufen. Ihre Buchung ist davon nicht berührt. Wenn Sie Ihre Buchungsbestätigung noch einmal brauchen, rufen Sie uns bitte an: ${phone}.`
}

/** `signature`: the proof of the link (`?sig=`); without one, the cookie of the browser that booked. */
export async function bookingAccess(bookingNumber: string, signature: string | undefined, now: Date = new Date()): Promise<BookingAccess> {
  if (!BOOKING_NUMBER_PATTERN.test(bookingNumber)) return { kind: 'denied' }
  const { linkSecret } = await bookingSettings()
  if (signature === undefined) {
    return isSuccessSignature(linkSecret, bookingNumber, getCookie(accessCookie(bookingNumber)) ?? '') ? { kind: 'granted' } : { kind: 'denied' }
  }
  const link = readConfirmationLinkProof(linkSecret, bookingNumber, signature, toEpochDay(todayInBerlin(now)))
  if (!link) return { kind: 'denied' }
  return link.expired ? { kind: 'expired', message: expiredLinkMessage(link.lastDay, siteInfo().phone) } : { kind: 'granted' }
}
