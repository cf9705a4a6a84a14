// IBAN (ISO 13616): the check digits are validated with the mod-97 rule, so a typo in an IBAN is
// caught on the page and refused by the server before a mandate is stored.

/** Lengths per country for the SEPA countries a German customer's account is likely in. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18,
  FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
}

export const IBAN_MESSAGE = 'Bitte prüfen Sie die IBAN: Sie ist unvollständig oder enthält einen Tippfehler.'
export const ACCOUNT_HOLDER_MESSAGE = 'Bitte geben Sie den Namen der Kontoinhaberin oder des Kontoinhabers ein.'

/** Spaces removed and letters upper-cased, as IBANs are compared and stored. */
export function normaliseIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

/** ISO 7064 mod 97-10 over the rearranged IBAN, digit by digit so no big integers are needed. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97
  }
  return remainder
}

export function isValidIban(input: string): boolean {
  const iban = normaliseIban(input)
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (length !== undefined && iban.length !== length) return false
  return mod97(iban) === 1
}

/** 'DE89 3704 0044 0532 0130 00': groups of four, as printed on cards and statements. */
export function formatIban(input: string): string {
  return normaliseIban(input).replace(/(.{4})(?=.)/g, '$1 ')
}
