// Input masks (# digit, @ letter, * letter or digit) and German number input formatting (spec 5).
import { onFirstUse } from './on-first-use'

// Any Unicode letter, so umlauts, ß and accented names fit an '@' slot.
const LETTER = /^\p{L}$/u

type Token = '#' | '@' | '*'

function isToken(c: string): c is Token {
  return c === '#' || c === '@' || c === '*'
}

function isAsciiDigit(c: string): boolean {
  return c >= '0' && c <= '9'
}

function fits(token: Token, c: string): boolean {
  // Digits are 0-9 only: other scripts' digits (\p{Nd}) would pass the mask but break zip and IBAN checks.
  if (token === '#') return isAsciiDigit(c)
  if (token === '@') return LETTER.test(c)
  return LETTER.test(c) || isAsciiDigit(c)
}

/**
 * Named masks for the product's inputs. The spec does not show concrete masks, so these are
 * the German formats a customer expects: a five-digit Postleitzahl, a dd.mm.yyyy date (spec 9),
 * a German IBAN (DE, 2 check digits, 18 digits, grouped by four as on a bank statement) and a
 * time of day (boarding times). Phone numbers get no mask: German landline and mobile numbers
 * vary too much in length, and a mask would reject valid ones.
 */
export const MASKS = {
  zip: '#####',
  date: '##.##.####',
  iban: 'DE## #### #### #### #### ##',
  time: '##:##',
} as const

type Slot = { char: string; token: boolean }

// One entry per mask position filled, so token positions line up with the mask even when a
// letter outside the Basic Multilingual Plane fills a slot.
function conform(mask: string, input: string): Slot[] {
  const maskChars = Array.from(mask)
  const inputChars = Array.from(input)
  const out: Slot[] = []
  let pendingLiterals: string[] = []
  let m = 0
  let i = 0
  while (m < maskChars.length && i < inputChars.length) {
    const slot = maskChars[m] ?? ''
    const c = inputChars[i] ?? ''
    if (isToken(slot)) {
      i++
      if (!fits(slot, c)) continue
      for (const literal of pendingLiterals) out.push({ char: literal, token: false })
      pendingLiterals = []
      out.push({ char: c, token: true })
      m++
    } else {
      // A pasted, already formatted value ('12.03.2027', 'de12 …') carries the literals itself.
      if (c.toLocaleLowerCase('de-DE') === slot.toLocaleLowerCase('de-DE')) i++
      pendingLiterals.push(slot)
      m++
    }
  }
  // Literals after the last typed character are left out: a separator appended on its own would
  // come back after every backspace and trap the cursor.
  return out
}

/**
 * Fits input into the mask: literal characters are inserted automatically, characters that do
 * not fit their slot are skipped, and input beyond the mask is dropped.
 * applyMask('##.##.####', '12032027') === '12.03.2027'; applyMask('##.##.####', '120') === '12.0'.
 */
export function applyMask(mask: string, input: string): string {
  return conform(mask, input)
    .map((s) => s.char)
    .join('')
}

/** The characters that fill the mask's slots, without literals: unmask('##.##.####', '12.03.2027') === '12032027'. */
export function unmask(mask: string, value: string): string {
  return conform(mask, value)
    .filter((s) => s.token)
    .map((s) => s.char)
    .join('')
}

/** True when the value fills every slot of the mask. */
export function isMaskComplete(mask: string, value: string): boolean {
  const slots = Array.from(mask).filter(isToken).length
  return unmask(mask, value).length === slots
}

export type LocaleNumberInputOptions = {
  fractionDigits: number
  unsigned?: boolean
}

// Grouping goes through Intl (DESIGN 8); BigInt keeps any number of typed digits exact.
const integerGrouping = onFirstUse(() => new Intl.NumberFormat('de-DE', { useGrouping: true, maximumFractionDigits: 0 }))

const MINUS = /^[-\u2212]/

/**
 * Formats a German number while it is typed: '1234567,891' → '1.234.567,89' with 2 fraction
 * digits. The comma is the only decimal separator; dots are grouping and are regrouped (a '.'
 * typed as a decimal point on a numpad is dropped, never read as a comma). A trailing comma and
 * a lone '-' stay so the user can go on typing; leading zeros go ('007' → '7', ',5' → '0,5').
 * With 0 fraction digits the comma and everything after it is dropped; with unsigned any minus.
 */
export function formatLocaleNumberInput(input: string, options: LocaleNumberInputOptions): string {
  const fractionDigits = Math.max(0, Math.trunc(options.fractionDigits))
  const trimmed = input.trim()
  const sign = !options.unsigned && MINUS.test(trimmed) ? '-' : ''
  const commaAt = trimmed.indexOf(',')
  const integerText = commaAt === -1 ? trimmed : trimmed.slice(0, commaAt)
  const fractionText = commaAt === -1 ? '' : trimmed.slice(commaAt + 1)

  const integerDigits = integerText.replace(/\D/g, '').replace(/^0+(?=\d)/, '')
  const hasFraction = commaAt !== -1 && fractionDigits > 0
  const fraction = hasFraction ? fractionText.replace(/\D/g, '').slice(0, fractionDigits) : ''

  if (integerDigits === '' && !hasFraction) return sign
  const grouped = integerDigits === '' ? '0' : integerGrouping().format(BigInt(integerDigits))
  return `${sign}${grouped}${hasFraction ? `,${fraction}` : ''}`
}

const GERMAN_NUMBER = /^([+-]?)(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d*))?$/

/**
 * Reads a German number as formatLocaleNumberInput writes it ('-1.234,5' → -1234.5, '12,' → 12).
 * Dots must group thousands correctly, so '1.5' is null rather than fifteen. '', '-' and text → null.
 */
export function parseLocaleNumber(s: string): number | null {
  const match = GERMAN_NUMBER.exec(s.replace(/[\s\u00a0\u202f]/g, '').replace(MINUS, '-'))
  if (!match) return null
  const integer = (match[2] ?? '').replaceAll('.', '')
  const fraction = match[3] ?? ''
  const value = Number(`${integer}${fraction === '' ? '' : `.${fraction}`}`)
  if (!Number.isFinite(value)) return null
  return match[1] === '-' && value !== 0 ? -value : value
}
