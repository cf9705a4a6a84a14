// The resizing image proxy (spec 7, spec 9): GET /media/image?src=…&w=…[&q=70] answers a webp
// no wider than w, from a disk cache under DATA_DIR. Everything the route needs comes in through
// `deps`, so that tests call `handleImageRequest` directly with their own cache folder and guards.
import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { readFile, readdir, realpath, stat, unlink } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import sharp from 'sharp'
import { LRUCache } from 'lru-cache'
import { parseImageQuery } from '~/lib/image-proxy'
import { config } from '../config.server'
import { writeAtomically } from '../files.server'
import { CLIENT_CLOSED_REQUEST } from '../http/client-closed.server'
import { TOO_MANY_REQUESTS_MESSAGE, requestClientAddress, takeClientBudget } from '../http/client-limits.server'
import type { Attempt } from '../http/client-limits.server'
import { errorFields, log } from '../log.server'
import { parseAllowedHosts, resolveImageSource } from './image-source.server'
import type { ImageAllowList, ImageSource } from './image-source.server'
import { getDb } from '../runtime.server'
import { seedImageExists } from '../services/seed-images.server'
import { fetchRemoteImage, publicAddressesOnly } from './remote-image.server'
import type { AddressGuard } from './remote-image.server'
import { matchesEtag, textResponse } from './responses.server'
import { SEED_IMAGE_HEIGHT, SEED_IMAGE_VERSION, SEED_IMAGE_WIDTH, renderSeedImage } from './seed-image.server'

// libvips would otherwise start one thread per core for every image; the limiter below decides
// how many images are worked on at once. Decoded inputs are not worth keeping: the disk cache is.
sharp.concurrency(1)
sharp.cache(false)

/** Bump when the encoder settings change, so that cached files are made again. */
const RENDER_VERSION = 'v1'

export type TransformOptions = { width: number; quality: number }
export type Transform = (input: Buffer, options: TransformOptions) => Promise<Buffer>

export type ImageProxyDeps = {
  cacheDir: string
  /** This site's public/ folder (files served as /…); null when there is none. */
  publicDir: string | null
  allowList: ImageAllowList
  /** Whether the catalogue shows the seed picture with this key: only those are rendered. */
  seedImageExists: (key: string) => Promise<boolean>
  /** Counts a render the client asks for against its limit (a cached or already running image is free). */
  takeRenderBudget?: () => Attempt
  /** Which resolved IP addresses a remote fetch may connect to; public unicast only by default. */
  isAllowedAddress?: AddressGuard
  transform?: Transform
  limiter?: Limiter
  /** Hot images in memory in front of the disk cache (process-wide by default). */
  memoryCache?: MemoryCache
  fetchTimeoutMs?: number
  maxSourceBytes?: number
  /** How long a remote image stays in the disk cache before it is fetched again. */
  remoteTtlMs?: number
  maxCacheBytes?: number
}

// ---------------------------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------------------------

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'

/** The raster format by magic bytes; SVG and everything else is refused for files and remotes. */
export function sniffImageFormat(bytes: Uint8Array): SourceFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif'
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif'
  return null
}

export class OverloadedError extends Error {}
/** Every client waiting for a render has gone before it started. */
export class AbandonedError extends Error {}

export type Limiter = { run: <T>(task: () => Promise<T>) => Promise<T> }

/** At most `concurrency` tasks at once; beyond `maxQueue` waiting ones, new work is refused. */
export function createLimiter(concurrency: number, maxQueue = 64): Limiter {
  let active = 0
  const waiting: Array<() => void> = []
  const release = () => {
    active--
    waiting.shift()?.()
  }
  return {
    run: (task) => {
      if (active >= concurrency && waiting.length >= maxQueue) return Promise.reject(new OverloadedError('image queue full'))
      return new Promise((resolveTask, rejectTask) => {
        const start = () => {
          active++
          task().then(resolveTask, rejectTask).finally(release)
        }
        if (active < concurrency) start()
        else waiting.push(start)
      })
    },
  }
}

/** A decoding limit far above any photo (8000×6000) but far below a decompression bomb. */
const MAX_INPUT_PIXELS = 48_000_000

export const sharpTransform: Transform = (input, { width, quality }) =>
  sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality, effort: 4 })
    .toBuffer()

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const IMMUTABLE = 'public, max-age=31536000, immutable'
const ONE_DAY = 'public, max-age=86400'

/** etag null: the picture behind the key can change (a remote source), so the bytes name it. */
type Entry = { path: string; etag: string | null; cacheControl: string }

