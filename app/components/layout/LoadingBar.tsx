// Spec 2: "a top loading bar (5 px high)" while the router loads the next page.
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Fast navigations finish before this and never flash the bar. */
export const LOADING_BAR_DELAY_MS = 120

export function LoadingBar({ delayMs = LOADING_BAR_DELAY_MS }: { delayMs?: number }) {
  const loading = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading })
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!loading) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [loading, delayMs])

  if (!visible) return null
  return (
    <div className="loading-bar" role="progressbar" aria-label="Seite wird geladen" aria-valuetext="Bitte warten …">
      <div className="loading-bar__indicator" />
    </div>
  )
}
