// Spec 4: "A failed code-chunk load triggers a page reload, guarded by a 10-second window per
// path. A new release is detected by polling and the app reloads on the next navigation."
import { describe, expect, it } from 'vitest'
import {
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  isNewRelease,
  leavesPage,
  parseReloadLog,
  recordReload,
  shouldReloadAfterChunkError,
} from '~/lib/reload'

describe('spec 4: "a failed code-chunk load triggers a page reload, guarded by a 10-second window per path"', () => {
  const t0 = 1_800_000_000_000

  it('uses a 10-second window', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000)
  })

  it('reloads a path that was not reloaded before', () => {
    expect(shouldReloadAfterChunkError({}, '/reise/12/', t0)).toBe(true)
  })

  it('does not reload the same path again within 10 s, and does again from 10 s on', () => {
    const log = recordReload({}, '/reise/12/', t0)
    expect(shouldReloadAfterChunkError(log, '/reise/12/', t0)).toBe(false)
    expect(shouldReloadAfterChunkError(log, '/reise/12/', t0 + 9_999)).toBe(false)
    expect(shouldReloadAfterChunkError(log, '/reise/12/', t0 + 10_000)).toBe(true)
  })

  it('guards each path on its own', () => {
    const log = recordReload({}, '/reise/12/', t0)
    expect(shouldReloadAfterChunkError(log, '/hotels/', t0 + 1)).toBe(true)
    const both = recordReload(log, '/hotels/', t0 + 1)
    expect(shouldReloadAfterChunkError(both, '/reise/12/', t0 + 2)).toBe(false)
    expect(shouldReloadAfterChunkError(both, '/hotels/', t0 + 2)).toBe(false)
  })

  it('does not let a clock that went backwards block reloads', () => {
    const log = recordReload({}, '/', t0)
    expect(shouldReloadAfterChunkError(log, '/', t0 - 60_000)).toBe(true)
  })

  it('records without changing its input and drops entries outside the window', () => {
    const old = { '/alt/': t0 - 20_000, '/neu/': t0 - 5_000 }
    const next = recordReload(old, '/reise/1/', t0)
    expect(next).toEqual({ '/neu/': t0 - 5_000, '/reise/1/': t0 })
    expect(old).toEqual({ '/alt/': t0 - 20_000, '/neu/': t0 - 5_000 })
  })

  it('reads the stored log and treats garbage as empty', () => {
    expect(parseReloadLog(JSON.stringify({ '/': t0 }))).toEqual({ '/': t0 })
    expect(parseReloadLog(null)).toEqual({})
    expect(parseReloadLog('')).toEqual({})
    expect(parseReloadLog('{kaputt')).toEqual({})
    expect(parseReloadLog('[1,2]')).toEqual({})
    expect(parseReloadLog(JSON.stringify({ '/': 'gestern' }))).toEqual({})
  })
})

describe('isChunkLoadError', () => {
  it('recognises the chunk errors of Chromium, Safari, Firefox and Vite', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/a-1.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/b.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/c.css'))).toBe(true)
    expect(isChunkLoadError({ type: 'vite:preloadError', payload: new Error('anything') })).toBe(true)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(true)
  })

  it('looks into a wrapped cause or payload', () => {
    expect(isChunkLoadError(new Error('Route failed', { cause: new TypeError('Importing a module script failed.') }))).toBe(
      true,
    )
    expect(isChunkLoadError({ payload: { message: 'error loading dynamically imported module' } })).toBe(true)
  })

  it('ignores other errors and non-errors', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false)
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
    expect(isChunkLoadError(42)).toBe(false)
    expect(isChunkLoadError({ message: 12 })).toBe(false)
  })

  it('does not loop forever on a cause cycle', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' }
    a.cause = a
    expect(isChunkLoadError(a)).toBe(false)
  })
})

describe('spec 4: "a new release is detected by polling"', () => {
  it('sees a different build id as a new release', () => {
    expect(isNewRelease('2026-11-01.1', { buildId: '2026-11-02.1' })).toBe(true)
  })

  it('sees the same build id as no release', () => {
    expect(isNewRelease('2026-11-01.1', { buildId: '2026-11-01.1' })).toBe(false)
    expect(isNewRelease('abc', { buildId: ' abc ' })).toBe(false)
  })

  it('treats garbage and an unknown current build as no release', () => {
    for (const garbage of [null, undefined, 'abc', 42, [], {}, { buildId: '' }, { buildId: 7 }, { id: 'x' }]) {
      expect(isNewRelease('abc', garbage)).toBe(false)
    }
    expect(isNewRelease('', { buildId: 'new' })).toBe(false)
  })
})

describe('spec 4: "the app reloads on the next navigation"', () => {
  it('counts a move to another page or query, not a jump within the page', () => {
    expect(leavesPage('/reise/1/', '/reise/2/')).toBe(true)
    expect(leavesPage('/reiseuebersicht/search/a/', '/reiseuebersicht/search/a/?seite=2')).toBe(true)
    expect(leavesPage('/faq/', '/faq/#storno')).toBe(false)
    expect(leavesPage('/faq/#a', '/faq/#b')).toBe(false)
    expect(leavesPage(undefined, '/')).toBe(true)
  })
})
