// Turns the proxy's `src` into one of three kinds of source: a seed image rendered in-process, a
// file under public/, or a remote URL on the allow-list (IMAGE_ALLOWED_HOSTS, with aliases).
// Pure: no file system and no network here, so every rule is unit-tested.
import { seedImageKey } from '~/lib/image-proxy'

export type ImageAllowList = {
  /** Origins (`https://cdn.example`) whose every path may be fetched. */
  origins: ReadonlySet<string>
  /** alias name → base URL (always ending in "/"); `alias:path` resolves below that base. */
  aliases: ReadonlyMap<string, URL>
}

export type ImageSource =
  | { kind: 'seed'; key: string; canonical: string }
  | { kind: 'file'; path: string; canonical: string }
  | { kind: 'remote'; url: URL; canonical: string }

export type SourceResult = { ok: true; source: ImageSource } | { ok: false; status: 400 | 403 | 404; message: string }

const ALIAS_NAME = /^[a-z][a-z0-9_-]{0,31}$/
// Scheme names are never aliases, so "file:…" or "javascript:…" can never mean anything else.
const RESERVED_NAMES = new Set(['http', 'https', 'file', 'data', 'javascript', 'vbscript', 'blob', 'ftp', 'ws', 'wss', 'about', 'mailto'])
const HOST_ENTRY = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::\d{1,5})?$/i
const FILE_EXTENSIONS = /\.(jpe?g|png|webp|avif|gif)$/i

function httpUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text)) return null
  try {
    const url = new URL(text)
    if (url.username || url.password) return null
    return url
  } catch {
    return null
  }
}

/**
 * Reads IMAGE_ALLOWED_HOSTS entries: `cdn.example` (https only), `https://cdn.example` or
 * `http://cdn.example:8080` (an origin, http only when written out), and `alias=https://host/base`.
 * Entries that cannot be read are returned as errors (and logged) instead of being guessed at.
 */
export function parseAllowedHosts(entries: readonly string[]): { allowList: ImageAllowList; errors: string[] } {
  const origins = new Set<string>()
  const aliases = new Map<string, URL>()
  const errors: string[] = []
  for (const raw of entries) {
    const entry = raw.trim()
    if (!entry) continue
    const eq = entry.indexOf('=')
    if (eq !== -1) {
      const name = entry.slice(0, eq).trim().toLowerCase()
      const base = httpUrl(entry.slice(eq + 1).trim())
      if (!ALIAS_NAME.test(name) || RESERVED_NAMES.has(name) || !base || base.search || base.hash) {
        errors.push(entry)
        continue
      }
      if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`
      aliases.set(name, base)
      continue
    }
    const url = httpUrl(entry)
    if (url) {
      if (url.pathname !== '/' || url.search || url.hash) errors.push(entry)
      else origins.add(url.origin)
    } else if (HOST_ENTRY.test(entry)) {
      origins.add(new URL(`https://${entry}`).origin)
    } else {
      errors.push(entry)
    }
  }
  return { allowList: { origins, aliases }, errors }
}

function fail(status: 400 | 403 | 404, message: string): SourceResult {
  return { ok: false, status, message }
}

/** Path segments after percent-decoding; null when a segment is ".", "..", hidden or undecodable. */
function safeSegments(path: string): string[] | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return null
  const segments = decoded.split('/')
  if (segments.some((s) => s === '.' || s === '..' || s.startsWith('.'))) return null
  return segments
}

function isAllowedRemote(url: URL, allow: ImageAllowList): boolean {
  if (allow.origins.has(url.origin)) return true
  for (const base of allow.aliases.values()) {
    if (url.origin === base.origin && url.pathname.startsWith(base.pathname)) return true
  }
  return false
}

const NOT_ALLOWED = 'Diese Bildquelle ist nicht freigegeben.'
const INVALID = 'Ungültige Bildquelle.'

export function resolveImageSource(src: string, allow: ImageAllowList): SourceResult {
  if (/[\s\\\u0000-\u001f\u007f]/.test(src)) return fail(400, INVALID)

  if (src.startsWith('/')) {
    if (src.startsWith('//')) return fail(400, INVALID)
    if (/[?#]/.test(src)) return fail(400, INVALID)
    const segments = safeSegments(src)
    if (!segments || segments.slice(1).some((s) => s === '')) return fail(400, INVALID)
    const path = segments.join('/')
    const key = seedImageKey(path)
    if (key) return { ok: true, source: { kind: 'seed', key, canonical: `seed:${key}` } }
    if (path.startsWith('/media/')) return fail(404, 'Bild nicht gefunden.')
    if (!FILE_EXTENSIONS.test(path)) return fail(400, 'Dieses Dateiformat wird nicht unterstützt.')
    return { ok: true, source: { kind: 'file', path, canonical: `file:${path}` } }
  }

  const url = httpUrl(src)
  if (url) {
    if (!safeSegments(url.pathname)) return fail(400, INVALID)
    if (!isAllowedRemote(url, allow)) return fail(403, NOT_ALLOWED)
    url.hash = ''
    return { ok: true, source: { kind: 'remote', url, canonical: url.href } }
  }

  const alias = /^([a-z][a-z0-9_-]{0,31}):(.*)$/i.exec(src)
  if (alias?.[1] !== undefined && alias[2] !== undefined) {
    const name = alias[1].toLowerCase()
    const base = RESERVED_NAMES.has(name) ? undefined : allow.aliases.get(name)
    if (!base) return fail(400, RESERVED_NAMES.has(name) ? INVALID : 'Unbekannter Bild-Alias.')
    const rest = alias[2].replace(/^\/+/, '')
    if (!rest || /[?#]/.test(rest)) return fail(400, INVALID)
    if (!safeSegments(rest)) return fail(400, INVALID)
    let resolved: URL
    try {
      resolved = new URL(rest, base)
    } catch {
      return fail(400, INVALID)
    }
    // A path that climbs out of the alias base (or changes host) is no longer covered by it.
    if (resolved.origin !== base.origin || !resolved.pathname.startsWith(base.pathname)) return fail(400, INVALID)
    return { ok: true, source: { kind: 'remote', url: resolved, canonical: resolved.href } }
  }

  return fail(400, INVALID)
}
