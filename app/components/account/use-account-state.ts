// Who is signed in, for the header and the Merkliste (DESIGN 13): asked after the page has loaded,
// and only in a browser where a customer signed in (the hint cookie), so that anonymous visitors
// make no extra request and catalogue pages stay the same for everybody.
import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { SIGNED_IN_HINT_COOKIE } from '~/lib/account/auth'
import { accountStateQuery } from '~/queries/account'
import type { AccountState } from '~/server/account.functions'

const hinted = () => document.cookie.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`))

/** 'pending' until known (on the server and while asking), then the state. */
export function useAccountState(): AccountState | 'pending' {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [mayBeSignedIn, setMayBeSignedIn] = useState<boolean | null>(null)
  // Read again after every navigation: signing in or out happens without a new page load.
  useEffect(() => setMayBeSignedIn(hinted()), [pathname])
  const { data } = useQuery({ ...accountStateQuery(), enabled: mayBeSignedIn === true })
  // The session the hint told of has ended: the hint goes, so that the next pages ask nothing.
  useEffect(() => {
    if (data?.signedIn === false) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
  }, [data])
  if (mayBeSignedIn === null) return 'pending'
  if (!mayBeSignedIn) return { signedIn: false }
  return data ?? 'pending'
}
