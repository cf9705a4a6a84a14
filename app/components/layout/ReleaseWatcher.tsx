// Spec 4: reload after a failed code-chunk load (at most once per path in 10 s), and turn the
// next navigation into a full page load once polling has seen a new release.
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import {
  CHUNK_RELOAD_STORAGE_KEY,
  LATEST_BUILD_PATH,
  RELEASE_POLL_INTERVAL_MS,
  isChunkLoadError,
  isNewRelease,
  leavesPage,
  parseReloadLog,
  recordReload,
  shouldReloadAfterChunkError,
} from '~/lib/reload'
import type { ReloadLog } from '~/lib/reload'

/** The running build; empty on a dev server, where no release polling happens. */
const BUILD_ID = import.meta.env.VITE_BUILD_ID ?? ''

// sessionStorage can be switched off or full; then the guard lives only as long as the page,
// which still stops a reload loop within one page load.
let memoryLog: ReloadLog = {}

function readLog(): ReloadLog {
  try {
    return parseReloadLog(window.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY))
  } catch {
    return memoryLog
  }
}

function writeLog(log: ReloadLog) {
  memoryLog = log
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(log))
  } catch {
    // see memoryLog
  }
}

/**
 * Reloads the page when `error` is a chunk-load error and this path was not reloaded automatically
 * in the last 10 seconds. Returns whether it reloads; error components can call it too.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  const path = window.location.pathname
  const now = Date.now()
  const log = readLog()
  if (!shouldReloadAfterChunkError(log, path, now)) return false
  writeLog(recordReload(log, path, now))
  window.location.reload()
  return true
}

/** No UI: put it once into the document, inside the router. */
export function ReleaseWatcher() {
  const router = useRouter()
  const newRelease = useRef(false)

  useEffect(() => {
    const onPreloadError = (event: VitePreloadErrorEvent) => {
      // preventDefault keeps Vite from rethrowing; without a reload the error must reach the error boundary.
      if (reloadAfterChunkError(event)) event.preventDefault()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (reloadAfterChunkError(event.reason)) event.preventDefault()
    }
    const onError = (event: ErrorEvent) => {
      reloadAfterChunkError(event.error ?? event.message)
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    window.addEventListener('unhandledrejection', onRejection)
    window.addEventListener('error', onError)
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError)
      window.removeEventListener('unhandledrejection', onRejection)
      window.removeEventListener('error', onError)
    }
  }, [])

  useEffect(() => {
    if (BUILD_ID === '') return
    let active = true
    let inFlight = false

    const check = async () => {
      if (inFlight || newRelease.current || document.visibilityState === 'hidden') return
      inFlight = true
      try {
        const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store', headers: { accept: 'application/json' } })
        if (!response.ok) return
        const latest: unknown = await response.json()
        if (active && isNewRelease(BUILD_ID, latest)) newRelease.current = true
      } catch {
        // Offline or a half-deployed file: ask again next time.
      } finally {
        inFlight = false
      }
    }

    const interval = setInterval(() => void check(), RELEASE_POLL_INTERVAL_MS)
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check()
    }
    document.addEventListener('visibilitychange', onVisibility)

    // Loading the page the visitor asked for in full brings the new release's code. A link's URL is
    // not in the address bar yet at this point, a back/forward step's already is.
    const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
      if (!newRelease.current || !leavesPage(event.fromLocation?.href, event.toLocation.href)) return
      const target = new URL(router.history.createHref(event.toLocation.publicHref), window.location.href)
      // assign() to the URL the page already shows would only scroll when it has a #fragment.
      if (target.href === window.location.href) window.location.reload()
      else window.location.assign(target.href)
    })

    return () => {
      active = false
      clearInterval(interval)
      document.removeEventListener('visibilitychange', onVisibility)
      unsubscribe()
    }
  }, [router])

  return null
}
