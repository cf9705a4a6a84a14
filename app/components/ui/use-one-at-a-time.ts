import { useRef, useState } from 'react'

/**
 * Runs one request of an action at a time: a second click while it runs does nothing (a fast
 * double click confirms, signs in or cancels once; the guard is a ref, so it holds before React
 * has re-rendered). `busy` is for the button's spinner; `unreachable` says so when the request
 * failed (it gets the error: not reached, or refused as signed out).
 */
export function useOneAtATime(unreachable?: (error: unknown) => void) {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const run = async (work: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await work()
    } catch (error) {
      if (!unreachable) throw error
      unreachable(error)
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, run }
}
