// The office login's inputs and messages (DESIGN 11), shared by the pages and the server functions.
import * as z from 'zod/mini'
import { loginEmail, newPassword, typedPassword } from '../credentials'

export const staffSignInSchema = z.object({
  email: loginEmail,
  password: typedPassword,
})
export type StaffSignIn = z.infer<typeof staffSignInSchema>

/** A TOTP code: six digits (blanks as typed in groups are ignored), or a backup code. */
export const totpCodeSchema = z.object({
  code: z.pipe(
    z.string().check(z.maxLength(40)),
    z.transform((v) => v.replace(/\s+/g, '')),
  ).check(z.regex(/^\d{6}$/, 'Bitte geben Sie die sechs Ziffern aus Ihrer Authenticator-App ein.')),
})

export const passwordResetRequestSchema = z.object({ email: loginEmail })

export const STAFF_MIN_PASSWORD_LENGTH = 12

export const newPasswordSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: newPassword(STAFF_MIN_PASSWORD_LENGTH),
})

export const STAFF_LOGIN_MESSAGES = {
  wrong: 'E-Mail-Adresse oder Passwort stimmen nicht.',
  wrongCode: 'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
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
