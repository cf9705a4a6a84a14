import { describe, expect, it } from 'vitest'
import { watchFrom } from '~/lib/watch'

/** A store as small as a test needs: a value and its listeners. */
function store<T>(value: T) {
  const listeners = new Set<() => void>()
  return {
    value,
    set(next: T) {
      this.value = next
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return { unsubscribe: () => listeners.delete(listener) }
    },
    listeners,
  }
}

describe('watchFrom: every change after a render reaches the listener, also one made before it subscribed', () => {
  it('reports a change made between the render and the subscription at once (the booking autosave lost it)', () => {
    const s = store({ boarding: null as number | null })
    const seen = { current: s.value } // what the render showed
    s.set({ boarding: 24 }) // chosen before the effect subscribed
    const reported: unknown[] = []
    watchFrom(s, () => s.value, seen, (v) => reported.push(v))
    expect(reported).toEqual([{ boarding: 24 }])
  })

  it('reports nothing when nothing changed, then each new value once', () => {
    const s = store(1)
    const seen = { current: s.value }
    const reported: number[] = []
    const stop = watchFrom(s, () => s.value, seen, (v) => reported.push(v))
    expect(reported).toEqual([])
    s.set(2)
    s.set(2)
    s.set(3)
    expect(reported).toEqual([2, 3])
    stop()
    s.set(4)
    expect(reported).toEqual([2, 3])
    expect(s.listeners.size).toBe(0)
  })
})
