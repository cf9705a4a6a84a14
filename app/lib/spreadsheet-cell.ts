// Text a customer typed must never run as a formula when the office opens a file of ours in a
// spreadsheet (CSV or formula injection, issue 42): a text cell that begins with one of the
// characters OWASP lists, '=', '+', '-', '@', tab, CR or LF, gets a leading apostrophe, which
// Excel and LibreOffice take as "this is text" and which the reader sees as such. Every CSV and
// XLSX writer of the project sends its text cells through this one function. Number cells (an
// amount, a count) do not come here: their writer knows them by their column and writes them as
// numbers, a minus and all; nothing is guessed from the text, so '-12,50' typed as a name is
// text like any other.

const FORMULA_START = /^[=+\-@\t\r\n]/

/** A text cell a spreadsheet shows and never runs: `'-2+3+cmd|…` for `-2+3+cmd|…`; 'Becker, Anna' as it is. */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}
