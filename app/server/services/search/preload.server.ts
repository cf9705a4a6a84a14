// The facet index (counts.server.ts) loaded ahead: as soon as this process learns of a catalogue
// version (at start and after every change, content-version.server.ts), and when the day turns,
// so that no visitor's search waits for it. One load at a time: a change that comes during a
// load starts the next one after it, for the version then current. A failure is only logged:
// the search counts in the database then, and tries to load the index itself.
import type { Database } from '../../db/database.server'
import { contentVersionOf, onContentVersionChange } from '../../content-version.server'
import { errorFields, log } from '../../log.server'
import { todayIsoDay } from '../trip-cards.server'
import { loadFacetIndexAhead } from './counts.server'
import { prepare } from './prepare.server'

/** How often to look whether the day turned (a new day has other upcoming trips and dates). */
const DAY_CHECK_MS = 60_000

/** Keeps the facet index of db's current version loaded until the returned function is called. */
export function preloadFacetIndex(db: Database): () => void {
  let running = false
  let again = false
  let stopped = false
  const run = async (): Promise<void> => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        const version = contentVersionOf(db)
        if (version === null || stopped) continue
        const started = performance.now()
        try {
          const today = todayIsoDay()
          // As a search does first: the date summaries of the day (may raise the version).
          await prepare(db, today)
          const loaded = await loadFacetIndexAhead(db, version, today)
          if (loaded) log('info', 'facet index loaded', { version, ...loaded, ms: Math.round(performance.now() - started) })
        } catch (error) {
          log('error', 'facet index not loaded ahead', errorFields(error))
        }
      } while (again)
    } finally {
      running = false
    }
  }
  const stopListening = onContentVersionChange(() => void run())
  const timer = setInterval(() => void run(), DAY_CHECK_MS)
  timer.unref()
  void run()
  return () => {
    stopped = true
    stopListening()
    clearInterval(timer)
  }
}
