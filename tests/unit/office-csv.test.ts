// CSV for German Excel (issue 25, item 3): BOM, semicolons, CRLF, quoting, and no formula from a
// customer's input.
import { describe, expect, it } from 'vitest'
import { bookingNumberQuery, containsPattern, isEmailPart, isPhoneNumber, reversedRanges } from '~/lib/office/booking-list'
import { csvAmount, toCsv } from '~/lib/office/csv'

describe('toCsv', () => {
  it('starts with a BOM, separates by semicolons and ends every line with CRLF', () => {
    expect(toCsv(['A', 'B'], [['1', 'zwei']])).toBe('\uFEFFA;B\r\n1;zwei\r\n')
  })

  it('quotes a field with a semicolon, a quote or a line break, doubling quotes', () => {
    expect(toCsv(['x'], [['Müller; Söhne'], ['Sie sagte "ja"'], ['zwei\nZeilen']])).toBe(
      '\uFEFFx\r\n"Müller; Söhne"\r\n"Sie sagte ""ja"""\r\n"zwei\nZeilen"\r\n',
    )
  })

  it('turns what would start a formula into text, but keeps a negative amount a number', () => {
    const rows = [['=HYPERLINK("http://x")'], ['+49 521'], ['@SUM(A1)'], ['-Bernd'], [csvAmount(-25_000_000)]]
    expect(toCsv(['x'], rows).split('\r\n').slice(1, 6)).toEqual(["\"'=HYPERLINK(\"\"http://x\"\")\"", "'+49 521", "'@SUM(A1)", "'-Bernd", '-25,00'])
  })

  it('writes amounts with a decimal comma and no thousands separator', () => {
    expect(csvAmount(1_234_500_000)).toEqual({ number: '1234,50' })
    expect(csvAmount(0)).toEqual({ number: '0,00' })
  })
})

describe('the list search', () => {
  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
  })

  it('knows a phone number from a booking number', () => {
    expect(isPhoneNumber('0521 / 12 34-56')).toBe(true)
    expect(isPhoneNumber('+49 521 123456')).toBe(true)
    expect(isPhoneNumber('AB12-CDEF')).toBe(false)
    expect(isPhoneNumber('123')).toBe(false)
  })

  it('tells a part of an e-mail address from a word that may be a name', () => {
    for (const part of ['ursula.wolf', '@web.de', 'hexe77', 'h_wolf']) expect(isEmailPart(part), part).toBe(true)
    for (const word of ['Zimmermann', 'Müller-Lüdenscheidt', 'Anna Becker']) expect(isEmailPart(word), word).toBe(false)
  })

  it('reads a booking number with or without its dash, in any case', () => {
    for (const typed of ['2F52-8D9V', '2f52-8d9v', '2F528D9V', '2f52 8d9v', ' 2F52 - 8D9V ']) expect(bookingNumberQuery(typed), typed).toBe('2F52-8D9V')
    expect(bookingNumberQuery('2f52-8')).toBe('2F52-8')
    expect(bookingNumberQuery('Zimmermann')).toBe('ZIMMERMANN')
  })

  it('says when a range ends before it starts', () => {
    expect(reversedRanges({ abfahrtVon: '2027-03-01', abfahrtBis: '2027-04-01', gebuchtVon: '', gebuchtBis: '' })).toEqual([])
    expect(reversedRanges({ abfahrtVon: '2027-03-01', abfahrtBis: '2027-03-01' })).toEqual([])
    expect(reversedRanges({ abfahrtVon: '2027-03-01', abfahrtBis: '2027-02-01', gebuchtVon: '2026-11-02', gebuchtBis: '2026-11-01' })).toEqual([
      'Abfahrt: Das Ende liegt vor dem Anfang, so findet der Filter keine Buchung.',
      'Buchungstag: Das Ende liegt vor dem Anfang, so findet der Filter keine Buchung.',
    ])
  })
})
