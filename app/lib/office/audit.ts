// What the audit log records (DESIGN 11, issue 25 item 7): the actions on a booking, and the admins'
// actions on staff accounts (issue 42), in the words the office reads in a booking's timeline and in
// the admins' list. Pure.
import * as z from 'zod/mini'
import { formatDate } from '../format'
import { BOOKING_CHANNEL_LABELS, BOOKING_STATUS_LABELS } from './booking-list'
import { DEPARTURE_CANCEL_REASON_LABELS } from './cancellation'
import type { DepartureCancelReason } from './cancellation'
import { LEDGER_METHOD_LABELS } from './ledger'
import { NOTICE_KIND_LABELS } from './notices'
import type { NoticeKind } from './notices'
import type { LedgerMethod } from './ledger'
import { returnReasonText } from './sepa-debits'
import { STAFF_ROLE_LABELS } from './staff'
import type { StaffRole } from './staff'
import type { BookingChannel, BookingStatus } from './booking-list'

export const AUDIT_ACTIONS = {
  'booking.created': 'Buchung eingegangen',
  'booking.traveller': 'Reisende Person geändert',
  'booking.contact': 'Kontaktdaten geändert',
  'booking.boarding': 'Zustieg geändert',
  'booking.seat': 'Sitzplatz geändert',
  'booking.services': 'Zusatzleistungen geändert',
  'booking.insurance': 'Reiseversicherung geändert',
  'booking.date': 'Umgebucht auf anderen Termin',
  'booking.confirmation': 'Bestätigung erneut gesendet',
  'booking.note': 'Notiz',
  'booking.payment': 'Zahlung erfasst',
  'booking.refund': 'Erstattung erfasst',
  'booking.cancelled': 'Buchung storniert',
  'booking.notice': 'Benachrichtigung gesendet',
  'booking.notice_failed': 'Benachrichtigung nicht versendet',
  'booking.debit_announced': 'Lastschrift angekündigt',
  'booking.debit_exported': 'Lastschrift in Datei',
  'booking.debit_collected': 'Lastschrift eingezogen',
  'booking.debit_returned': 'Rücklastschrift erfasst',
  'staff.created': 'Mitarbeiterkonto angelegt',
  'staff.deactivated': 'Mitarbeiterkonto deaktiviert',
  'staff.reactivated': 'Mitarbeiterkonto reaktiviert',
  'staff.two_factor_reset': 'Zwei-Faktor-Anmeldung zurückgesetzt',
  'staff.two_factor_enabled': 'Zwei-Faktor-Anmeldung eingerichtet',
  'staff.backup_code_used': 'Mit einem Ersatzcode angemeldet',
  'staff.backup_codes_renewed': 'Ersatzcodes neu erzeugt',
} as const
export type AuditAction = keyof typeof AUDIT_ACTIONS
/** An admin's action on a staff account: its entry names the account, not a booking. */
export type StaffAuditAction = Extract<AuditAction, `staff.${string}`>

/** The staff account an entry is about, as it was then (stored with the entry under this key). */
export type AuditStaffMember = { id: string; name: string; email: string }
export const AUDIT_STAFF_MEMBER_KEY = 'staffMember'

/** The staff account an entry's `after` names, in words ('Erika Muster (erika@example.de)'), or null. */
export function auditStaffMemberLabel(after: unknown): string | null {
  const member = after && typeof after === 'object' ? (after as Record<string, unknown>)[AUDIT_STAFF_MEMBER_KEY] : undefined
  if (!member || typeof member !== 'object') return null
  const { name, email } = member as Record<string, unknown>
  if (typeof name !== 'string') return null
  return typeof email === 'string' ? `${name} (${email})` : name
}

/** The label of a stored action; an action this version does not know is shown as stored. */
export function auditActionLabel(action: string): string {
  return action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction] : action
}

export type AuditActor =
  | { kind: 'staff'; id: string; name: string }
  | { kind: 'agency'; id: number; name: string | null }
  | { kind: 'customer' }
  | { kind: 'system' }

/** The actions whose words contain the text ('sitz' finds 'Sitzplatz geändert'). */
export function auditActionsNamed(text: string): AuditAction[] {
  const wanted = text.toLocaleLowerCase('de-DE')
  return (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => AUDIT_ACTIONS[a].toLocaleLowerCase('de-DE').includes(wanted))
}

/** Who did it, as the timeline names them. */
export function auditActorLabel(kind: string, name: string | null): string {
  switch (kind) {
    case 'staff':
      return `Büro: ${name ?? 'ehemaliges Konto'}`
    case 'agency':
      return `Reisebüro${name ? `: ${name}` : ''}`
    case 'customer':
      return 'Kunde (online)'
    default:
      return 'System'
  }
}

