// The URL lists behind /sitemap/ (HTML), /sitemap.xml (index), /sitemap-pages.xml and the trip
// sitemaps /sitemap-trips-{n}.xml. Trips are read in chunks, so 100,000 trips never sit in memory
// at once beyond one 50,000-URL file.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { BLOG_PAGE_TYPES } from '~/lib/api'
import { blogEntryPath } from '~/lib/blog-path'
import { filterMainCategories } from '~/lib/categories'
import { destinationSplat } from '~/lib/destinations'
import { isPageInRange, pageCount } from '~/lib/paging'
import { HTML_SITEMAP_TRIPS_PER_PAGE, SITEMAP_MAX_URLS, SITE_PAGES, SITE_PAGE_GROUPS } from '~/lib/sitemap'
import type { SitemapEntry } from '~/lib/sitemap'
import type { Database } from '../db/database.server'
import { blogEntries, contentPages, hotels, impressions, ships, trips } from '../db/schema'
import { loadInitData } from './catalogue.server'
import { listDestinations } from './destinations.server'
import { germanSortKey } from './trip-pages.server'

export type SitemapLink = { path: string; label: string }
export type SitemapSection = { key: string; title: string; links: SitemapLink[] }

export type HtmlSitemap = {
  sections: SitemapSection[]
  trips: { links: SitemapLink[]; page: number; pages: number; total: number }
}

const collator = new Intl.Collator('de-DE')
const byLabel = (a: SitemapLink, b: SitemapLink) => collator.compare(a.label, b.label)

const FIXED_PATHS = new Set(SITE_PAGES.map((p) => p.path))

async function catalogueSections(db: Database): Promise<SitemapSection[]> {
  const [initData, destinations, shipRows, hotelRows, blogRows, pageRows, impressionRows] = await Promise.all([
    loadInitData(db),
    listDestinations(db),
    db.select({ id: ships.id, name: ships.name }).from(ships),
    db.select({ id: hotels.id, name: hotels.name, city: hotels.city }).from(hotels),
    db
      .select({ slug: blogEntries.slug, title: blogEntries.title, dateShow: blogEntries.dateShow })
      .from(blogEntries)
      .where(and(eq(blogEntries.published, true), inArray(blogEntries.idWebBlogType, [...BLOG_PAGE_TYPES])))
      .orderBy(desc(blogEntries.dateShow), asc(blogEntries.id)),
    db.select({ slug: contentPages.slug, kind: contentPages.kind, title: contentPages.title }).from(contentPages).orderBy(asc(contentPages.sort)),
    db.select({ slug: impressions.slug, title: impressions.title }).from(impressions),
  ])

  const destinationLinks: SitemapLink[] = [
    ...destinations.countries.flatMap((c) => [
      { path: `/reiselaender/${destinationSplat({ kind: 'country', country: c.slug })}`, label: c.name },
      ...c.regions.map((r) => ({
        path: `/reiselaender/${destinationSplat({ kind: 'country-region', country: c.slug, region: r.slug })}`,
        label: `${c.name}: ${r.name}`,
      })),
    ]),
    ...destinations.otherRegions.map((r) => ({ path: `/reiselaender/${destinationSplat({ kind: 'region', region: r.slug })}`, label: r.name })),
  ]

  const pagesOfKind = (kind: string, prefix: string) =>
    pageRows
      .filter((p) => p.kind === kind)
      .map((p) => ({ path: `${prefix}${p.slug}/`, label: p.title }))
      .filter((p) => !FIXED_PATHS.has(p.path))

  return [
    {
      key: 'reisearten',
      title: 'Reisearten',
      links: filterMainCategories(initData.categories).map((c) => ({ path: `/reiseuebersicht/${c.slug}/`, label: c.name })),
    },
    { key: 'reiselaender', title: 'Reiseländer und Regionen', links: destinationLinks },
    { key: 'schiffe', title: 'Schiffe', links: shipRows.map((s) => ({ path: `/ships/${s.id}/`, label: s.name })).sort(byLabel) },
    { key: 'hotels', title: 'Hotels', links: hotelRows.map((h) => ({ path: `/hotels/${h.id}/`, label: `${h.name}, ${h.city}` })).sort(byLabel) },
    {
      key: 'reiseimpressionen',
      title: 'Reiseimpressionen',
      links: impressionRows.map((i) => ({ path: `/reiseimpressionen/${i.slug}/`, label: i.title })).sort(byLabel),
    },
    {
      key: 'blog',
      title: 'Blog',
      links: blogRows.map((b) => ({ path: blogEntryPath({ slug: b.slug, date_show: new Date(b.dateShow).toISOString() }), label: b.title })),
    },
    { key: 'service-entries', title: 'Service-Themen', links: pagesOfKind('service-entry', '/service-entry/') },
    { key: 'artikel', title: 'Ratgeber und Artikel', links: pagesOfKind('article', '/article/') },
    { key: 'seiten', title: 'Informationen', links: pagesOfKind('page', '/') },
  ]
}

export async function countPublishedTrips(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trips).where(eq(trips.published, true))
  return row?.n ?? 0
}

/** Published trips in a stable order (by id for crawlers, by title for people), `limit` from `offset`. */
export async function listTripLinks(db: Database, offset: number, limit: number, order: 'id' | 'title' = 'id'): Promise<SitemapLink[]> {
  const rows = await db
    .select({ id: trips.id, title: trips.title })
    .from(trips)
    .where(eq(trips.published, true))
    .orderBy(...(order === 'title' ? [germanSortKey(trips.title), asc(trips.id)] : [asc(trips.id)]))
    .limit(limit)
    .offset(offset)
  return rows.map((t) => ({ path: `/reise/${t.id}/`, label: t.title }))
}

/** The HTML sitemap; trips are paged (HTML_SITEMAP_TRIPS_PER_PAGE a page). Null for a page beyond the end. */
export async function loadHtmlSitemap(db: Database, page: number): Promise<HtmlSitemap | null> {
  const total = await countPublishedTrips(db)
  if (!isPageInRange(page, total, HTML_SITEMAP_TRIPS_PER_PAGE)) return null
  const pages = pageCount(total, HTML_SITEMAP_TRIPS_PER_PAGE)
  const [sections, tripLinks] = await Promise.all([catalogueSections(db), listTripLinks(db, (page - 1) * HTML_SITEMAP_TRIPS_PER_PAGE, HTML_SITEMAP_TRIPS_PER_PAGE, 'title')])
  const fixed: SitemapSection[] = SITE_PAGE_GROUPS.map((g) => ({ key: g.key, title: g.title, links: g.pages.map((p) => ({ ...p })) }))
  return { sections: [...fixed, ...sections], trips: { links: tripLinks, page, pages, total } }
}

/** Every URL of /sitemap-pages.xml: the fixed pages and everything from the catalogue except trips. */
export async function pageSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const sections = await catalogueSections(db)
  const seen = new Set<string>()
  const entries: SitemapEntry[] = []
  for (const link of [...SITE_PAGES, ...sections.flatMap((s) => s.links)]) {
    if (seen.has(link.path)) continue
    seen.add(link.path)
    entries.push({ loc: link.path })
  }
  // A catalogue can hardly outgrow one file with these kinds; if it ever does, the rest is cut
  // rather than breaking the protocol's limit.
  return entries.slice(0, SITEMAP_MAX_URLS)
}

/** The URLs of the n-th trip sitemap. */
export async function tripSitemapEntries(db: Database, offset: number, limit: number): Promise<SitemapEntry[]> {
  return (await listTripLinks(db, offset, limit)).map((l) => ({ loc: l.path }))
}
