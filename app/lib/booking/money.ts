// Rounding of money (spec 9: integers in millionths of a euro): percentages of a price (insurance,
// deposit, cancellation fee) are rounded half up to whole cents, nothing else is ever rounded.
export const CENT = 10_000

/** Half up to whole cents: x is a non-negative number of millionths. */
export function roundToCent(x: number): number {
  return Math.floor((x + CENT / 2) / CENT) * CENT
}