const FIELD_LABELS: Record<string, string> = {
  firstname: 'Vorname',
  backupCodesLeft: 'Ersatzcodes übrig',
  lastname: 'Nachname',
  street: 'Straße',
  street_nr: 'Hausnummer',
  zip: 'PLZ',
  city: 'Ort',
  email: 'E-Mail',
  tel: 'Telefon',
  seat: 'Sitzplatz',
  boarding: 'Zustieg',
  services: 'Zusatzleistungen',
  bookingServices: 'Zusatzleistungen der Buchung',
  gesamtpreis: 'Gesamtpreis',
  places: 'Reisende',
  channel: 'Gebucht über',
  version: 'Version der Bestätigung',
  note: 'Notiz',
  amount: 'Betrag',
  bookedOn: 'Datum',
  method: 'Zahlungsweg',
  reference: 'Referenz',
  status: 'Status',
  cancellationFee: 'Stornogebühr',
  percent: 'Prozent der Staffel',
  refund: 'Zu erstatten',
  owed: 'Noch zu zahlen',
  owedBy: 'Fällig am',
  reason: 'Grund',
  source: 'Quelle',
  notice: 'Benachrichtigung',
  collectionDate: 'Belastungsdatum',
  mandate: 'Mandatsreferenz',
  file: 'Datei',
  returnReason: 'Grund der Rücklastschrift',
  role: 'Rolle',
  active: 'Zustand',
  twoFactor: 'Anmeldung mit zwei Faktoren',
  sessionsEnded: 'Beendete Sitzungen',
}
const MONEY_KEYS = new Set(['gesamtpreis', 'amount', 'cancellationFee', 'refund', 'owed'])
/** Values that name a traveller or a staff account rather than change. */
const CONTEXT = new Set(['traveller', AUDIT_STAFF_MEMBER_KEY])

function shown(key: string, value: unknown, formatPrice: (raw: number) => string): string {
  if (value === null || value === undefined || value === '') return '–'
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'keine'
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatPrice(value)
  if (key === 'reason' && typeof value === 'string' && value in DEPARTURE_CANCEL_REASON_LABELS) return DEPARTURE_CANCEL_REASON_LABELS[value as DepartureCancelReason]
  if (key === 'status' && typeof value === 'string' && value in BOOKING_STATUS_LABELS) return BOOKING_STATUS_LABELS[value as BookingStatus]
  if ((key === 'bookedOn' || key === 'collectionDate' || key === 'owedBy') && typeof value === 'string') return formatDate(value)
  if (key === 'returnReason' && typeof value === 'string') return returnReasonText(value)
  if (key === 'notice' && typeof value === 'string' && value in NOTICE_KIND_LABELS) return NOTICE_KIND_LABELS[value as NoticeKind]
  if (key === 'method' && typeof value === 'string' && value in LEDGER_METHOD_LABELS) return LEDGER_METHOD_LABELS[value as LedgerMethod]
  if (key === 'channel' && typeof value === 'string' && value in BOOKING_CHANNEL_LABELS) return BOOKING_CHANNEL_LABELS[value as BookingChannel]
  if (key === 'role' && typeof value === 'string' && value in STAFF_ROLE_LABELS) return STAFF_ROLE_LABELS[value as StaffRole]
  if (key === 'active' && typeof value === 'boolean') return value ? 'aktiv' : 'deaktiviert'
  if (key === 'twoFactor' && typeof value === 'boolean') return value ? 'eingerichtet' : 'nicht eingerichtet'
  return String(value)
}

/**
 * An entry's before and after in words, one line per field that changed ('Sitzplatz: 3A → 5C'),
 * or per field set where there was no before ('Notiz: …').
 */
export function auditChangeLines(before: unknown, after: unknown, formatPrice: (raw: number) => string): string[] {
  const from = before && typeof before === 'object' ? (before as Record<string, unknown>) : {}
  const to = after && typeof after === 'object' ? (after as Record<string, unknown>) : {}
  const lines: string[] = []
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (CONTEXT.has(key)) continue
    const label = FIELD_LABELS[key] ?? key
    const a = shown(key, from[key], formatPrice)
    const b = shown(key, to[key], formatPrice)
    if (!(key in from)) lines.push(`${label}: ${b}`)
    else if (a !== b) lines.push(`${label}: ${a} → ${b}`)
  }
  return lines
}

/** Entries per page of the admins' list. */
export const AUDIT_PAGE_SIZE = 100

/** `/buero/protokoll/?q=…&seite=…`: a wrong parameter is dropped. */
export const auditSearchSchema = z.object({
  q: z.optional(z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined)),
  seite: z.optional(z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))), undefined)),
})
export type AuditSearch = z.infer<typeof auditSearchSchema>
