// A stored booking as the success page, the confirmation PDF and the confirmation mail show it.
// The booking service builds it from the database; nothing here is computed again.
import type { PaymentMethod } from './draft'
import { formatDepartureTime } from '../trip-detail'
import { formatIban } from './iban'
import type { RoomType, TripContents } from './offer'
import type { PriceLine } from './price'
import type { TripTerms } from './trip-terms'

/** The instalments of a trip's price, and (once cancelled) the rest of its cancellation fee. */
export type PaymentKind = 'deposit' | 'balance' | 'full' | 'fee'

export const PAYMENT_KIND_LABELS = {
  deposit: 'Anzahlung',
  balance: 'Restzahlung',
  full: 'Reisepreis (vollständig)',
  fee: 'Stornogebühr',
} as const satisfies Record<PaymentKind, string>

export type BankDetails = {
  accountHolder: string
  iban: string
  bic: string
  bankName: string
  /** Gläubiger-Identifikationsnummer for SEPA direct debits. */
  creditorId: string
}

export type BookingSummary = {
  bookingNumber: string
  /** ISO timestamp of the booking. */
  createdAt: string
  trip: {
    id: number
    dateId: number
    title: string
    dateFrom: string
    dateTill: string
    durationDays: number
    transport: 'bus' | 'flug' | 'schiff' | 'hotel'
  }
  /** The trip's terms as booked (cancellation scale, minimum participants …); null when the trip is gone. */
  terms: TripTerms | null
  /** Accommodation, included services and programme; null when the trip is no longer published. */
  contents: TripContents | null
  /** Each insurance booked, once, with its insurer and documents (absolute URLs, '' when not configured). */
  insurances: { name: string; insurer: string; productSheetUrl: string; conditionsUrl: string }[]
  /** The travel agency that booked for the customer, when the server verified it. */
  agency: { name: string } | null
  booker: { firstname: string; lastname: string; street: string; street_nr: string; zip: string; city: string; email: string; tel: string }
  rooms: {
    type: RoomType
    travellers: {
      name: string
      seat: string | null
      /** Where the traveller gets on (boardingLabel says it in words); null without boarding. */
      boarding: BookedBoarding | null
      mobility: 'keine' | 'rollator' | 'rollstuhl'
    }[]
  }[]
  lines: PriceLine[]
  gesamtpreis: number
  payments: {
    kind: PaymentKind
    amount: number
    /** 'YYYY-MM-DD' */
    dueDate: string
    paid: boolean
    /** Absolute URL of /payment/{data} for this amount. */
    paymentUrl: string
  }[]
  paymentMethod: PaymentMethod
  /** Of the newest SEPA mandate ('7K4P-9XQ2-1'), null while the customer pays by transfer. */
  mandateReference: string | null
  /** Absolute URL of the success page through its signed link. */
  successUrl: string
  /** The version of the contract documents: 1 as booked, raised by every change the office makes. */
  version?: number
  /** The number of this version's invoice (issued at commit); null while the booking is being made. */
  invoiceNumber?: string | null
}

/**
 * A boarding point of the trip with its address and departure time ('06:15'; null when the trip no
 * longer lists the point), or the door-to-door transfer from a postcode (its time is phoned later).
 */
export type BookedBoarding =
  | { kind: 'point'; name: string; address: string; departureTime: string | null }
  | { kind: 'transfer'; zip: string }

/** 'Bielefeld Hauptbahnhof, 06:15 Uhr' or 'Haustürtransfer ab 33602'. */
export function boardingLabel(boarding: BookedBoarding): string {
  if (boarding.kind === 'transfer') return `Haustürtransfer ab ${boarding.zip}`
  return boarding.departureTime ? `${boarding.name}, ${formatDepartureTime(boarding.departureTime)}` : boarding.name
}

/** How to pay: for a transfer the operator's account with the booking number as reference; for a direct debit the mandate. */
export function paymentInstructions(summary: Pick<BookingSummary, 'paymentMethod' | 'bookingNumber' | 'mandateReference'>, bank: BankDetails): { text: string; rows: [string, string][] } {
  if (summary.paymentMethod === 'ueberweisung') {
    return {
      text: 'Bitte überweisen Sie die Beträge jeweils bis zum Fälligkeitstag auf unser Konto und geben Sie als Verwendungszweck Ihre Buchungsnummer an:',
      rows: [
        ['Kontoinhaber', bank.accountHolder],
        ['IBAN', formatIban(bank.iban)],
        ['BIC', bank.bic],
        ['Bank', bank.bankName],
        ['Verwendungszweck', summary.bookingNumber],
      ],
    }
  }
  // The SEPA pre-notification: creditor, creditor id and mandate reference beside the due dates.
  const rows: [string, string][] = [
    ['Zahlungsempfänger', bank.accountHolder],
    ['Gläubiger-Identifikationsnummer', bank.creditorId],
  ]
  if (summary.mandateReference) rows.push(['Mandatsreferenz', summary.mandateReference])
  return {
    text: 'Wir buchen die Beträge zum Fälligkeitstag per SEPA-Lastschrift von Ihrem Konto ab. Bitte sorgen Sie für ausreichende Deckung.',
    rows,
  }
}
