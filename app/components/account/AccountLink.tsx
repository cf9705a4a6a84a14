// "Anmelden" or "Mein Konto" in the header (DESIGN 13); the page itself is the same for everybody.
import { Link, useRouterState } from '@tanstack/react-router'
import { accountReturnPath } from '~/lib/account/auth'
import { PersonIcon } from '../layout/icons'
import { useAccountState } from './use-account-state'

export function AccountLink() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const state = useAccountState()
  return state !== 'pending' && state.signedIn ? (
    <Link to="/konto/" className="header-tool header-account">
      <PersonIcon className="header-tool__icon" />
      <span className="header-tool__label">Mein Konto</span>
    </Link>
  ) : (
    <Link to="/anmelden/" search={{ weiter: accountReturnPath(pathname) === pathname ? pathname : undefined }} className="header-tool header-account">
      <PersonIcon className="header-tool__icon" />
      <span className="header-tool__label">Anmelden</span>
    </Link>
  )
}
