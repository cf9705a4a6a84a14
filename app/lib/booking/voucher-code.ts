// Voucher codes nobody can guess or misread (issue 24): 15 characters from an alphabet without
// 0/O, 1/I/L (and U), in groups of five (`K7QXM-4TR9W-HZ3PA`), 73 random bits.

/** 30 symbols nobody misreads: no 0/O, 1/I/L, and no U (as in Crockford's base32). */
export const VOUCHER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
const GROUPS = 3
const GROUP_LENGTH = 5

export const VOUCHER_CODE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/

/** The randomness of a generated code: 15 × log2(30) ≈ 73.6 bits. */
export const VOUCHER_CODE_BITS = GROUPS * GROUP_LENGTH * Math.log2(VOUCHER_CODE_ALPHABET.length)

/** A new code from `randomIndex` (a cryptographic source on the server), grouped by five. */
export function formatVoucherCode(randomIndex: (bound: number) => number): string {
  const groups: string[] = []
  for (let g = 0; g < GROUPS; g++) {
    let group = ''
    for (let i = 0; i < GROUP_LENGTH; i++) group += VOUCHER_CODE_ALPHABET[randomIndex(VOUCHER_CODE_ALPHABET.length)]
    groups.push(group)
  }
  return groups.join('-')
}

/**
 * A code as the customer means it: upper case; a generated code also without its spaces and
 * dashes, grouped again ('k7qxm 4tr9w hz3pa' is 'K7QXM-4TR9W-HZ3PA'). Other codes (an operator's
 * older ones) stay as typed, trimmed.
 */
export function normaliseVoucherCode(code: string): string {
  const upper = code.trim().toUpperCase()
  const bare = upper.replace(/[\s-]+/g, '')
  if (bare.length !== GROUPS * GROUP_LENGTH || [...bare].some((c) => !VOUCHER_CODE_ALPHABET.includes(c))) return upper
  return Array.from({ length: GROUPS }, (_, g) => bare.slice(g * GROUP_LENGTH, (g + 1) * GROUP_LENGTH)).join('-')
}