function imageResponse(request: Request, entry: Entry, body: Buffer): Response {
  const etag = entry.etag ?? `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
  const headers = {
    'Cache-Control': entry.cacheControl,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: { ...headers, 'Content-Type': 'image/webp', 'Content-Length': String(body.length) },
  })
}

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

class SourceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The public/ file behind `path`, refusing anything that leaves the folder (also via symlinks). */
async function publicFile(publicDir: string | null, path: string): Promise<{ file: string; size: number; mtimeMs: number }> {
  if (!publicDir) throw new SourceError(404, 'Bild nicht gefunden.')
  let root: string
  let file: string
  try {
    root = await realpath(publicDir)
    file = await realpath(resolve(root, `.${path}`))
  } catch {
    throw new SourceError(404, 'Bild nicht gefunden.')
  }
  if (!file.startsWith(root + sep)) throw new SourceError(404, 'Bild nicht gefunden.')
  const info = await stat(file)
  if (!info.isFile()) throw new SourceError(404, 'Bild nicht gefunden.')
  return { file, size: info.size, mtimeMs: info.mtimeMs }
}

function checkRaster(bytes: Buffer): void {
  if (!sniffImageFormat(bytes)) throw new SourceError(415, 'Die Quelle ist kein unterstütztes Bild (JPEG, PNG, WebP, GIF oder AVIF).')
}

// ---------------------------------------------------------------------------------------------
// Disk cache
// ---------------------------------------------------------------------------------------------

async function readIfFresh(
  path: string,
  maxAgeMs: number | null,
  memory: MemoryCache,
): Promise<{ body: Buffer; mtimeMs: number; fresh: boolean } | null> {
  const isFresh = (mtimeMs: number) => maxAgeMs === null || Date.now() - mtimeMs < maxAgeMs
  const hot = memory.get(path)
  if (hot && isFresh(hot.mtimeMs)) return { ...hot, fresh: true }
  try {
    const info = await stat(path)
    const body = await readFile(path)
    if (isFresh(info.mtimeMs)) memory.set(path, body, info.mtimeMs)
    return { body, mtimeMs: info.mtimeMs, fresh: isFresh(info.mtimeMs) }
  } catch {
    return null
  }
}

/**
 * The most recently served files in memory (least recently used goes first), so that a hot image
 * costs no file system round trips; the disk stays the cache that survives restarts.
 */
export type MemoryCache = {
  get: (path: string) => { body: Buffer; mtimeMs: number } | undefined
  set: (path: string, body: Buffer, mtimeMs: number) => void
}

export function createMemoryCache(maxBytes: number, maxEntryBytes = 2 * 1024 * 1024): MemoryCache {
  // No room: nothing is kept (the tests use it to reach the disk each time).
  if (maxBytes < 1) return { get: () => undefined, set: () => {} }
  const entries = new LRUCache<string, { body: Buffer; mtimeMs: number }>({
    maxSize: maxBytes,
    maxEntrySize: Math.min(maxEntryBytes, maxBytes),
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
  })
  return {
    get: (path) => entries.get(path),
    set: (path, body, mtimeMs) => void entries.set(path, { body, mtimeMs }),
  }
}

type Budget = { bytes: number | null; pruning: boolean }
const budgets = new Map<string, Budget>()

async function cacheFiles(cacheDir: string): Promise<Array<{ path: string; size: number; mtimeMs: number }>> {
  const out: Array<{ path: string; size: number; mtimeMs: number }> = []
  const shards = await readdir(cacheDir).catch(() => [])
  for (const shard of shards) {
    const names = await readdir(join(cacheDir, shard)).catch(() => [])
    for (const name of names) {
      const path = join(cacheDir, shard, name)
      const info = await stat(path).catch(() => null)
      if (info?.isFile()) out.push({ path, size: info.size, mtimeMs: info.mtimeMs })
    }
  }
  return out
}

/**
 * Keeps the cache under its budget by removing the oldest files: every picture in every width,
 * and remote pictures fetched again each day, would otherwise grow it without end.
 */
async function account(cacheDir: string, maxBytes: number, added: number): Promise<void> {
  let budget = budgets.get(cacheDir)
  if (!budget) {
    budget = { bytes: null, pruning: false }
    budgets.set(cacheDir, budget)
  }
  if (budget.bytes === null) budget.bytes = (await cacheFiles(cacheDir)).reduce((sum, f) => sum + f.size, 0)
  else budget.bytes += added
  if (budget.bytes <= maxBytes || budget.pruning) return
  budget.pruning = true
  try {
    const files = (await cacheFiles(cacheDir)).sort((a, b) => a.mtimeMs - b.mtimeMs)
    let total = files.reduce((sum, f) => sum + f.size, 0)
    for (const f of files) {
      if (total <= maxBytes * 0.8) break
      await unlink(f.path).catch(() => {})
      total -= f.size
    }
    budget.bytes = total
    log('info', 'image cache pruned', { bytes: total })
  } finally {
    budget.pruning = false
  }
}

// ---------------------------------------------------------------------------------------------
// The handler
// ---------------------------------------------------------------------------------------------

// Two resizes at once on a two-core machine; downloads wait in their own, wider queue so that a
// slow remote host does not hold a resize slot. Both queues are short: waiting inputs use memory.
const defaultLimiter = createLimiter(2, 32)
const fetchLimiter = createLimiter(4, 32)
const defaultMemory = createMemoryCache(64 * 1024 * 1024)
/** A render and how many requests still wait for it: when the last one has gone, it is not started. */
type Render = { result: Promise<Buffer>; waiting: number; abandoned: AbortController }
const inflight = new Map<string, Render>()

function waitFor(render: Render, signal: AbortSignal): Promise<Buffer> {
  render.waiting++
  const leave = () => {
    if (--render.waiting === 0) render.abandoned.abort()
  }
  if (signal.aborted) leave()
  else signal.addEventListener('abort', leave, { once: true })
  return render.result.finally(() => signal.removeEventListener('abort', leave))
}

type Plan = { entry: Entry; maxAgeMs: number | null; load: () => Promise<{ input: Buffer; width: number }> }

async function plan(source: ImageSource, width: number, quality: number, deps: ImageProxyDeps): Promise<Plan> {
  const maxBytes = deps.maxSourceBytes ?? 15 * 1024 * 1024
  const keyed = (identity: string) => {
    const key = sha256(`${RENDER_VERSION}\n${identity}\n${width}\n${quality}`)
    return { key, path: join(deps.cacheDir, key.slice(0, 2), `${key}.webp`) }
  }

  if (source.kind === 'seed') {
    const { key, path } = keyed(`${source.canonical}\n${SEED_IMAGE_VERSION}`)
    return {
      // The picture of a key never changes (a new SEED_IMAGE_VERSION or RENDER_VERSION changes the key).
      entry: { path, etag: `"${key.slice(0, 32)}"`, cacheControl: IMMUTABLE },
      maxAgeMs: null,
      // Vector art: drawn at the requested width instead of being scaled from a fixed raster.
      // Checked only here, when the picture has to be made: a cached one needs no lookup.
      load: async () => {
        if (!(await deps.seedImageExists(source.key))) throw new SourceError(404, 'Bild nicht gefunden.')
        return { input: Buffer.from(renderSeedImage(source.key, width, Math.round((width * SEED_IMAGE_HEIGHT) / SEED_IMAGE_WIDTH))), width }
      },
    }
  }

  if (source.kind === 'file') {
    const file = await publicFile(deps.publicDir, source.path)
    if (file.size > maxBytes) throw new SourceError(413, 'Das Bild ist zu groß.')
    // Size and time in the key: a replaced file gets a new cache entry and a new ETag.
    const { key, path } = keyed(`${source.canonical}\n${file.size}\n${Math.round(file.mtimeMs)}`)
    return {
      entry: { path, etag: `"${key.slice(0, 32)}"`, cacheControl: ONE_DAY },
      maxAgeMs: null,
      load: async () => {
        const input = await readFile(file.file)
        checkRaster(input)
        return { input, width }
      },
    }
  }

  const { path } = keyed(source.canonical)
  return {
    entry: { path, etag: null, cacheControl: ONE_DAY },
    maxAgeMs: deps.remoteTtlMs ?? 24 * 60 * 60 * 1000,
    load: async () => {
      const fetched = await fetchLimiter.run(() =>
        fetchRemoteImage(source.url, {
          isAllowedAddress: deps.isAllowedAddress ?? publicAddressesOnly,
          timeoutMs: deps.fetchTimeoutMs ?? 8000,
          maxBytes,
        }),
      )
      if (!fetched.ok) throw new SourceError(fetched.status, fetched.message)
      checkRaster(fetched.body)
      return { input: fetched.body, width }
    },
  }
}

async function produce(p: Plan, quality: number, deps: ImageProxyDeps, abandoned: AbortSignal): Promise<Buffer> {
  const { input, width } = await p.load()
  const transform = deps.transform ?? sharpTransform
  let output: Buffer
  try {
    output = await (deps.limiter ?? defaultLimiter).run(async () => {
      if (abandoned.aborted) throw new AbandonedError('nobody waits for this image')
      return transform(input, { width, quality })
    })
  } catch (error) {
    if (error instanceof OverloadedError || error instanceof AbandonedError) throw error
    log('debug', 'image decode failed', errorFields(error))
    throw new SourceError(422, 'Das Bild konnte nicht gelesen werden.')
  }
  const memory = deps.memoryCache ?? defaultMemory
  memory.set(p.entry.path, output, Date.now())
  try {
    await writeAtomically(p.entry.path, output)
    await account(deps.cacheDir, deps.maxCacheBytes ?? 2 * 1024 ** 3, output.length)
  } catch (error) {
    // A full or read-only disk costs speed, not the image.
    log('error', 'image cache write failed', errorFields(error))
  }
  return output
}

/** GET /media/image: validates, answers from the disk cache or renders once (single flight). */
export async function handleImageRequest(request: Request, deps: ImageProxyDeps): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Nur GET ist erlaubt.', { Allow: 'GET, HEAD' })
  const parsed = parseImageQuery(new URL(request.url).searchParams)
  if (!parsed.ok) return textResponse(400, parsed.message)
  const { src, w, q } = parsed.query
  const resolved = resolveImageSource(src, deps.allowList)
  if (!resolved.ok) return textResponse(resolved.status, resolved.message)

  try {
    const p = await plan(resolved.source, w, q, deps)
    // Seed and file ETags follow from the key alone: a revalidation needs no disk at all.
    if (p.entry.etag !== null && matchesEtag(request, p.entry.etag)) return imageResponse(request, p.entry, Buffer.alloc(0))
    const cached = await readIfFresh(p.entry.path, p.maxAgeMs, deps.memoryCache ?? defaultMemory)
    if (cached?.fresh) return imageResponse(request, p.entry, cached.body)

    let running = inflight.get(p.entry.path)
    if (!running) {
      // Only a new render counts against the client's limit; joining one that runs is free.
      const budget = deps.takeRenderBudget?.() ?? { ok: true }
      if (!budget.ok) return textResponse(429, TOO_MANY_REQUESTS_MESSAGE.imageRender, { 'Retry-After': String(budget.retryAfterSeconds) })
      const abandoned = new AbortController()
      const render: Render = { result: produce(p, q, deps, abandoned.signal).finally(() => inflight.delete(p.entry.path)), waiting: 0, abandoned }
      inflight.set(p.entry.path, render)
      running = render
    }
    try {
      return imageResponse(request, p.entry, await waitFor(running, request.signal))
    } catch (error) {
      // An unreachable remote host: the copy from yesterday is better than no picture.
      if (cached && error instanceof SourceError && error.status >= 500) return imageResponse(request, p.entry, cached.body)
      throw error
    }
  } catch (error) {
    if (error instanceof SourceError) return textResponse(error.status, error.message)
    if (error instanceof AbandonedError) return textResponse(CLIENT_CLOSED_REQUEST, 'Die Anfrage wurde abgebrochen.')
    if (error instanceof OverloadedError) {
      return textResponse(503, 'Der Bilddienst ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.', { 'Retry-After': '5' })
    }
    log('error', 'image proxy failed', errorFields(error))
    return textResponse(502, 'Das Bild konnte nicht erstellt werden.')
  }
}

// ---------------------------------------------------------------------------------------------
// The running app's dependencies
// ---------------------------------------------------------------------------------------------

/**
 * public/ of the running build: next to server/index.mjs in the Nitro output, or the project's
 * own public/ folder when run from the source tree.
 */
export function findPublicDir(entry: string | undefined = process.argv[1], cwd: string = process.cwd()): string | null {
  const candidates: string[] = []
  if (entry && /[\\/]server[\\/]index\.mjs$/.test(entry)) candidates.push(resolve(dirname(entry), '..', 'public'))
  candidates.push(resolve(cwd, 'public'))
  return candidates.find((dir) => existsSync(dir) && statSync(dir).isDirectory()) ?? null
}

let runtimeDeps: ImageProxyDeps | undefined

export function imageProxyDeps(): ImageProxyDeps {
  if (runtimeDeps) return runtimeDeps
  const cfg = config()
  const { allowList, errors } = parseAllowedHosts(cfg.IMAGE_ALLOWED_HOSTS)
  if (errors.length) log('error', 'IMAGE_ALLOWED_HOSTS: entries ignored', { entries: errors })
  runtimeDeps = {
    cacheDir: resolve(cfg.DATA_DIR, 'image-cache'),
    publicDir: findPublicDir(),
    allowList,
    seedImageExists: async (key) => seedImageExists(await getDb(), key),
    takeRenderBudget: () => takeClientBudget('imageRender', requestClientAddress()),
  }
  return runtimeDeps
}
