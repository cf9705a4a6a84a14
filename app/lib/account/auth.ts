// Customer accounts (DESIGN 13): the inputs and messages of registration, sign-in, the sign-in link
// and a new password, shared by the pages and the server functions. No message says whether an
// address has an account.
import * as z from 'zod/mini'
import { loginEmail, newPassword, typedPassword } from '../credentials'

export const CUSTOMER_MIN_PASSWORD_LENGTH = 10

/**
 * A cookie the page's script can read, set with the session: only a hint that a customer signed in
 * in this browser, so that the header asks who (anonymous visitors make no such request). The
 * session itself is the HttpOnly cookie; the hint proves nothing.
 */
/** A signed-in customer with a confirmed address, as the account's server functions see them. */
export type Customer = { id: string; email: string; firstname: string; lastname: string; name: string }

export const SIGNED_IN_HINT_COOKIE = 'konto_angemeldet'

const name = (label: string) =>
  z.string().check(z.trim(), z.minLength(1, `Bitte geben Sie Ihren ${label} ein.`), z.maxLength(80, `Bitte kürzen Sie Ihren ${label} auf 80 Zeichen.`))
const newCustomerPassword = newPassword(CUSTOMER_MIN_PASSWORD_LENGTH)

export const registrationSchema = z.object({
  firstname: name('Vornamen'),
  lastname: name('Nachnamen'),
  email: loginEmail,
  password: newCustomerPassword,
})
export type Registration = z.infer<typeof registrationSchema>

export const customerSignInSchema = z.object({
  email: loginEmail,
  password: typedPassword,
  remember: z.boolean(),
})
export type CustomerSignIn = z.infer<typeof customerSignInSchema>

/** A sign-in link, a new password or the confirmation mail again: only the address. */
export const accountEmailSchema = z.object({ email: loginEmail })

/** A token from a mailed link (sign-in link, confirmation, new password). */
export const linkTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(2000)) })

export const newCustomerPasswordSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)), password: newCustomerPassword })

export const ACCOUNT_MESSAGES = {
  registered:
    'Fast geschafft: Wir haben Ihnen eine E-Mail geschickt. Bitte klicken Sie auf den Link darin, um Ihre E-Mail-Adresse zu bestätigen; er gilt 24 Stunden. Danach können Sie sich anmelden.',
  wrong: 'E-Mail-Adresse oder Passwort stimmen nicht.',
  unconfirmed:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen den Bestätigungslink soeben noch einmal geschickt.',
  linkSent:
    'Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht, haben wir Ihnen soeben einen Anmeldelink geschickt. Er gilt 15 Minuten und kann einmal benutzt werden.',
  resetSent:
    'Wenn zu dieser E-Mail-Adresse ein Kundenkonto besteht, haben wir Ihnen einen Link für ein neues Passwort geschickt. Er gilt eine Stunde.',
  alreadyConfirmed: 'Ihre E-Mail-Adresse ist bereits bestätigt – bitte melden Sie sich an.',
  linkInvalid: 'Dieser Link ist ungültig, abgelaufen oder wurde schon benutzt. Bitte fordern Sie einen neuen an.',
  unavailable: 'Die Anmeldung ist zurzeit nicht möglich. Bitte versuchen Sie es später erneut.',
} as const

/** Where to go after the sign-in: a path of the site (the page that asked for it), else Mein Konto. */
export function accountReturnPath(value: unknown): string {
  if (typeof value !== 'string') return '/konto/'
  const [path = '', query] = value.split(/\?(.*)/s)
  const pathOk = /^\/[\w\-/]*$/.test(path) && !path.includes('//') && !/^\/(anmelden|registrierung|passwort|api|buero)\//.test(path)
  const queryOk = query === undefined || /^[\w\-.~%&=+]*$/.test(query)
  return pathOk && queryOk ? value : '/konto/'
}

/** A WebAuthn answer as the browser library sends it; the server library checks the rest. */
export const webAuthnResponseSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1500)),
  rawId: z.string().check(z.maxLength(1500)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(20_000)) }),
})

export const PASSKEY_MESSAGES = {
  failed: 'Die Anmeldung mit dem Passkey hat nicht geklappt. Bitte versuchen Sie es erneut oder melden Sie sich mit E-Mail-Adresse und Passwort an.',
  cancelled: 'Die Anmeldung mit dem Passkey wurde abgebrochen.',
  added: 'Der Passkey ist gespeichert. Sie können sich damit künftig ohne Passwort anmelden.',
  notAdded: 'Der Passkey konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
} as const
