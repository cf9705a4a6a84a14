// Spec 4 vouchers, checked on the server against the voucher table: each failure has its own
// German message, so the customer knows whether to retype the code or stop trying.
import { formatDate } from '../format'

export type VoucherRow = {
  einloesecode: string
  value: number
  validFrom: string
  validUntil: string
  singleUse: boolean
  redeemedAt: Date | null
}

/** Why a voucher code cannot be used today; null when it can. */
export function voucherProblem(code: string, row: VoucherRow | null, today: string): string | null {
  if (!row) return `Den Gutscheincode „${code}“ kennen wir nicht. Bitte prüfen Sie die Schreibweise.`
  if (today < row.validFrom) return `Der Gutschein „${code}“ gilt erst ab dem ${formatDate(row.validFrom)}.`
  if (today > row.validUntil) return `Der Gutschein „${code}“ ist am ${formatDate(row.validUntil)} abgelaufen.`
  if (row.singleUse && row.redeemedAt !== null) return `Der Gutschein „${code}“ wurde bereits eingelöst.`
  return null
}

export function voucherNotNeeded(code: string): string {
  return `Der Reisepreis ist mit Ihren Gutscheinen bereits vollständig bezahlt – der Gutschein „${code}“ wird nicht benötigt.`
}
