// CSV as German Excel opens it with a double click: UTF-8 with a byte order mark, semicolons,
// CRLF, fields quoted where they contain a separator, a quote or a line break (RFC 4180 quoting).
// A field that starts like a formula (=, +, @, a minus before no digit) gets a leading apostrophe,
// so that a name typed by a customer never runs as a formula in the office's spreadsheet (CSV
// injection); a negative amount stays a number.

const BOM = '\uFEFF'

function field(value: string): string {
  const safe = /^([=+@\t\r]|-(?!\d))/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n') + '\r\n'
}

/** An amount in millionths of a euro as German Excel reads a number: '1234,50'. */
export function csvAmount(raw: number): string {
  return (raw / 1_000_000).toFixed(2).replace('.', ',')
}
