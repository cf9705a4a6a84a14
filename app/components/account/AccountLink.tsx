// "Anmelden" or "Mein Konto" in the header (DESIGN 13). The page is the same for everybody (the
// page cache serves it); who is signed in is asked after it has loaded, and only in a browser
// where a customer signed in (the hint cookie), so anonymous visitors make no extra request.
import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { SIGNED_IN_HINT_COOKIE, accountReturnPath } from '~/lib/account/auth'
import { accountStateQuery } from '~/queries/account'
import { PersonIcon } from '../layout/icons'

const hinted = () => document.cookie.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`))

export function AccountLink() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [mayBeSignedIn, setMayBeSignedIn] = useState(false)
  // Read again after every navigation: signing in or out happens without a new page load.
  useEffect(() => setMayBeSignedIn(hinted()), [pathname])
  const { data } = useQuery({ ...accountStateQuery(), enabled: mayBeSignedIn })
  const signedIn = mayBeSignedIn && data?.signedIn === true
  return signedIn ? (
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
