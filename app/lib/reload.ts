// Spec 4: "A failed code-chunk load triggers a page reload, guarded by a 10-second window per
// path. A new release is detected by polling and the app reloads on the next navigation."
import * as z from 'zod/mini'

/** At most one automatic reload per path within this window, so a broken chunk cannot loop. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000
/** sessionStorage key of the per-path reload times. */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reloads'
/** How often the browser asks whether a new release is out. */
export const RELEASE_POLL_INTERVAL_MS = 5 * 60_000
/** The file the build writes next to the assets: `{ "buildId": "…" }`. */
export const LATEST_BUILD_PATH = '/latest-build.json'

/** Path → time (ms since epoch) of the last automatic reload on it. */
export type ReloadLog = Record<string, number>

const reloadLogSchema = z.lazy(() => z.record(z.string(), z.number()))

/** Reads the stored log; anything unreadable counts as "no reloads yet". */
export function parseReloadLog(raw: string | null | undefined): ReloadLog {
  if (!raw) return {}
  try {
    const parsed = reloadLogSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

export function shouldReloadAfterChunkError(lastReloads: ReloadLog, path: string, now: number): boolean {
  const last = lastReloads[path]
  if (last === undefined) return true
  // A clock that went backwards must not block reloads until it catches up again.
  if (now < last) return true
  return now - last >= CHUNK_RELOAD_WINDOW_MS
}

/** The log after a reload on `path` at `now`; entries outside the window are dropped to keep it small. */
export function recordReload(lastReloads: ReloadLog, path: string, now: number): ReloadLog {
  const next: ReloadLog = {}
  for (const [key, time] of Object.entries(lastReloads)) {
    if (key !== path && time <= now && now - time < CHUNK_RELOAD_WINDOW_MS) next[key] = time
  }
  next[path] = now
  return next
}

const CHUNK_ERROR_PATTERNS: readonly RegExp[] = [
  /failed to fetch dynamically imported module/i, // Chromium
  /importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /unable to preload css/i, // Vite's CSS preload helper
  /loading (?:css )?chunk [\w-]+ failed/i, // webpack-style bundles
]

function messageOf(value: object): string | undefined {
  return 'message' in value && typeof value.message === 'string' ? value.message : undefined
}

/** True for the errors a browser raises when a code chunk of an older (or broken) build cannot be loaded. */
export function isChunkLoadError(error: unknown, depth = 0): boolean {
  if (depth > 3 || error === null || error === undefined) return false
  if (typeof error === 'string') return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error))
  if (typeof error !== 'object') return false
  // Vite dispatches `vite:preloadError` on window with the original error as `payload`.
  if ('type' in error && error.type === 'vite:preloadError') return true
  if ('name' in error && error.name === 'ChunkLoadError') return true
  const message = messageOf(error)
  if (message !== undefined && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))) return true
  if ('payload' in error && isChunkLoadError(error.payload, depth + 1)) return true
  return 'cause' in error && isChunkLoadError(error.cause, depth + 1)
}

export const latestBuildSchema = z.lazy(() => z.object({ buildId: z.string().check(z.trim(), z.minLength(1)) }))

/**
 * `latest` is the parsed body of /latest-build.json. Garbage, an empty id or an unknown current
 * build (a dev server without VITE_BUILD_ID) never count as a new release: a false positive would
 * turn every navigation into a full page load.
 */
export function isNewRelease(currentId: string, latest: unknown): boolean {
  if (currentId.trim() === '') return false
  const parsed = latestBuildSchema.safeParse(latest)
  return parsed.success && parsed.data.buildId !== currentId.trim()
}

function withoutHash(href: string): string {
  const hash = href.indexOf('#')
  return hash === -1 ? href : href.slice(0, hash)
}

/** After a new release, a navigation becomes a full page load, except a jump within the same page. */
export function leavesPage(fromHref: string | undefined, toHref: string): boolean {
  return fromHref === undefined || withoutHash(fromHref) !== withoutHash(toHref)
}
