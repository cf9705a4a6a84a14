import { useRef, useState } from 'react'

/**
 * A button's action that runs once at a time: a second click while it runs does nothing (a fast
 * double click confirms, signs in or cancels once). `busy` is for the button's spinner.
 */
export function useSingleAction(action: () => Promise<void>): { run: () => void; busy: boolean } {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const run = () => {
    if (running.current) return
    running.current = true
    setBusy(true)
    void action().finally(() => {
      running.current = false
      setBusy(false)
    })
  }
  return { run, busy }
}
