// The version of everything a public page shows: trip_search_meta.version, the catalogue version
// the search keys its caches by, raised by triggers on every catalogue and content table
// (migrations 0002 and 0008) and announced on the channel content_version at commit. This process
// knows it without a query: read once, then followed through the notifications, whichever app
// instance made the change. What is kept per version (rendered pages, a date's offer) is dropped
// when it changes.
import { LRUCache } from 'lru-cache'
import type { OpenedDatabase } from './db/client.server'
import type { Database } from './db/database.server'
import { errorFields, log } from './log.server'
import { catalogueVersion } from './services/search/prepare.server'

export const CONTENT_VERSION_CHANNEL = 'content_version'

/** Read again this often too, in case a notification was lost with a connection. */
const REREAD_MS = 10_000

let known: bigint | null = null
/** The database whose version is followed. */
let followed: Database | null = null
const listeners = new Set<() => void>()

/** The current version, or null while it is not known (nothing is cached then). */
export function contentVersion(): string | null {
  return known === null ? null : String(known)
}

/** The version of this database, when it is the one this process follows; else null. */
export function contentVersionOf(db: Database): string | null {
  return db === followed ? contentVersion() : null
}

/** Calls fn whenever the version changes (or becomes unknown). */
export function onContentVersionChange(fn: () => void): () => void {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/** Versions only go up: a late answer to an earlier read must not take a newer one back. */
function learn(version: string): void {
  if (!/^\d+$/.test(version)) return
  const next = BigInt(version)
  if (known !== null && next <= known) return
  known = next
  for (const fn of listeners) fn()
}

function forget(): void {
  known = null
  for (const fn of listeners) fn()
}

/** Follows the version of this database until the returned function is called. */
export async function followContentVersion(opened: Pick<OpenedDatabase, 'db' | 'listen'>): Promise<() => Promise<void>> {
  const read = () =>
    catalogueVersion(opened.db).then(learn, (error: unknown) => {
      // Unknown rather than possibly old: pages are rendered afresh until a read succeeds.
      forget()
      log('error', 'content version not read', errorFields(error))
    })
  followed = opened.db
  const stopListening = await opened.listen(CONTENT_VERSION_CHANNEL, learn, () => void read())
  const timer = setInterval(() => void read(), REREAD_MS)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await stopListening()
    followed = null
    forget()
  }
}

/**
 * A loader whose results are kept per key until the content version of its database rises: for
 * what is made only of catalogue and content tables (a page's data, a date's offer). Read afresh
 * while no version is known. At most `max` keys, the least recently asked for going first.
 * Callers share the kept objects and must not change them.
 */
export function keptPerVersion<A extends unknown[], T>(
  load: (db: Database, ...args: A) => Promise<T>,
  keyOf: (...args: A) => string,
  max = 1000,
): (db: Database, ...args: A) => Promise<T> {
  // Boxed: a loader may give null or undefined, which lru-cache does not keep. Its fetch loads a
  // key once however many ask at the same time, and forgets a load that failed. The loader goes in
  // as the fetch's context, typed without T (lru-cache's option types cannot stay generic): each
  // key's box only ever holds what `load` gave for it, a T.
  let kept: { db: Database; version: string; values: LRUCache<string, { value: unknown }, () => Promise<unknown>> } | null = null
  return async (db, ...args) => {
    const version = contentVersionOf(db)
    if (version === null) return load(db, ...args)
    if (!kept || kept.db !== db || kept.version !== version) {
      kept = { db, version, values: new LRUCache({ max, fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }) }) }
    }
    const found = await kept.values.fetch(keyOf(...args), { context: () => load(db, ...args) })
    if (!found) throw new Error('keptPerVersion: nothing loaded')
    return found.value as T
  }
}
