// Caret placement, keyboard choice and hints of the masked and number inputs.
import { describe, expect, it } from 'vitest'
import { MASKS, applyMask, formatLocaleNumberInput } from '~/lib/masks'
import { caretAfterMask, caretAfterNumberFormat, describeMask, maskInputMode } from '~/lib/mask-input'

function typeAt(mask: string, value: string, caret: number, text: string) {
  const typed = value.slice(0, caret) + text + value.slice(caret)
  const masked = applyMask(mask, typed)
  return { masked, caret: caretAfterMask(mask, typed, caret + text.length, masked) }
}

describe('caretAfterMask', () => {
  it('follows the inserted literal when typing at the end', () => {
    expect(typeAt(MASKS.date, '12', 2, '0')).toEqual({ masked: '12.0', caret: 4 })
    expect(typeAt(MASKS.iban, '', 0, '1')).toEqual({ masked: 'DE1', caret: 3 })
  })

  it('stays where the user typed in the middle', () => {
    // '12.|3.2027' + '0' → '12.0|3.2027': the caret right after the typed 0
    const r = typeAt(MASKS.date, '12.3.2027', 3, '0')
    expect(r.masked).toBe('12.03.2027')
    expect(r.caret).toBe(4)
  })

  it('after a pasted formatted value, ends up at the end', () => {
    expect(typeAt(MASKS.iban, '', 0, 'DE12 5001 0517 0648 4898 90')).toEqual({ masked: 'DE12 5001 0517 0648 4898 90', caret: 27 })
  })

  it('backspace over a literal moves the caret before it', () => {
    // '12.0' with the caret after the dot, the dot deleted: '120' caret 2 → '12.0', caret 2
    const masked = applyMask(MASKS.date, '120')
    expect(masked).toBe('12.0')
    expect(caretAfterMask(MASKS.date, '120', 2, masked)).toBe(2)
  })

  it('skipped characters do not move the caret', () => {
    expect(typeAt('#####', '123', 3, 'x')).toEqual({ masked: '123', caret: 3 })
  })
})

describe('caretAfterNumberFormat', () => {
  it('keeps the caret after the same digits when grouping dots appear', () => {
    const typed = '12345'
    const formatted = formatLocaleNumberInput(typed, { fractionDigits: 2 })
    expect(formatted).toBe('12.345')
    expect(caretAfterNumberFormat(typed, 5, formatted)).toBe(6)
    expect(caretAfterNumberFormat('1234|5'.replace('|', ''), 4, formatted)).toBe(5)
  })

  it('keeps the caret after the comma', () => {
    expect(caretAfterNumberFormat('1234,', 5, '1.234,')).toBe(6)
    expect(caretAfterNumberFormat('', 0, '')).toBe(0)
  })
})

describe('maskInputMode', () => {
  it('numeric keyboard for digit-only masks, also with a fixed letter prefix', () => {
    expect(maskInputMode(MASKS.zip)).toBe('numeric')
    expect(maskInputMode(MASKS.date)).toBe('numeric')
    expect(maskInputMode(MASKS.iban)).toBe('numeric')
    expect(maskInputMode('@@-####')).toBe('text')
    expect(maskInputMode('***')).toBe('text')
  })
})

describe('describeMask', () => {
  it('writes the pattern in words', () => {
    expect(describeMask('#####')).toBe('5 Ziffern')
    expect(describeMask('@@-####')).toBe('2 Buchstaben, „-“, 4 Ziffern')
    expect(describeMask('*')).toBe('1 Buchstabe oder Ziffer')
    expect(describeMask('DE## ####')).toBe('„DE“, 2 Ziffern, 4 Ziffern')
  })
})
