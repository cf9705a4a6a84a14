// Booking numbers such as '7K4P-9XQ2': eight characters of Crockford's base32 (no I, L, O, U, so
// nothing is misread on the phone), 40 random bits, so the next one cannot be guessed from the last.

export const BOOKING_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export const BOOKING_NUMBER_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** Eight characters from `randomIndex` (a cryptographic source on the server), grouped by four. */
export function formatBookingNumber(randomIndex: (bound: number) => number): string {
  let out = ''
  for (let i = 0; i < 8; i++) out += BOOKING_NUMBER_ALPHABET[randomIndex(BOOKING_NUMBER_ALPHABET.length)]
  return `${out.slice(0, 4)}-${out.slice(4)}`
}
