// Formula injection (issue 42, finding 2): every text cell of a CSV or XLSX file that begins like a
// formula gets a leading apostrophe, in one function; number cells keep their minus.
import { describe, expect, it } from 'vitest'
import { csvAmount, csvNumber, toCsv } from '~/lib/office/csv'
import { spreadsheetText } from '~/lib/spreadsheet-cell'

const PAYLOAD = "-2+3+cmd|' /C calc'!A0"

describe('spreadsheetText', () => {
  it('puts an apostrophe before each of the seven characters OWASP lists as a formula start', () => {
    const starts = ['=', '+', '-', '@', '\t', '\r', '\n']
    expect(starts.map((start) => spreadsheetText(`${start}2+3+cmd|' /C calc'!A0`))).toEqual(starts.map((start) => `'${start}2+3+cmd|' /C calc'!A0`))
    expect(spreadsheetText(PAYLOAD)).toBe(`'${PAYLOAD}`)
  })

  it('leaves a plain name, a name with a hyphen inside and an empty cell as they are', () => {
    for (const plain of ['Becker, Anna', 'Müller-Lüdenscheidt', "O'Brien", '0521 123456', '']) expect(spreadsheetText(plain)).toBe(plain)
  })

  it('makes no exception for text that looks like a negative number: the column decides, not the text', () => {
    expect(spreadsheetText('-12,50')).toBe("'-12,50")
  })
})

describe('toCsv with text and number columns', () => {
  it('neutralises a name that starts with a minus, but keeps the minus of an amount and a count', () => {
    const csv = toCsv(['Name', 'Betrag', 'Personen'], [[PAYLOAD, csvAmount(-12_500_000), csvNumber(-1)], ['\nZeile', csvAmount(0), csvNumber(2)]])
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`'${PAYLOAD};-12,50;-1`, `"'\nZeile";0,00;2`])
  })
})
