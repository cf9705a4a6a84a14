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

/** Internal page paths from menu items, deduplicated, in menu order. */
export function internalPaths(hrefs: readonly string[]): string[] {
  return [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//')))]
}
