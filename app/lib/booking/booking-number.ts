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

/** Letters typed for digits that booking numbers never contain (Crockford's base 32). */
const LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1' }

/** Letters O, I and L read as the digits 0, 1, 1 (the text in capitals). */
export function readLookalikes(upper: string): string {
  return upper.replace(/[OIL]/g, (c) => LOOKALIKES[c] ?? c)
}

/**
 * A booking number as a person types it: any case, with or without the hyphen, with spaces, O, I
 * and L for 0, 1, 1. Eight characters become ABCD-EFGH; anything else stays as typed, for the
 * pattern to refuse.
 */
export function typedBookingNumber(text: string): string {
  const compact = text.toUpperCase().replace(/[\s.\-–]/g, '')
  if (compact.length !== 8) return text.trim().toUpperCase()
  const number = readLookalikes(compact)
  return `${number.slice(0, 4)}-${number.slice(4)}`
}
