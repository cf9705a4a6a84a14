// The office login's inputs and messages (DESIGN 11), shared by the pages and the server functions.
import * as z from 'zod/mini'
import { loginEmail, newPassword, typedPassword } from '../credentials'

export const staffSignInSchema = z.object({
  email: loginEmail,
  password: typedPassword,
})
export type StaffSignIn = z.infer<typeof staffSignInSchema>

/** The code field as typed: blanks (typed in groups) are ignored. */
const typedCode = z.pipe(
  z.string().check(z.maxLength(40)),
  z.transform((v) => v.replace(/\s+/g, '')),
)

const TOTP_CODE = /^\d{6}$/
/** A backup code as shown at setup: ten letters and digits in two groups of five (the dash may be left out). */
const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/

/** A TOTP code: six digits (turning two-factor on takes only a code from the app). */
export const totpCodeSchema = z.object({
  code: typedCode.check(z.regex(TOTP_CODE, 'Bitte geben Sie die sechs Ziffern aus Ihrer Authenticator-App ein.')),
})

/** The second step of a sign-in: a code from the app, or one of the backup codes. */
export const secondFactorSchema = z.object({
  code: typedCode.check(
    z.refine((code) => TOTP_CODE.test(code) || BACKUP_CODE.test(code), 'Bitte geben Sie die sechs Ziffern aus Ihrer Authenticator-App oder einen Ersatzcode ein.'),
  ),
})

/**
 * A backup code as it is stored (with its dash), or null for a code from the app. Codes are made of
 * lower-case letters and digits; one typed in capitals (caps lock, read aloud) is taken in lower
 * case. A code with both cases is taken as typed: codes made before issue 42 mix them.
 */
export function backupCodeOf(code: string): string | null {
  if (TOTP_CODE.test(code) || !BACKUP_CODE.test(code)) return null
  const typed = code === code.toUpperCase() ? code.toLowerCase() : code
  return typed.includes('-') ? typed : `${typed.slice(0, 5)}-${typed.slice(5)}`
}

/** The password typed again to confirm a step (two-factor setup, new backup codes). */
export const currentPasswordSchema = z.object({ password: z.string().check(z.minLength(1, 'Bitte geben Sie Ihr Passwort ein.'), z.maxLength(128)) })

export const passwordResetRequestSchema = z.object({ email: loginEmail })

export const STAFF_MIN_PASSWORD_LENGTH = 12

export const newPasswordSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: newPassword(STAFF_MIN_PASSWORD_LENGTH),
})

export const STAFF_LOGIN_MESSAGES = {
  wrong: 'E-Mail-Adresse oder Passwort stimmen nicht.',
  wrongCode: 'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
  codeUsed: 'Dieser Code wurde schon verwendet. Bitte warten Sie auf den nächsten Code Ihrer Authenticator-App.',
  locked: 'Es wurden zu viele falsche Codes eingegeben. Bitte warten Sie einige Minuten und melden Sie sich dann erneut an.',
  wrongBackupCode: 'Dieser Ersatzcode gilt nicht (mehr). Jeder Ersatzcode gilt nur einmal.',
  codeExpired: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit E-Mail-Adresse und Passwort an.',
  resetSent:
    'Wenn zu dieser E-Mail-Adresse ein Konto im Büro besteht, haben wir Ihnen einen Link für ein neues Passwort geschickt. Er gilt eine Stunde.',
  resetInvalid: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  unavailable: 'Die Anmeldung ist zurzeit nicht möglich. Bitte versuchen Sie es später erneut.',
} as const

/**
 * A path inside the office, with its query (a filtered list someone shared), to return to after the
 * login; anything else goes to the office's start.
 */
export function officeReturnPath(value: unknown): string {
  if (typeof value !== 'string') return '/buero/'
  const [path = '', query] = value.split(/\?(.*)/s)
  const pathOk = /^\/buero\/[\w\-/]*$/.test(path) && !path.includes('//')
  const queryOk = query === undefined || /^[\w\-.~%&=+]*$/.test(query)
  return pathOk && queryOk ? value : '/buero/'
}
