// When an account action meets an ended session (signed out in another window, the session
// revoked from another device, or expired): every account function then answers as for a page
// that does not exist (404, DESIGN 13). The action says so where it was started, with a link to
// sign in again that comes back to this page; what was typed stays (the forms keep it per tab).
import { Link, isNotFound, useLocation, useMatch } from '@tanstack/react-router'
import { accountReturnPath } from '~/lib/account/auth'
import { UNREACHABLE_MESSAGE } from '~/components/office/ActionCheck'

export const SIGNED_OUT_MESSAGE =
  'Sie sind nicht mehr angemeldet, zum Beispiel weil Sie sich in einem anderen Fenster abgemeldet haben. Ihre Eingaben auf dieser Seite bleiben erhalten.'

/** The error of an account function called without a session. */
export function isSignedOut(error: unknown): boolean {
  return isNotFound(error)
}

/** What a failed account action says: signed out, or the request did not get through. */
export function failureMessage(error: unknown): { message: string; signIn: boolean } {
  return isSignedOut(error) ? { message: SIGNED_OUT_MESSAGE, signIn: true } : { message: UNREACHABLE_MESSAGE, signIn: false }
}

/** Where the sign-in page finds the address this tab was signed in with, to fill it in (once). */
export const SIGN_IN_AGAIN_EMAIL_KEY = 'anmelden:email'

/** The way back: the sign-in page, which returns here, with the address filled in. */
export function SignInAgain() {
  const { href } = useLocation()
  // Who Mein Konto was opened for (its layout's context; the header's state may know nothing by now).
  const email = useMatch({ from: '/konto', shouldThrow: false })?.context.customer.email
  const remember = () => {
    try {
      if (email) sessionStorage.setItem(SIGN_IN_AGAIN_EMAIL_KEY, email)
    } catch {
      // storage switched off: the address is typed again
    }
  }
  return (
    <Link to="/anmelden/" search={{ weiter: accountReturnPath(href) }} className="alert__action" onClick={remember}>
      Erneut anmelden
    </Link>
  )
}
