// Spec 4: whether the agency login dialog shows (on the agency host while no AgenturId is stored,
// or on the local development host with ?agentur=true). The dialog's code is loaded only when it
// does, so no other visitor downloads it.
import { useHydrated } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { shouldShowAgencyDialog } from '~/lib/agency-login'
import type { AgencyLoginSettings } from '~/server/agency-login.functions'
import { useAgencySession } from './agency-session'

const AgencyLoginDialog = lazy(() => import('./AgencyLoginDialog').then((module) => ({ default: module.AgencyLoginDialog })))

export function AgencyLoginGate({ settings }: { settings: AgencyLoginSettings }) {
  const session = useAgencySession()
  const hydrated = useHydrated()
  // Set by a successful login on this page: the dialog stays closed (also on ?agentur=true).
  const [loggedInHere, setLoggedInHere] = useState(false)
  const onLoggedIn = useCallback(() => setLoggedInHere(true), [])

  // A logout (here or in another tab) lets the rule decide again.
  useEffect(() => {
    if (!session.loggedIn) setLoggedInHere(false)
  }, [session.loggedIn])

  const wanted = hydrated && !loggedInHere && shouldShowAgencyDialog(window.location, settings.agencyHost, session.agencyId)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AgencyLoginDialog settings={settings} onLoggedIn={onLoggedIn} />
    </Suspense>
  )
}
