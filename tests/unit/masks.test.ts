// Spec 5 input masks and German number input formatting.
import { describe, expect, it } from 'vitest'
import {
  MASKS,
  applyMask,
  formatLocaleNumberInput,
  isMaskComplete,
  parseLocaleNumber,
  unmask,
} from '~/lib/masks'

describe('spec 5: "Text inputs support masks: # digit, @ letter, * letter or digit"', () => {
  it('# takes digits only and skips anything else', () => {
    expect(applyMask('#####', '12345')).toBe('12345')
    expect(applyMask('#####', '1a2b3')).toBe('123')
    expect(applyMask('#####', '١٢٣')).toBe('')
  })

  it('@ takes letters only, umlauts and ß included', () => {
    expect(applyMask('@@@@', 'a1Äöß')).toBe('aÄöß')
    expect(applyMask('@@', '12')).toBe('')
  })

  it('* takes letters and digits, but no punctuation', () => {
    expect(applyMask('****', 'a-1_ü!9')).toBe('a1ü9')
  })

  it('inserts the literal characters of the mask', () => {
    expect(applyMask(MASKS.date, '12032027')).toBe('12.03.2027')
    expect(applyMask(MASKS.iban, '12500105170648489890')).toBe('DE12 5001 0517 0648 4898 90')
  })

  it('does not append a literal after the last typed character, so backspace still works', () => {
    expect(applyMask(MASKS.date, '12')).toBe('12')
    expect(applyMask(MASKS.date, '120')).toBe('12.0')
    expect(applyMask(MASKS.date, '')).toBe('')
  })

  it('accepts a value that already carries the literals, also in other case', () => {
    expect(applyMask(MASKS.date, '12.03.2027')).toBe('12.03.2027')
    expect(applyMask(MASKS.iban, 'de12 5001 0517 0648 4898 90')).toBe('DE12 5001 0517 0648 4898 90')
    expect(applyMask(MASKS.time, '07:45')).toBe('07:45')
  })

  it('stops when the mask is full', () => {
    expect(applyMask(MASKS.zip, '1234567')).toBe('12345')
    expect(applyMask(MASKS.date, '1203202799')).toBe('12.03.2027')
  })

  it('keeps letters outside the Basic Multilingual Plane aligned with their slot', () => {
    expect(unmask('@-#', '𝒜5')).toBe('𝒜5')
    expect(applyMask('@-#', '𝒜5')).toBe('𝒜-5')
  })

  it('unmasks to the slot characters', () => {
    expect(unmask(MASKS.date, '12.03.2027')).toBe('12032027')
    expect(unmask(MASKS.iban, 'DE12 5001 0517')).toBe('1250010517')
    expect(unmask(MASKS.zip, 'abc')).toBe('')
  })

  it('knows when every slot is filled', () => {
    expect(isMaskComplete(MASKS.zip, '12345')).toBe(true)
    expect(isMaskComplete(MASKS.zip, '1234')).toBe(false)
    expect(isMaskComplete(MASKS.date, '12.03.2027')).toBe(true)
    expect(isMaskComplete(MASKS.date, '12.03.202')).toBe(false)
    expect(isMaskComplete(MASKS.iban, 'DE12500105170648489890')).toBe(true)
  })
})

describe('spec 5: "plus locale number formatting with fraction digits and an unsigned option"', () => {
  const two = { fractionDigits: 2 }

  it('groups thousands with dots and keeps the German decimal comma', () => {
    expect(formatLocaleNumberInput('1234567,89', two)).toBe('1.234.567,89')
    expect(formatLocaleNumberInput('1234', two)).toBe('1.234')
  })

  it('regroups a value whose grouping changed while typing', () => {
    expect(formatLocaleNumberInput('1.2345', two)).toBe('12.345')
    expect(formatLocaleNumberInput('12.34', two)).toBe('1.234')
  })

  it('keeps at most fractionDigits digits after the comma', () => {
    expect(formatLocaleNumberInput('12,3456', two)).toBe('12,34')
    expect(formatLocaleNumberInput('12,3,4', two)).toBe('12,34')
  })

  it('drops the comma and the fraction when fractionDigits is 0', () => {
    expect(formatLocaleNumberInput('12,5', { fractionDigits: 0 })).toBe('12')
  })

  it('keeps a trailing comma and a lone minus while typing', () => {
    expect(formatLocaleNumberInput('12,', two)).toBe('12,')
    expect(formatLocaleNumberInput('-', two)).toBe('-')
    expect(formatLocaleNumberInput(',', two)).toBe('0,')
  })

  it('removes leading zeros and letters', () => {
    expect(formatLocaleNumberInput('007', two)).toBe('7')
    expect(formatLocaleNumberInput('0', two)).toBe('0')
    expect(formatLocaleNumberInput(',5', two)).toBe('0,5')
    expect(formatLocaleNumberInput('1a2b3', two)).toBe('123')
    expect(formatLocaleNumberInput('abc', two)).toBe('')
  })

  it('keeps a minus sign unless unsigned', () => {
    expect(formatLocaleNumberInput('-1234,5', two)).toBe('-1.234,5')
    expect(formatLocaleNumberInput('-1234,5', { fractionDigits: 2, unsigned: true })).toBe('1.234,5')
    expect(formatLocaleNumberInput('-', { fractionDigits: 2, unsigned: true })).toBe('')
  })

  it('groups long digit strings exactly', () => {
    expect(formatLocaleNumberInput('12345678901234567890', two)).toBe('12.345.678.901.234.567.890')
  })

  it('parses what the formatter writes', () => {
    expect(parseLocaleNumber('1.234.567,89')).toBe(1234567.89)
    expect(parseLocaleNumber('-1.234,5')).toBe(-1234.5)
    expect(parseLocaleNumber('12,')).toBe(12)
    expect(parseLocaleNumber('0,5')).toBe(0.5)
    expect(parseLocaleNumber('1234')).toBe(1234)
    expect(parseLocaleNumber(formatLocaleNumberInput('98765,4321', { fractionDigits: 3 }))).toBe(98765.432)
  })

  it('parses to null when the text is no German number', () => {
    for (const s of ['', '-', ',', 'abc', '1.5', '1.23.456', '12,3,4', '1,234.5']) {
      expect(parseLocaleNumber(s), s).toBeNull()
    }
  })
})
