// Runs async tasks with at most `limit` in flight; resolves when all have settled (failures are ignored).
export async function runLimited(tasks: readonly (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]
      try {
        await task?.()
      } catch {
        // A failed preload only means the page loads when it is visited.
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker))
}

/** Resolves in a task of its own: the work after it and the work before it are not one long task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

let turns: Promise<void> = Promise.resolve()

/**
 * Resolves when the browser is idle, in an idle callback of its own, callers one after the other:
 * background work begun there (a route chunk's preload) never lengthens a task the page needs,
 * and no two callers' work shares one task (a long task counts as blocking, TBT).
 * Without requestIdleCallback (Safari) a timer takes its place.
 */
export function idleTurn(): Promise<void> {
  turns = turns.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1_000 })
        else setTimeout(resolve, 0)
      }),
  )
  return turns
}

/** Internal page paths from menu items, deduplicated, in menu order. */
export function internalPaths(hrefs: readonly string[]): string[] {
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//')))]
}
