// Spec 4 vouchers, checked on the server against the voucher table. Issue 24: codes cannot be
// guessed (generated codes: ./voucher-code.ts). While a code is entered, an unknown code and one
// that exists but does not apply (not yet or no longer valid, used) get the same answer, so a
// guesser cannot tell a real code from a made-up one; a limit on wrong codes stops the guessing.
import { formatDate } from '../format'

export type VoucherRow = {
  einloesecode: string
  value: number
  validFrom: string
  validUntil: string
  singleUse: boolean
  redeemedAt: Date | null
}

/** The answer to any code that cannot be used while it is entered: unknown, not yet or no longer valid, used. */
export function voucherNotAccepted(code: string): string {
  return `Den Gutscheincode „${code}“ können wir nicht anrechnen. Bitte prüfen Sie die Schreibweise und ob der Gutschein noch gilt.`
}

/** The answer once a client or a draft has entered too many wrong codes: nothing about the code. */
export const VOUCHER_GUESSES_MESSAGE =
  'Es wurden zu viele ungültige Gutscheincodes eingegeben. Bitte warten Sie einige Minuten – oder rufen Sie uns an, wir helfen Ihnen gern.'

/**
 * Why a voucher code cannot be used today; null when it can. The reasons are told only at
 * booking, for a code the draft's save had accepted (it became used or expired since), where
 * they tell a guesser nothing; while a code is entered every reason is `voucherNotAccepted`.
 */
export function voucherProblem(code: string, row: VoucherRow | null, today: string): string | null {
  if (!row) return voucherNotAccepted(code)
  if (today < row.validFrom) return `Der Gutschein „${code}“ gilt erst ab dem ${formatDate(row.validFrom)}.`
  if (today > row.validUntil) return `Der Gutschein „${code}“ ist am ${formatDate(row.validUntil)} abgelaufen.`
  if (row.singleUse && row.redeemedAt !== null) return `Der Gutschein „${code}“ wurde bereits eingelöst.`
  return null
}

export function voucherNotNeeded(code: string): string {
  return `Der Reisepreis ist mit Ihren Gutscheinen bereits vollständig bezahlt – der Gutschein „${code}“ wird nicht benötigt.`
}
