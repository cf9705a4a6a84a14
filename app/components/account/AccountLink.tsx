// "Anmelden" or "Mein Konto" in the header (DESIGN 13); the page itself is the same for everybody.
import { Link, useRouterState } from '@tanstack/react-router'
import { accountReturnPath } from '~/lib/account/auth'
import { PersonIcon } from '../layout/icons'
import { useAccountState } from './use-account-state'

/**
 * `bar`: an icon among the header's tools (with its label from 37.5em; on a phone only where the
 * header has no menu). `panel`: a line at the top of the phone's menu panel, where a third icon in
 * the header row would squeeze the operator's name.
 */
export function AccountLink({ placement }: { placement: 'bar' | 'bar-always' | 'panel' }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const state = useAccountState()
  const className = placement === 'panel' ? 'header-account-line' : `header-tool header-account${placement === 'bar' ? ' header-account--wide' : ''}`
  return state !== 'pending' && state.signedIn ? (
    <Link to="/konto/" className={className}>
      <PersonIcon className="header-tool__icon" />
      <span className="header-tool__label">Mein Konto</span>
    </Link>
  ) : (
    <Link to="/anmelden/" search={{ weiter: accountReturnPath(pathname) === pathname ? pathname : undefined }} className={className}>
      <PersonIcon className="header-tool__icon" />
      <span className="header-tool__label">Anmelden</span>
    </Link>
  )
}
