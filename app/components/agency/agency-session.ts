// The agency session of this browser (spec 3, 4): AgenturId and the card's user data in
// localStorage, as a tiny store for React, kept in step across tabs by the `storage` event. It
// decides what the page shows; the server believes only the signed token inside it.
import { useSyncExternalStore } from 'react'
import { AGENCY_ID_KEY, AGENCY_USER_KEY, clearAgencySession, readAgencySession, storeAgencyCard } from '~/lib/agency-login'
import type { AgencyCard, AgencySession } from '~/lib/agency-login'

/**
 * What the server renders, and the session of a browser with nothing stored: the same object, so
 * that hydration finds the snapshot unchanged (an equal but new object made React render
 * everything that reads the session once more, synchronously).
 */
export const LOGGED_OUT: AgencySession = Object.freeze({ agencyId: null, user: null, loggedIn: false })

const listeners = new Set<() => void>()
let cached: { raw: string; session: AgencySession } | null = null

function storage(): Storage | null {
  if (typeof window === 'undefined') return null
  try {
    return window.localStorage
  } catch {
    // Storage switched off: the page works, without an agency session.
    return null
  }
}

/** The session as stored now; the same object until the stored values change. */
export function getAgencySession(): AgencySession {
  const store = storage()
  if (!store) return LOGGED_OUT
  const agencyId = store.getItem(AGENCY_ID_KEY)
  const user = store.getItem(AGENCY_USER_KEY)
  if (agencyId === null && user === null) return LOGGED_OUT
  const raw = `${agencyId ?? ''}\u0000${user ?? ''}`
  if (cached?.raw !== raw) cached = { raw, session: readAgencySession(store) }
  return cached.session
}

function emit() {
  for (const listener of [...listeners]) listener()
}

function onStorage(event: StorageEvent) {
  if (event.key === null || event.key === AGENCY_ID_KEY || event.key === AGENCY_USER_KEY) emit()
}

export function subscribeAgencySession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

/** Code 3: keeps AgenturId and the card's user data. */
export function startAgencySession(card: AgencyCard): void {
  const store = storage()
  if (!store) return
  storeAgencyCard(store, card)
  emit()
}

/** Logging out clears AgenturId and the token. */
export function endAgencySession(): void {
  const store = storage()
  if (!store) return
  clearAgencySession(store)
  emit()
}

/** The session for rendering: logged out on the server and in the first client render. */
export function useAgencySession(): AgencySession {
  return useSyncExternalStore(subscribeAgencySession, getAgencySession, () => LOGGED_OUT)
}
