// The image proxy's contract shared by the server (what it accepts) and the components (which
// URLs they ask for): widths, qualities, the proxy URL and the srcset built from it (spec 9).
import * as z from 'zod/mini'

/** Spec 9: "breakpoints xs 0, sm 600, md 960, lg 1280, xl 1920, xxl 2560". */
export const IMAGE_BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const

/** Spec 9: "densities 1,1,2" (xs/sm/… at 1×, plus 2× for high-density screens). */
export const IMAGE_DENSITIES = [1, 2] as const

/** Card and thumbnail widths below the breakpoints (a 400 px card at 1× and 2×, a 320 px phone). */
const SMALL_WIDTHS = [320, 400, 480, 640, 800] as const

/**
 * No width above the largest breakpoint: a 2560 px image already covers a full-width xl screen
 * at 1.33× and every narrower layout at 2×; 3840 or 5120 px files would only cost disk and time.
 */
export const MAX_IMAGE_WIDTH = IMAGE_BREAKPOINTS.xxl

/**
 * Every width the proxy renders, ascending. Anything else is refused, so that the disk cache
 * holds a bounded number of variants per source.
 */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set([
    ...SMALL_WIDTHS,
    ...Object.values(IMAGE_BREAKPOINTS).flatMap((b) => IMAGE_DENSITIES.map((d) => b * d)),
  ]),
]
  .filter((w) => w > 0 && w <= MAX_IMAGE_WIDTH)
  .sort((a, b) => a - b)

/** Spec 9: "quality 70". One quality keeps one cache entry per source and width. */
export const IMAGE_QUALITIES = [70] as const
export const DEFAULT_IMAGE_QUALITY = 70

export const IMAGE_PROXY_PATH = '/media/image'
export const SEED_IMAGE_PREFIX = '/media/seed/'

export function isAllowedImageWidth(width: number): boolean {
  return IMAGE_WIDTHS.includes(width)
}

const positiveInt = /^[1-9][0-9]{0,4}$/

/** German messages: the proxy answers them as plain text with status 400. */
// Strict: unknown parameters would give the same image under endless URLs (cache busting).
export const imageQuerySchema = z.strictObject({
    src: z
      .string({ error: 'Bitte eine Bildquelle (src) angeben.' })
      .check(z.minLength(1, 'Bitte eine Bildquelle (src) angeben.'), z.maxLength(2048, 'Die Bildquelle ist zu lang.')),
    w: z
      .pipe(
        z.string({ error: 'Bitte eine Breite (w) angeben.' }).check(z.regex(positiveInt, 'Die Breite (w) muss eine ganze Zahl sein.')),
        z.transform(Number),
      )
      .check(z.refine(isAllowedImageWidth, 'Diese Breite (w) wird nicht angeboten.')),
    q: z.pipe(
      z.optional(
        z
          .pipe(z.string().check(z.regex(positiveInt, 'Die Qualität (q) muss eine ganze Zahl sein.')), z.transform(Number))
          .check(z.refine((q) => IMAGE_QUALITIES.some((allowed) => allowed === q), 'Diese Qualität (q) wird nicht angeboten.')),
      ),
      z.transform((q) => q ?? DEFAULT_IMAGE_QUALITY),
    ),
  })

export type ImageQuery = z.infer<typeof imageQuerySchema>

export type ParsedImageQuery = { ok: true; query: ImageQuery } | { ok: false; message: string }

/** Validates the proxy's query string; repeated keys are refused rather than guessed at. */
export function parseImageQuery(params: URLSearchParams): ParsedImageQuery {
  const raw: Record<string, string> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    if (values.length > 1) return { ok: false, message: `Der Parameter ${key} darf nur einmal vorkommen.` }
    raw[key] = values[0] ?? ''
  }
  const result = imageQuerySchema.safeParse(raw)
  if (result.success) return { ok: true, query: result.data }
  const issue = result.error.issues[0]
  if (issue?.code === 'unrecognized_keys') return { ok: false, message: `Unbekannter Parameter: ${issue.keys.join(', ')}` }
  return { ok: false, message: issue?.message ?? 'Ungültige Bildanfrage.' }
}

/** Sources the browser can show as they are: the proxy has nothing to do for them. */
export function isPassThroughSource(src: string): boolean {
  return /^(data|blob):/i.test(src)
}

/** `src=…` as a query string encodes it: encoded once for all the widths of an image. */
const encodedSource = (src: string) => new URLSearchParams({ src }).toString()

function proxyUrlOf(encoded: string, width: number, quality: number): string {
  return `${IMAGE_PROXY_PATH}?${encoded}&w=${width}${quality === DEFAULT_IMAGE_QUALITY ? '' : `&q=${quality}`}`
}

/** The canonical proxy URL (the default quality is left out so that one image has one URL). */
export function imageProxyUrl(src: string, width: number, quality: number = DEFAULT_IMAGE_QUALITY): string {
  return proxyUrlOf(encodedSource(src), width, quality)
}

/**
 * The widest CSS width a `sizes` value can give, when every candidate is in px; null when any
 * candidate depends on the viewport (vw, %, calc…), so no upper bound can be known.
 */
export function maxRenderedWidth(sizes: string): number | null {
  let max = 0
  for (const part of sizes.split(',')) {
    const length = part.trim().split(/\s+/).at(-1) ?? ''
    const px = /^(\d+(?:\.\d+)?)px$/.exec(length)
    if (!px?.[1]) return null
    max = Math.max(max, Number(px[1]))
  }
  return max > 0 ? max : null
}

/**
 * The widths offered for one image: every allowed width up to the source's own width, plus the
 * next one above it so the full resolution stays reachable; when `sizes` caps the rendered
 * width, nothing beyond twice that (density 2) is listed.
 */
export function srcSetWidths(intrinsicWidth: number, sizes?: string): number[] {
  const rendered = sizes ? maxRenderedWidth(sizes) : null
  const limit = Math.min(intrinsicWidth > 0 ? intrinsicWidth : MAX_IMAGE_WIDTH, rendered ? rendered * 2 : Number.POSITIVE_INFINITY)
  const widths = IMAGE_WIDTHS.filter((w) => w < limit)
  const cover = IMAGE_WIDTHS.find((w) => w >= limit)
  if (cover !== undefined) widths.push(cover)
  return widths
}

export type ResponsiveSources = { src: string; srcSet: string; widths: number[] }

/** `src` (a middle width, for the odd client without srcset) and the `srcSet` with w descriptors. */
export function responsiveSources(src: string, intrinsicWidth: number, sizes?: string): ResponsiveSources {
  const widths = srcSetWidths(intrinsicWidth, sizes)
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? IMAGE_BREAKPOINTS.md
  const encoded = encodedSource(src)
  return {
    src: proxyUrlOf(encoded, middle, DEFAULT_IMAGE_QUALITY),
    srcSet: widths.map((w) => `${proxyUrlOf(encoded, w, DEFAULT_IMAGE_QUALITY)} ${w}w`).join(', '),
    widths,
  }
}

/** A seed image's path for a key (the server renders it; see /media/seed/{key}.svg). */
export const SEED_IMAGE_KEY = /^[a-z0-9-]{1,64}$/

export function seedImageKey(pathname: string): string | null {
  if (!pathname.startsWith(SEED_IMAGE_PREFIX) || !pathname.endsWith('.svg')) return null
  const key = pathname.slice(SEED_IMAGE_PREFIX.length, -'.svg'.length)
  return SEED_IMAGE_KEY.test(key) ? key : null
}
