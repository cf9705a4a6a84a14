// SEPA direct debits collected by the office (issue 26, item 3): which instalments are due in a
// period, the day each is debited after its pre-notification, the ids that go into the pain.008
// file, and the reasons a bank gives for a return debit (Rücklastschrift). Pure.
import * as z from 'zod/mini'
import { addDays, toEpochDay } from '../calendar'

/**
 * Calendar days between the pre-notification and the debit: the SEPA Core rulebook's 14, as
 * neither the mandate text (app/lib/booking/sepa.ts) nor the travel conditions agree a shorter one.
 */
export const PRE_NOTIFICATION_DAYS = 14

/**
 * The sequence type of every debit: a booking's mandate covers its payments ("Zahlungen für diese
 * Reisebuchung"), so it is a recurrent mandate, and since November 2016 a first debit under it
 * may be sent as RCUR (FRST is no longer required). OOFF would end the mandate after one debit, and
 * a deposit, its balance or a debit again after a return could not follow.
 */
export const SEQUENCE_TYPE = 'RCUR'
export const SEQUENCE_TYPES = ['FRST', 'RCUR', 'OOFF', 'FNAL'] as const

/** What a debit is now. */
export const DEBIT_STATES = ['announced', 'exported', 'collected', 'returned'] as const
export type DebitState = (typeof DEBIT_STATES)[number]
export const DEBIT_STATE_LABELS: Record<DebitState, string> = {
  announced: 'angekündigt',
  exported: 'in Datei',
  collected: 'eingezogen',
  returned: 'zurückgegeben',
}

/**
 * The R-transaction reasons a debtor's bank gives (ISO 20022 ExternalReturnReason codes the
 * German banks use for SEPA Core), with the words the office reads.
 */
export const RETURN_REASONS = {
  AC01: 'IBAN fehlerhaft',
  AC04: 'Konto erloschen',
  AC06: 'Konto gesperrt',
  AC13: 'Konto eines Verbrauchers nicht zulässig',
  AG01: 'Lastschrift für dieses Konto nicht zulässig',
  AG02: 'Ungültiger Zahlungsvorgang',
  AM04: 'Deckung unzureichend',
  AM05: 'Doppelte Einreichung',
  BE05: 'Zahlungsempfänger unbekannt',
  FF01: 'Ungültiges Dateiformat',
  MD01: 'Kein gültiges Mandat',
  MD02: 'Mandatsdaten fehlen oder sind fehlerhaft',
  MD06: 'Erstattung auf Verlangen des Zahlers (Widerspruch)',
  MD07: 'Zahler verstorben',
  MS02: 'Widerspruch des Zahlers ohne Angabe von Gründen',
  MS03: 'Grund nicht angegeben',
  RC01: 'BIC fehlerhaft',
  RR01: 'Angaben zum Zahler fehlen (Geldwäscheprüfung)',
  RR04: 'Aufsichtsrechtliche Gründe',
  SL01: 'Besondere Dienstleistung der Bank des Zahlers',
} as const
export type ReturnReason = keyof typeof RETURN_REASONS
export const RETURN_REASON_CODES = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]]

export function returnReasonText(code: string): string {
  return code in RETURN_REASONS ? `${code} – ${RETURN_REASONS[code as ReturnReason]}` : code
}

/** A return is possible 8 weeks after the debit, 13 months for an unauthorised one (§ 676b BGB). */
const MAX_RETURN_DAYS = 400

const EASTER_CACHE = new Map<number, string>()
/** Easter Sunday of a year (the anonymous Gregorian algorithm), as 'YYYY-MM-DD'. */
function easterSunday(year: number): string {
  const known = EASTER_CACHE.get(year)
  if (known) return known
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  EASTER_CACHE.set(year, iso)
  return iso
}

/** Whether banks settle SEPA debits on the day (TARGET2: not on weekends, New Year, Good Friday, Easter Monday, 1 May, 25 and 26 December). */
export function isSettlementDay(iso: string): boolean {
  const weekday = (toEpochDay(iso) + 4) % 7 // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false
  const monthDay = iso.slice(5)
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false
  const easter = easterSunday(Number(iso.slice(0, 4)))
  return iso !== addDays(easter, -2) && iso !== addDays(easter, 1)
}

/**
 * The day an instalment is debited when its pre-notification goes out on `announcedOn`: its due
 * day, but not before the pre-notification period has passed, moved to the next settlement day.
 */
export function debitDay(dueDate: string, announcedOn: string): string {
  const earliest = addDays(announcedOn, PRE_NOTIFICATION_DAYS)
  let day = dueDate > earliest ? dueDate : earliest
  while (!isSettlementDay(day)) day = addDays(day, 1)
  return day
}

/** The instalments (`payments.kind`). */
type InstalmentKind = 'deposit' | 'balance' | 'full' | 'fee'
const KIND_CODES: Record<InstalmentKind, string> = { deposit: 'A', balance: 'R', full: 'G', fee: 'S' }

/**
 * The end-to-end id of a debit: the booking number (the one reference everywhere), the instalment
 * (A Anzahlung, R Restzahlung, G Gesamtpreis, S Stornogebühr) and the attempt ('7K4P-9XQ2-A1';
 * after a return the next debit of the instalment is '-A2'). At most 35 characters of the SEPA
 * character set.
 */
export function endToEndId(bookingNumber: string, kind: InstalmentKind, attempt: number): string {
  return `${bookingNumber}-${KIND_CODES[kind]}${attempt}`
}

