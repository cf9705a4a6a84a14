// The GiroCode (EPC QR code, European Payments Council EPC069-12, version 002): a banking app that
// scans it fills in a SEPA credit transfer to the operator, of the amount due, with the booking
// number as the one reference (Verwendungszweck). This module writes its text; the QR code is drawn
// from it (app/components/ui/QrCode.tsx on the pages, the PDF's own drawing). Pure.
import { CENT } from './money'
import type { BankDetails, BookingSummary } from './summary'

/** The EPC limit for an amount: EUR 999,999,999.99. */
const MAX_EUROS = 999_999_999.99

/** The payee's name, at most 70 characters; the remittance text at most 140 (EPC069-12). */
const clip = (text: string, max: number) => [...text.replace(/[\r\n]+/g, ' ').trim()].slice(0, max).join('')

/**
 * The QR code's text for a transfer of `amount` (millionths of a euro, a positive number of whole
 * cents) to the operator's account, or null when the amount cannot be paid this way.
 */
export function giroCodeText(bank: Pick<BankDetails, 'accountHolder' | 'iban' | 'bic'>, amount: number, reference: string): string | null {
  const euros = amount / 1_000_000
  if (!Number.isInteger(amount / CENT) || amount <= 0 || euros > MAX_EUROS) return null
  return [
    'BCD', // service tag
    '002', // version
    '1', // character set: UTF-8
    'SCT', // SEPA credit transfer
    bank.bic.trim(),
    clip(bank.accountHolder, 70),
    bank.iban.replace(/\s+/g, '').toUpperCase(),
    `EUR${euros.toFixed(2)}`,
    '', // purpose code
    '', // structured creditor reference (the booking number is unstructured text)
    clip(reference, 140),
  ].join('\n')
}

/** What the code does, in words: its screen-reader text and the caption under it. */
export function giroCodeLabel(accountHolder: string, amountText: string, reference: string): string {
  return `GiroCode für eine Überweisung von ${amountText} an ${accountHolder}, Verwendungszweck ${reference}`
}

/** The amount a GiroCode asks for after booking: the next instalment not yet paid, for a transfer only. */
export function nextTransferDue(summary: Pick<BookingSummary, 'paymentMethod' | 'payments'>): BookingSummary['payments'][number] | undefined {
  return summary.paymentMethod === 'ueberweisung' ? summary.payments.find((p) => !p.paid) : undefined
}
