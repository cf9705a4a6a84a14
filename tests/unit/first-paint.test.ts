import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from '~/browser/first-paint'

describe('afterFirstPaint: the app is fetched once the server HTML is on screen', () => {
  let frames: (() => void)[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs in a task after the first animation frame, not before, and once only', () => {
    vi.stubGlobal('document', { visibilityState: 'visible' })
    const run = vi.fn()
    afterFirstPaint(run)
    vi.advanceTimersByTime(100)
    expect(run).not.toHaveBeenCalled()
    frames.shift()?.()
    // The frame's own callback runs before its paint: the work waits for a task after it.
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5_000)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs after the longest wait when no frame comes (a throttled frame out of view)', () => {
    vi.stubGlobal('document', { visibilityState: 'visible' })
    const run = vi.fn()
    afterFirstPaint(run, 1_000)
    vi.advanceTimersByTime(999)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
    frames.shift()?.()
    vi.advanceTimersByTime(0)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs at once in a hidden document, which paints nothing', () => {
    vi.stubGlobal('document', { visibilityState: 'hidden' })
    const run = vi.fn()
    afterFirstPaint(run)
    expect(run).toHaveBeenCalledTimes(1)
    expect(frames).toHaveLength(0)
  })
})
