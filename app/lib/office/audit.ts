// What the audit log records (DESIGN 11, issue 25 item 7): the actions on a booking, in the words
// the office reads in a booking's timeline and in the admins' list. Pure.

export const AUDIT_ACTIONS = {
  'booking.created': 'Buchung eingegangen',
  'booking.traveller': 'Reisende Person geändert',
  'booking.contact': 'Kontaktdaten geändert',
  'booking.boarding': 'Zustieg geändert',
  'booking.seat': 'Sitzplatz geändert',
  'booking.services': 'Zusatzleistungen geändert',
  'booking.confirmation': 'Bestätigung erneut gesendet',
  'booking.note': 'Notiz',
} as const
export type AuditAction = keyof typeof AUDIT_ACTIONS

/** The label of a stored action; an action this version does not know is shown as stored. */
export function auditActionLabel(action: string): string {
  return action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction] : action
}

export type AuditActor =
  | { kind: 'staff'; id: string; name: string }
  | { kind: 'agency'; id: number; name: string | null }
  | { kind: 'customer' }
  | { kind: 'system' }

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
