// Matching a bank statement's credits to bookings (issue 26, item 2; DESIGN 12, after pretix's
// bank-transfer import): the booking number in the remittance text names the booking, the amount
// says whether the credit is what was asked for. Pure.
import { BOOKING_NUMBER_PATTERN, readLookalikes } from '../booking/booking-number'
import { formatNumber } from '../format'
import type { StatementCredit } from './camt'

/**
 * What became of a credit: `matched` (one booking named, the amount is an instalment or the rest
 * due), `partial` (one booking named, another amount: booked to it, for the office to look at),
 * `unmatched` (no or several bookings named: waits for the office), `possible-duplicate` (a second
 * credit without any reference of the bank's, equal in every field to one before it in the file:
 * not booked, waits for the office), `assigned` (the office chose the booking), `ignored` (the
 * office marked it as no payment for a trip). A credit already imported is a duplicate and is not
 * stored again.
 */
export const BANK_ENTRY_STATES = ['matched', 'partial', 'unmatched', 'possible-duplicate', 'assigned', 'ignored'] as const
export type BankEntryState = (typeof BANK_ENTRY_STATES)[number]

/** The states of credits waiting for the office's decision. */
export const OPEN_BANK_ENTRY_STATES = ['unmatched', 'possible-duplicate'] as const satisfies readonly BankEntryState[]

export const BANK_ENTRY_STATE_LABELS: Record<BankEntryState, string> = {
  matched: 'zugeordnet, Betrag passt',
  partial: 'zugeordnet, Betrag weicht ab',
  unmatched: 'nicht zugeordnet',
  'possible-duplicate': 'möglicherweise doppelt',
  assigned: 'von Hand zugeordnet',
  ignored: 'keine Reisezahlung',
}

/** What the import reads of a credit to know it again: the parsed credit (lib/office/camt.ts). */
export type CreditFacts = StatementCredit

/**
 * A credit's identity on the account (issue 46, defect 2; docs/DECISIONS.md, "One payment per bank
 * entry"): the bank's reference where it gives one (AcctSvcrRef, else NtryRef), so the same entry
 * listed twice in a file, or again in a later file whose export writes the payer or the text
 * differently, is the same credit. Day and amount belong to it too: a bank that numbers its entries
 * per statement (NtryRef 1, 2, …) must not make the next day's first credit look known.
 * `byReference` false: the bank gives no reference, every field is the identity.
 */
export function creditIdentity(accountIban: string, c: CreditFacts): { key: string; byReference: boolean } {
  const reference = c.bankReference || c.entryRef
  if (reference) {
    return { key: ['ref', accountIban, reference, c.bookedOn, c.amount, c.txIndex].join('\u001f'), byReference: true }
  }
  return { key: fieldsKey(accountIban, c), byReference: false }
}

/** Every field of a credit, as the import identified all credits before migration 0028 (without the count). */
export const fieldsKey = (accountIban: string, c: CreditFacts) =>
  [accountIban, c.bookedOn, c.valueOn, c.amount, c.payerIban, c.payer, c.remittance, c.bankReference, c.endToEndId].join('\u001f')

export type IdentifiedCredit<C extends CreditFacts> = {
  credit: C
  /** What the stored checksum is made of. */
  key: string
  byReference: boolean
  /** The same reference earlier in the file: the same entry again, not stored. */
  repeated: boolean
  /** The key of an equal credit without reference earlier in the file: stored, not booked. */
  possibleDuplicateOf: string | null
}

/**
 * The identities of a file's credits. A reference seen before in the file is a repetition. Equal
 * credits without reference are counted (key and its count: the file read again finds each one);
 * the second and later are possible duplicates of the first, for the office to decide on.
 */
export function identifyCredits<C extends CreditFacts>(accountIban: string, credits: readonly C[]): IdentifiedCredit<C>[] {
  const seen = new Map<string, number>()
  return credits.map((c) => {
    const { key, byReference } = creditIdentity(accountIban, c)
    const n = seen.get(key) ?? 0
    seen.set(key, n + 1)
    if (byReference) return { credit: c, key, byReference, repeated: n > 0, possibleDuplicateOf: null }
    return { credit: c, key: `${key}\u001f${n}`, byReference, repeated: false, possibleDuplicateOf: n > 0 ? `${key}\u001f0` : null }
  })
}

