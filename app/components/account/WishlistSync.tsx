// The Merkliste of a signed-in customer, kept in the account as well (DESIGN 13): at the first
// sign-in in this browser the browser's list and the account's are merged; on each later visit the
// account's list is read (another device may have changed it), and each change made here is sent
// at once. Signed out, the list stays in this browser alone, as it always did.
import { useEffect } from 'react'
import { serialiseWishlist, withChangesSince } from '~/lib/wishlist'
import { syncAccountWishlist } from '~/server/account-wishlist.functions'
import { getWishlist, replaceWishlist, subscribeWishlist } from '../wishlist/wishlist-store'
import { useAccountState } from './use-account-state'

/** The account this browser's list was merged with (its opaque id). */
const MERGED_WITH_KEY = 'merkliste-konto'

function mergedWith(): string | null {
  try {
    return window.localStorage.getItem(MERGED_WITH_KEY)
  } catch {
    return null
  }
}

function rememberMerged(accountId: string | null): void {
  try {
    if (accountId) window.localStorage.setItem(MERGED_WITH_KEY, accountId)
    else window.localStorage.removeItem(MERGED_WITH_KEY)
  } catch {
    // Without storage the next visit merges again: nothing is lost, a removed trip may come back.
  }
}

export function WishlistSync() {
  const state = useAccountState()
  const accountId = state !== 'pending' && state.signedIn ? state.id : null
  const signedOut = state !== 'pending' && !state.signedIn

  useEffect(() => {
    // Signed out: the next sign-in merges this browser's list again.
    if (signedOut) rememberMerged(null)
  }, [signedOut])

  useEffect(() => {
    if (!accountId) return
    let stopped = false
    // The list as the account has it; a change here that differs from it is sent.
    let known: string | null = null
    // A replacement waiting in the queue sends the list as it is when its turn comes: one is enough.
    let replacementQueued = false
    let queue = Promise.resolve()
    const send = (mode: 'pull' | 'merge' | 'replace') => {
      if (mode === 'replace') replacementQueued = true
      queue = queue
        .then(async () => {
          if (mode === 'replace') replacementQueued = false
          const sent = getWishlist()
          const list = await syncAccountWishlist({ data: { ids: [...sent], mode } })
          if (stopped) return
          known = serialiseWishlist(list)
          if (mode !== 'replace') rememberMerged(accountId)
          // A trip taken off (or put on) here while the answer was on its way stays so: the change
          // goes on top of the account's list, and is sent as a change of its own (also when this
          // browser's list already reads so and the store therefore announces nothing).
          replaceWishlist(withChangesSince(list, sent, getWishlist()))
          sendIfChanged()
        })
        .catch(() => {
          // Unreachable or signed out meanwhile: the list stays in this browser; the next visit syncs again.
        })
    }
    const sendIfChanged = () => {
      if (known !== null && !replacementQueued && serialiseWishlist(getWishlist()) !== known) send('replace')
    }
    send(mergedWith() === accountId ? 'pull' : 'merge')
    const unsubscribe = subscribeWishlist(sendIfChanged)
    return () => {
      stopped = true
      unsubscribe()
    }
  }, [accountId])

  return null
}
