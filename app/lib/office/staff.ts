// The office's staff accounts as the admins manage them (issue 42): the roles, the form that
// creates an account, the actions on one, and the words for them. Pure; the server checks the same
// schemas again (app/server/office-staff.functions.ts).
import * as z from 'zod/mini'
import { loginEmail } from '../credentials'

/** The roles of a staff account: the office's work, and the admins' (staff accounts, the audit log) besides. */
export const STAFF_ROLES = ['buero', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** As the office's pages name the roles (the layout's "(Administration)", the start page). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { buero: 'Büro', admin: 'Administration' }

export const newStaffSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Bitte geben Sie den Namen ein.'), z.minLength(2, 'Bitte geben Sie den vollständigen Namen ein (mindestens zwei Zeichen).'), z.maxLength(100, 'Bitte kürzen Sie den Namen auf höchstens 100 Zeichen.')),
  email: loginEmail,
  role: z.enum(STAFF_ROLES, 'Bitte wählen Sie die Rolle.'),
})
export type NewStaff = z.infer<typeof newStaffSchema>

/** Better Auth's user ids: random letters and digits (the demo accounts' `demo-staff-1`). */
export const staffIdSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w-]+$/)) })

export const STAFF_ACTIONS = ['deactivate', 'reactivate', 'reset-two-factor'] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

/** Each action: its button, and the check the admin confirms (what it does, said before it is done). */
export const STAFF_ACTION_TEXTS: Record<StaffAction, { button: string; check: (name: string) => string; consequence: (role: StaffRole) => string }> = {
  deactivate: {
    button: 'Deaktivieren',
    check: (name) => `${name} deaktivieren?`,
    consequence: () => 'Alle Sitzungen enden sofort; eine Anmeldung ist nicht mehr möglich, bis das Konto wieder aktiviert wird. Das Konto und seine Einträge im Protokoll bleiben erhalten.',
  },
  reactivate: {
    button: 'Reaktivieren',
    check: (name) => `${name} reaktivieren?`,
    consequence: () => 'Die Anmeldung mit dem bisherigen Passwort ist wieder möglich.',
  },
  'reset-two-factor': {
    button: 'Zwei-Faktor zurücksetzen',
    check: (name) => `Zwei-Faktor für ${name} zurücksetzen?`,
    consequence: (role) =>
      `Schlüssel und Ersatzcodes werden gelöscht, und alle Sitzungen enden sofort. ${
        role === 'admin'
          ? 'Bei der nächsten Anmeldung richtet die Person die zwei Faktoren neu ein; vorher öffnet sich nichts anderes.'
          : 'Die Anmeldung geht danach mit dem Passwort allein, bis die Person die zwei Faktoren wieder einrichtet.'
      }`,
  },
}

/** What the server answers to an action or a new account, in the polite form of the office. */
export const STAFF_MESSAGES = {
  notYourself: 'Ihr eigenes Konto können Sie nicht deaktivieren und seine zwei Faktoren nicht zurücksetzen; das kann nur eine andere Person mit der Rolle Administration.',
  unknown: 'Dieses Konto gibt es nicht mehr. Bitte laden Sie die Seite neu.',
  alreadyInactive: (name: string) => `${name} ist bereits deaktiviert.`,
  alreadyActive: (name: string) => `${name} ist bereits aktiv.`,
  noTwoFactor: (name: string) => `Für ${name} ist keine Anmeldung mit zwei Faktoren eingerichtet.`,
  deactivated: (name: string) => `${name} ist deaktiviert; alle Sitzungen sind beendet.`,
  reactivated: (name: string) => `${name} ist wieder aktiv.`,
  twoFactorReset: (name: string) => `Die zwei Faktoren von ${name} sind zurückgesetzt; alle Sitzungen sind beendet.`,
  duplicate: 'Zu dieser E-Mail-Adresse gibt es schon ein Konto.',
} as const