/** The credit a possible duplicate is equal to, as the office's list names it. */
export type DuplicateOf = { position: number; fileName: string; state: BankEntryState; bookingNumber: string | null }

/** The hint beside a possible duplicate. */
export function possibleDuplicateHint(first: DuplicateOf): string {
  const became = [BANK_ENTRY_STATE_LABELS[first.state], first.bookingNumber ? `Buchung ${first.bookingNumber}` : ''].filter(Boolean).join(', ')
  return `Möglicherweise doppelt: gleicher Betrag, gleicher Tag, gleicher Zahler und Verwendungszweck wie Eintrag ${first.position} im Kontoauszug ${first.fileName} (${became}).`
}

/**
 * The largest statement the office uploads: 3,000 to 4,000 credits as banks typically write them
 * (1.2–1.8 KB each), a busy month; 20,000 written as compactly as CAMT.053 allows (250 bytes each). A
 * longer period is uploaded as several files: what an earlier file held is recognised and skipped.
 * docs/DECISIONS.md, "Bank statements of a year".
 */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024

/**
 * The most credits one statement may hold; a file with more is refused whole (batch entries of tiny
 * transactions can put 120,000 into 5 MB). It bounds the import's one transaction, which keeps the
 * bookings it names locked: 20,000 credits that all name a booking take 24 s on PGlite, 31 s on
 * PostgreSQL (measured on two cores).
 */
export const MAX_STATEMENT_CREDITS = 25_000

export const tooManyCreditsMessage = (credits: number) =>
  `Der Kontoauszug enthält ${formatNumber(credits)} Gutschriften, höchstens ${formatNumber(MAX_STATEMENT_CREDITS)} werden auf einmal eingelesen. ` +
  'Bitte exportieren Sie kürzere Zeiträume (zum Beispiel je Monat) und laden Sie die Dateien nacheinander hoch. Es wurde nichts eingelesen.'

/**
 * The booking numbers a remittance text may name, normalised (ABCD-EFGH): four and four characters
 * of the booking numbers' alphabet, with or without a hyphen or space between them, in any case,
 * letters O, I and L read as 0, 1, 1. Banks cut a long text into lines: it is read as written.
 */
export function bookingNumberCandidates(text: string): string[] {
  const upper = text.toUpperCase()
  const found = new Set<string>()
  // A lookahead, so overlapping groups ('ABCD EFGH JKMN') all count.
  for (const m of upper.matchAll(/(?<![0-9A-Z])(?=([0-9A-Z]{4})[\s./-]{0,3}([0-9A-Z]{4})(?![0-9A-Z]))/g)) {
    const number = readLookalikes(`${m[1]}-${m[2]}`)
    if (BOOKING_NUMBER_PATTERN.test(number)) found.add(number)
  }
  return [...found]
}

export type OwedInstalment = { amount: number; status: string }

/**
 * Whether a credit is what the booking asked for: the rest of the next open instalment, of any later
 * one with those before it, or everything still owed. `owed` is the price (or a cancelled booking's
 * fee), `paid` the money in so far, `instalments` in the order they fall due.
 */
export function creditFits(amount: number, owed: number, paid: number, instalments: OwedInstalment[]): boolean {
  if (amount <= 0 || paid >= owed) return false
  if (amount === owed - paid) return true
  let covered = 0
  for (const i of instalments) {
    if (i.status === 'cancelled') continue
    covered += i.amount
    if (covered > paid && covered - paid === amount) return true
  }
  return false
}

/** The state of a credit that names `bookings` (the existing bookings among its candidates). */
export function creditState(bookings: number, fits: boolean): Extract<BankEntryState, 'matched' | 'partial' | 'unmatched'> {
  if (bookings !== 1) return 'unmatched'
  return fits ? 'matched' : 'partial'
}
