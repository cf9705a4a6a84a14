// The browser entry's timing (app/client.tsx): the app's code is fetched once the server's HTML
// has been painted, not beside the HTML, so that it neither takes the bandwidth the stylesheet,
// the font and the largest image need nor runs before the first paint (DECISIONS: Performance).

/** The `<meta>` that lists the page's chunks of code, which the head renders instead of preload links. */
export const PAGE_CHUNKS_META = 'page-chunks'

/**
 * Calls `run` once the document has been painted: after the first animation frame, in a task of
 * its own. A hidden document paints nothing, and a frame the browser throttles (an iframe out of
 * view) may not paint for long: then `run` comes at once, or after `maxWaitMs` at the latest.
 */
export function afterFirstPaint(run: () => void, maxWaitMs = 1_000): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    run()
  }
  if (document.visibilityState === 'hidden') return once()
  requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, maxWaitMs)
}

/**
 * Starts fetching the page's chunks (listed by the head) side by side, as preload links in the head
 * would have: one link per task, as each costs the browser 1–2 ms, nine in one task made it long
 * (blocking time). A chunk already fetched (the entry and its module) or linked is skipped; the
 * app's chunk, which the entry's import is fetching, the browser does not fetch twice.
 */
export function preloadPageChunks(): void {
  const listed = document.querySelector(`meta[name="${PAGE_CHUNKS_META}"]`)?.getAttribute('content') ?? ''
  const hrefs = listed.split(' ').filter(Boolean)
  const next = () => {
    const href = hrefs.shift()
    if (href === undefined) return
    const requested = performance.getEntriesByName(new URL(href, location.href).href).length > 0 || document.head.querySelector(`link[href="${CSS.escape(href)}"]`) !== null
    if (!requested) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
    setTimeout(next, 0)
  }
  next()
}
