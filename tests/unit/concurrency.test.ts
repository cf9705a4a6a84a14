import { describe, expect, it } from 'vitest'
import { internalPaths, runLimited } from '~/lib/concurrency'

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
