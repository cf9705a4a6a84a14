// The Merkliste of a signed-in customer, kept in the account as well (DESIGN 13): at the first
// sign-in in this browser the browser's list and the account's are merged; on each later visit the
// account's list is read (another device may have changed it) with this browser's changes since it
// last heard it on top, and each change made here is sent at once. Signed out, the list stays in
// this browser alone, as it always did.
import { useEffect } from 'react'
import { parseWishlist, serialiseWishlist, withChangesSince } from '~/lib/wishlist'
import type { Wishlist } from '~/lib/wishlist'
import { syncAccountWishlist } from '~/server/account-wishlist.functions'
import { getWishlist, replaceWishlist, subscribeWishlist } from '../wishlist/wishlist-store'
import { useAccountState } from './use-account-state'

/** The account this browser's list was merged with (its opaque id). */
const MERGED_WITH_KEY = 'merkliste-konto'
/** That account's list as this browser last heard it from the account. */
const ACCOUNT_LIST_KEY = 'merkliste-konto-liste'

/** The account merged with, and its list as last heard (null: not known). */
function lastSynced(): { accountId: string | null; list: Wishlist | null } {
  try {
    const list = window.localStorage.getItem(ACCOUNT_LIST_KEY)
    return { accountId: window.localStorage.getItem(MERGED_WITH_KEY), list: list === null ? null : parseWishlist(list) }
  } catch {
    return { accountId: null, list: null }
  }
}

/** Remembers the account's list as its answer gave it; null forgets both (signed out). */
function rememberSynced(accountId: string | null, list: string | null): void {
  try {
    if (accountId && list !== null) {
      window.localStorage.setItem(MERGED_WITH_KEY, accountId)
      window.localStorage.setItem(ACCOUNT_LIST_KEY, list)
    } else {
      window.localStorage.removeItem(MERGED_WITH_KEY)
      window.localStorage.removeItem(ACCOUNT_LIST_KEY)
    }
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
    if (signedOut) rememberSynced(null, null)
  }, [signedOut])

  useEffect(() => {
    if (!accountId) return
    let stopped = false
    // The list as the account has it; a change here that differs from it is sent.
    let known: string | null = null
    // A replacement waiting in the queue sends the list as it is when its turn comes: one is enough.
    let replacementQueued = false
    let queue = Promise.resolve()
    // before: the list the browser's changes are counted from (else the list as sent).
    const send = (mode: 'pull' | 'merge' | 'replace', before: Wishlist | null = null) => {
      if (mode === 'replace') replacementQueued = true
      queue = queue
        .then(async () => {
          if (mode === 'replace') replacementQueued = false
          const sent = getWishlist()
          const list = await syncAccountWishlist({ data: { ids: [...sent], mode } })
          if (stopped) return
          known = serialiseWishlist(list)
          rememberSynced(accountId, known)
          // A trip taken off (or put on) here while the answer was on its way stays so: the change
          // goes on top of the account's list, and is sent as a change of its own (also when this
          // browser's list already reads so and the store therefore announces nothing).
          replaceWishlist(withChangesSince(list, before ?? sent, getWishlist()))
          sendIfChanged()
        })
        .catch(() => {
          // Unreachable or signed out meanwhile: the list stays in this browser; the next visit syncs again.
        })
    }
    const sendIfChanged = () => {
      if (known !== null && !replacementQueued && serialiseWishlist(getWishlist()) !== known) send('replace')
    }
    // A later visit reads the account's list, and puts on top what changed here since this browser
    // last heard it: a change the last page was left too soon to send is sent now.
    const last = lastSynced()
    if (last.accountId === accountId) send('pull', last.list)
    else send('merge')
    const unsubscribe = subscribeWishlist(sendIfChanged)
    return () => {
      stopped = true
      unsubscribe()
    }
  }, [accountId])

  return null
}
