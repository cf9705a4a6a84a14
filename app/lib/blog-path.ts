// Blog entry URLs (spec 2: /blog/detail/{detail}, where detail may span several path segments).
//
// Decision: an entry's own address is /blog/detail/{yyyy}/{mm}/{slug}/ (year and month of its
// date_show in Berlin), and any /blog/detail/…/{slug}/ resolves by its LAST segment alone, so
// older or shortened links (/blog/detail/{slug}/) keep working; the page names the canonical one.
import { remembered } from './format-memo'
import { onFirstUse } from './on-first-use'

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,198}[a-z0-9])?$/
const SEGMENT = /^[A-Za-z0-9_-]{1,200}$/
const MAX_SEGMENTS = 6

/** The entry slug in a /blog/detail/ splat ('2026/05/herbstzauber-am-gardasee/'), or null when malformed. */
export function blogSlugFromPath(splat: string | undefined): string | null {
  const segments = (splat ?? '').split('/').filter((s) => s !== '')
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return null
  if (!segments.every((s) => SEGMENT.test(s))) return null
  const slug = segments.at(-1)
  return slug !== undefined && SLUG.test(slug) ? slug : null
}

const yearMonth = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }))

/** The splat of an entry's canonical address: '2026/05/herbstzauber-am-gardasee' (the router adds the trailing slash). */
export function blogEntrySplat(entry: { slug: string; date_show: string }): string {
  const date = new Date(entry.date_show)
  if (Number.isNaN(date.getTime())) return entry.slug
  const folder = remembered(`year-month:${date.getTime()}`, () => {
    const parts = Object.fromEntries(yearMonth().formatToParts(date).map((p) => [p.type, p.value]))
    return `${parts.year}/${parts.month}`
  })
  return `${folder}/${entry.slug}`
}

export function blogEntryPath(entry: { slug: string; date_show: string }): string {
  return `/blog/detail/${blogEntrySplat(entry)}/`
}