/**
 * The file's message id, unique per creditor as the banks require: 'LS-2026-11-28-7' (the day and
 * the file's row id, an int4 of at most 10 digits: at most 24 characters).
 */
export function messageId(exportId: number, day: string): string {
  return `LS-${day}-${exportId}`
}

/**
 * The id of the file's n-th payment information block (one per debit day): 'LS-2026-11-28-7-P1'.
 * Built on the message id alone, never nested, so it stays within Max35Text up to 10^9 blocks.
 */
export function paymentInfoId(messageId: string, n: number): string {
  return `${messageId}-P${n}`
}

/**
 * The instruction id of the file's n-th debit, counted over the whole file: 'LS-2026-11-28-7-12'.
 * Unique in the file and within Max35Text up to 10^10 debits.
 */
export function instructionId(messageId: string, n: number): string {
  return `${messageId}-${n}`
}

/** An amount in millionths of a euro as the euros a pain.008 file states (whole cents). */
export function eurosOf(raw: number): number {
  return Math.round(raw / 10_000) / 100
}

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))

/**
 * The page's period in the address, and a booking number or payer to narrow it to:
 * `?von=2027-03-01&bis=2027-03-31&q=7K4P` (each optional).
 */
export const debitPeriodSearchSchema = z.object({
  von: z.optional(z.catch(isoDay, '')),
  bis: z.optional(z.catch(isoDay, '')),
  q: z.optional(z.catch(z.string().check(z.trim(), z.maxLength(70)), '')),
})
export type DebitPeriodSearch = z.infer<typeof debitPeriodSearchSchema>

/** Days the list looks ahead when no end is given: a deposit (7 days) and a balance (30 days before departure) both show. */
export const DEFAULT_PERIOD_DAYS = 30
/** The longest period the list shows at once. */
const MAX_PERIOD_DAYS = 366

export type DebitPeriod = { from: string; till: string }

/** The period of the address, from today for `DEFAULT_PERIOD_DAYS` days when not given. */
export function debitPeriod(search: DebitPeriodSearch, today: string): DebitPeriod {
  const from = search.von || today
  return { from, till: search.bis || addDays(from, DEFAULT_PERIOD_DAYS) }
}

/** The page's filter: its period and what the lists are narrowed to ('' for everything). */
export type DebitFilter = DebitPeriod & { query: string }

function epochDayOrNull(iso: string): number | null {
  try {
    return toEpochDay(iso)
  } catch {
    return null
  }
}

/** What is wrong with a period, in the office's words; null when nothing is. */
export function periodProblem(period: DebitPeriod): { field: 'from' | 'till'; message: string } | null {
  const from = epochDayOrNull(period.from)
  const till = epochDayOrNull(period.till)
  if (from === null) return { field: 'from', message: 'Bitte geben Sie ein gültiges Datum für den Beginn an.' }
  if (till === null) return { field: 'till', message: 'Bitte geben Sie ein gültiges Datum für das Ende an.' }
  if (from > till) return { field: 'till', message: 'Das Ende des Zeitraums liegt vor seinem Beginn. Bitte wählen Sie ein späteres Ende.' }
  if (till - from >= MAX_PERIOD_DAYS) return { field: 'till', message: 'Bitte wählen Sie einen Zeitraum von höchstens einem Jahr.' }
  return null
}

/** The day the bank credited a file's debits: not in the future, not before the file was made. */
export function collectedDayProblem(day: string, fileDay: string, today: string): string | null {
  const at = epochDayOrNull(day)
  if (at === null) return 'Bitte geben Sie ein gültiges Datum an.'
  if (at > toEpochDay(today)) return 'Das Datum liegt in der Zukunft. Bitte markieren Sie die Lastschriften, wenn die Gutschrift auf dem Kontoauszug steht.'
  if (at < toEpochDay(fileDay)) return 'Die Gutschrift kann nicht vor dem Tag liegen, an dem die Datei erstellt wurde. Bitte prüfen Sie das Datum.'
  return null
}

/** What the office records for a return debit. */
export const debitReturnFormSchema = z.object({
  debitId: z.string().check(z.regex(/^\d{1,9}$/, 'Bitte wählen Sie die Lastschrift.')),
  reason: z.enum(RETURN_REASON_CODES, 'Bitte wählen Sie den Grund der Rücklastschrift.'),
  bookedOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie das Datum an.')),
})
export type DebitReturnForm = z.infer<typeof debitReturnFormSchema>

/** The day of a return: not in the future, not before the money came in, and within 13 months of it. */
export function returnDayProblem(day: string, collectedOn: string, today: string): string | null {
  const at = epochDayOrNull(day)
  if (at === null) return 'Bitte geben Sie ein gültiges Datum an.'
  if (at > toEpochDay(today)) return 'Das Datum liegt in der Zukunft. Bitte erfassen Sie die Rücklastschrift, wenn sie auf dem Kontoauszug steht.'
  if (at < toEpochDay(collectedOn)) return 'Eine Rücklastschrift kann nicht vor dem Einzug liegen. Bitte prüfen Sie das Datum.'
  if (at > toEpochDay(collectedOn) + MAX_RETURN_DAYS) return 'Eine Rücklastschrift ist nur bis 13 Monate nach dem Einzug möglich. Bitte prüfen Sie das Datum.'
  return null
}

/** An IBAN as the pre-notification shows it: only the country, check digits and the last four ('DE89 …  3000'). */
export function maskedIban(iban: string): string {
  const compact = iban.replace(/\s/g, '')
  return `${compact.slice(0, 4)} •••• •••• •••• ${compact.slice(-4)}`
}
