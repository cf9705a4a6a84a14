// What both logins ask for, the office's (DESIGN 11) and the customers' (DESIGN 13): an e-mail
// address, the password typed to sign in, and a new password of a least length.
import * as z from 'zod/mini'

export const PASSWORD_MAX_LENGTH = 128

export const loginEmail = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'))

export const typedPassword = z.string().check(z.minLength(1, 'Bitte geben Sie Ihr Passwort ein.'), z.maxLength(PASSWORD_MAX_LENGTH))

/** A password being chosen: at least `minLength` characters (the customers' and the staff's differ). */
export function newPassword(minLength: number) {
  return z.string().check(
    z.minLength(minLength, `Bitte wählen Sie ein Passwort mit mindestens ${minLength} Zeichen.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Bitte wählen Sie ein Passwort mit höchstens ${PASSWORD_MAX_LENGTH} Zeichen.`),
  )
}
