// CSV as German Excel opens it with a double click: UTF-8 with a byte order mark, semicolons,
// CRLF, fields quoted where they contain a separator, a quote or a line break (RFC 4180 quoting).
// A field is text unless its writer made it a number (`csvAmount`, `csvNumber`): text goes through
// `spreadsheetText`, so that a name typed by a customer never runs as a formula in the office's
// spreadsheet (CSV injection); a number is written as it is, a negative amount keeps its minus.
import { spreadsheetText } from '../spreadsheet-cell'

/** A field Excel reads as a number, '-12,50' or '3': written as it is. */
export type CsvNumber = { readonly number: string }
/** A field of a row: a string is text, a `CsvNumber` a number. */
export type CsvCell = string | CsvNumber

const BOM = '\uFEFF'

function field(cell: CsvCell): string {
  const value = typeof cell === 'string' ? spreadsheetText(cell) : cell.number
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n') + '\r\n'
}

/** An amount in millionths of a euro as German Excel reads a number: '1234,50', '-12,50'. */
export function csvAmount(raw: number): CsvNumber {
  return { number: (raw / 1_000_000).toFixed(2).replace('.', ',') }
}

/** A count (places, a seat row, a room's number) as a number field. */
export function csvNumber(n: number): CsvNumber {
  return { number: String(n).replace('.', ',') }
}
