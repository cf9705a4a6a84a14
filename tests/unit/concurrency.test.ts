import { afterEach, describe, expect, it, vi } from 'vitest'
import { idleTurn, internalPaths, runLimited } from '~/lib/concurrency'

describe('spec 9: at most 5 route preloads in parallel', () => {
  it('never runs more than the limit at once and runs every task', async () => {
    let running = 0
    let peak = 0
    const done: number[] = []
    const tasks = Array.from({ length: 12 }, (_, i) => async () => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, 5 + (i % 3)))
      running--
      done.push(i)
    })
    await runLimited(tasks, 5)
    expect(peak).toBe(5)
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i))
  })

  it('keeps going after a failed task', async () => {
    const done: string[] = []
    await runLimited(
      [
        async () => {
          throw new Error('x')
        },
        async () => void done.push('b'),
      ],
      1,
    )
    expect(done).toEqual(['b'])
  })

  it('preloads only internal paths, once each', () => {
    expect(internalPaths(['/ships/', 'https://example.org/', '/ships/', '//evil.example/', 'mailto:a@b.de', '/faq/'])).toEqual(['/ships/', '/faq/'])
  })
})

describe('idleTurn: background work begins in idle moments, one caller per idle callback', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks for the next idle callback only when the previous turn has begun', async () => {
    const callbacks: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback))
    const begun: number[] = []
    const turns = [0, 1, 2].map((i) => idleTurn().then(() => void begun.push(i)))
    await Promise.resolve()
    expect(callbacks).toHaveLength(1)
    for (let turn = 0; turn < 3; turn++) {
      expect(begun).toEqual([0, 1, 2].slice(0, turn))
      callbacks[turn]?.()
      await turns[turn]
      expect(begun).toEqual([0, 1, 2].slice(0, turn + 1))
      // Nothing of the next turn before the browser is idle again.
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(callbacks).toHaveLength(Math.min(3, turn + 2))
      expect(begun).toHaveLength(turn + 1)
    }
  })

  it('falls back to a timer where there is no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    await expect(idleTurn()).resolves.toBeUndefined()
  })
})
