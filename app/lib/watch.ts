/** What a store offers to listen to it (TanStack Store, a form's store). */
export type Subscribable = { subscribe(listener: () => void): { unsubscribe(): void } }

/**
 * Calls `onChange` with each new value of a store, compared with `seen`: the value a render showed
 * at first, then the last one reported. A change made before the subscription (between a render and
 * the effect that subscribes, as while React hydrates) is reported at once, not lost.
 * Returns the function that stops listening.
 */
export function watchFrom<T>(store: Subscribable, read: () => T, seen: { current: T }, onChange: (value: T) => void): () => void {
  const check = () => {
    const value = read()
    if (value === seen.current) return
    seen.current = value
    onChange(value)
  }
  const subscription = store.subscribe(check)
  check()
  return () => subscription.unsubscribe()
}
